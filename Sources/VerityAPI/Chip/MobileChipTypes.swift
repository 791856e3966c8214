import Foundation

/// The document products' `upload/chip`: the chip's files as the app read
/// them over NFC, in the mobile API's snake_case. An optional step, taken any
/// time before `submit`; sent again, it replaces the chip sent before.
public struct MobileChipUpload: MobileRequest, Equatable {
    /// Each file's bytes in base64, by name: `com`, `sod`, `dg1`…`dg16`, `cardAccess`, `cardSecurity`.
    public var filesB64: [ChipFile: String]
    /// The chip's answer to a challenge from `chip-challenge`.
    public var activeAuthentication: ActiveAuthentication?
    /// PACE and Chip Authentication as the app ran them: recorded, not verified by the server.
    public var reported: Reported?

    public init(filesB64: [ChipFile: String], activeAuthentication: ActiveAuthentication? = nil, reported: Reported? = nil) {
        self.filesB64 = filesB64
        self.activeAuthentication = activeAuthentication
        self.reported = reported
    }

    /// The files as read, encoded here.
    public init(files: [ChipFile: Data], activeAuthentication: ActiveAuthentication? = nil, reported: Reported? = nil) {
        self.init(filesB64: files.mapValues { $0.base64EncodedString() }, activeAuthentication: activeAuthentication, reported: reported)
    }

    public struct ActiveAuthentication: Codable, Sendable, Equatable {
        public var challengeID: String
        /// The chip's INTERNAL AUTHENTICATE answer, base64.
        public var signatureB64: String

        public init(challengeID: String, signatureB64: String) {
            self.challengeID = challengeID
            self.signatureB64 = signatureB64
        }

        public init(challengeID: String, signature: Data) {
            self.init(challengeID: challengeID, signatureB64: signature.base64EncodedString())
        }

        enum CodingKeys: String, CodingKey { case challengeID = "challenge_id", signatureB64 = "signature_b64" }
    }

    public struct Reported: Codable, Sendable, Equatable {
        public var pace: ChipReportedProtocolsInput.Outcome?
        public var chipAuthentication: ChipReportedProtocolsInput.Outcome?

        public init(pace: ChipReportedProtocolsInput.Outcome? = nil, chipAuthentication: ChipReportedProtocolsInput.Outcome? = nil) {
            self.pace = pace
            self.chipAuthentication = chipAuthentication
        }

        enum CodingKeys: String, CodingKey { case pace, chipAuthentication = "chip_authentication" }
    }

    /// The same evidence as the identity API takes it.
    public var evidence: ChipEvidenceInput {
        ChipEvidenceInput(
            files: filesB64,
            activeAuthentication: activeAuthentication.map { .init(challengeId: $0.challengeID, signatureBase64: $0.signatureB64) },
            reported: reported.map { .init(pace: $0.pace, chipAuthentication: $0.chipAuthentication) })
    }

    /// The identity API's field names (`chip.files.sod`) as this body spells them (`files_b64.sod`).
    public static func field(_ identityField: String) -> String {
        let renames = [
            ("chip.files.", "files_b64."), ("chip.activeAuthentication.challengeId", "active_authentication.challenge_id"),
            ("chip.activeAuthentication.signatureBase64", "active_authentication.signature_b64"), ("chip.files", "files_b64"),
        ]
        for (from, to) in renames where identityField.hasPrefix(from) {
            return to + identityField.dropFirst(from.count)
        }
        return identityField
    }

    enum CodingKeys: String, CodingKey { case filesB64 = "files_b64", activeAuthentication = "active_authentication", reported }
}

/// `chip-challenge`'s data: 8 bytes for the chip to sign, bound to the session, single use, for five minutes.
public struct MobileChipChallengeData: Codable, Sendable, Equatable {
    public var challengeID: String
    /// The bytes to send the chip in INTERNAL AUTHENTICATE, base64.
    public var challengeB64: String
    public var expiresAtEpochMs: Int64

    public init(challengeID: String, challengeB64: String, expiresAtEpochMs: Int64) {
        self.challengeID = challengeID
        self.challengeB64 = challengeB64
        self.expiresAtEpochMs = expiresAtEpochMs
    }

    public init(_ challenge: ChipChallenge) {
        self.init(challengeID: challenge.challengeId, challengeB64: challenge.challengeBase64, expiresAtEpochMs: challenge.expiresAtEpochMs)
    }

    /// The challenge's bytes, to hand the chip.
    public var challenge: Data? { Data(base64Encoded: challengeB64) }

    enum CodingKeys: String, CodingKey {
        case challengeID = "challenge_id", challengeB64 = "challenge_b64", expiresAtEpochMs = "expires_at_epoch_ms"
    }
}

/// A document session's chip, in its result: the outcome an app acts on. The
/// whole report (certificates, data groups) is the operator's, in the console.
public struct MobileChipResult: Codable, Sendable, Equatable {
    /// Passive authentication held whole: the SOD's signature, the chain to a trusted CSCA, every hash.
    public var authentic: Bool
    /// `CHIP_…` reasons; empty when nothing fell short.
    public var reasons: [String]
    /// `verified`, `failed`, `not_performed`, `not_offered` or `key_unreadable`.
    public var activeAuthentication: String
    /// `verified`, `csca_unknown`, `signature_invalid`, `expired` or `not_checked`.
    public var chain: String
    /// The trusted CSCA's country, when the chain reached one.
    public var cscaCountry: String?
    /// DG1's MRZ equals the one printed on the page (nil: not compared).
    public var mrzMatchesPrinted: Bool?
    /// DG2's face is the selfie's person, and the printed portrait's (nil: not compared).
    public var faceMatchesSelfie: Bool?
    public var faceMatchesPortrait: Bool?

    public init(authentic: Bool, reasons: [String], activeAuthentication: String, chain: String, cscaCountry: String?,
                mrzMatchesPrinted: Bool?, faceMatchesSelfie: Bool?, faceMatchesPortrait: Bool?) {
        self.authentic = authentic
        self.reasons = reasons
        self.activeAuthentication = activeAuthentication
        self.chain = chain
        self.cscaCountry = cscaCountry
        self.mrzMatchesPrinted = mrzMatchesPrinted
        self.faceMatchesSelfie = faceMatchesSelfie
        self.faceMatchesPortrait = faceMatchesPortrait
    }

    enum CodingKeys: String, CodingKey {
        case authentic, reasons, activeAuthentication = "active_authentication", chain, cscaCountry = "csca_country"
        case mrzMatchesPrinted = "mrz_matches_printed", faceMatchesSelfie = "face_matches_selfie", faceMatchesPortrait = "face_matches_portrait"
    }
}

extension MobileChipResult {
    /// What an app needs of the check's chip report.
    public init(_ report: ChipReport) {
        self.init(authentic: report.authentic, reasons: report.reasons.map(\.rawValue), activeAuthentication: report.activeAuthentication,
                  chain: report.chain, cscaCountry: report.csca?.country, mrzMatchesPrinted: report.mrz?.matchesPrinted,
                  faceMatchesSelfie: report.face?.selfie?.match, faceMatchesPortrait: report.face?.printedPortrait?.match)
    }
}
