/// A chip's files as an app read them over NFC (`docs/chip.md`), sent with a
/// document: EF.SOD at least; DG1 and DG2 for the MRZ and face comparisons;
/// DG15 with an Active Authentication answer to this check's challenge.
public struct ChipEvidenceInput: Codable, Sendable, Equatable {
    /// Each file's bytes in base64, by name: `com`, `sod`, `dg1`…`dg16`, `cardAccess`, `cardSecurity`.
    public var files: [ChipFile: String]
    /// The chip's answer to a challenge from `chip-challenge`.
    public var activeAuthentication: ChipActiveAuthenticationInput?
    /// PACE and Chip Authentication as the app ran them: recorded, not verified by the server.
    public var reported: ChipReportedProtocolsInput?

    public init(files: [ChipFile: String], activeAuthentication: ChipActiveAuthenticationInput? = nil,
                reported: ChipReportedProtocolsInput? = nil) {
        self.files = files
        self.activeAuthentication = activeAuthentication
        self.reported = reported
    }
}

public struct ChipActiveAuthenticationInput: Codable, Sendable, Equatable {
    /// The challenge's id, as `chip-challenge` gave it.
    public var challengeId: String
    /// The chip's INTERNAL AUTHENTICATE answer, base64.
    public var signatureBase64: String

    public init(challengeId: String, signatureBase64: String) {
        self.challengeId = challengeId
        self.signatureBase64 = signatureBase64
    }
}

public struct ChipReportedProtocolsInput: Codable, Sendable, Equatable {
    public enum Outcome: String, Codable, Sendable, CaseIterable {
        case succeeded, failed
        case notPerformed = "not_performed"
    }

    public var pace: Outcome?
    public var chipAuthentication: Outcome?

    public init(pace: Outcome? = nil, chipAuthentication: Outcome? = nil) {
        self.pace = pace
        self.chipAuthentication = chipAuthentication
    }
}

/// A challenge for the chip to sign (ICAO 9303 Active Authentication):
/// single use, bound to the user or session that asked, short-lived.
public struct ChipChallenge: Codable, Sendable, Equatable {
    public var challengeId: String
    /// The 8 bytes to send the chip in INTERNAL AUTHENTICATE, base64.
    public var challengeBase64: String
    public var expiresAtEpochMs: Int64

    public init(challengeId: String, challengeBase64: String, expiresAtEpochMs: Int64) {
        self.challengeId = challengeId
        self.challengeBase64 = challengeBase64
        self.expiresAtEpochMs = expiresAtEpochMs
    }
}
