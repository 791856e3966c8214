import Foundation

/// What an app read from a passport's or eID card's chip (ICAO 9303) with
/// NFCPassportReader (iOS) or JMRTD (Android), handed to Verity as read:
/// the files' bytes by name, the chip's answer to a `chipChallenge()`, and
/// what the app saw of PACE and Chip Authentication. `docs/chip.md` shows
/// the reading; the server verifies the rest.
public struct ChipRead: Sendable, Equatable {
    /// EF.SOD at least; DG1 (MRZ), DG2 (face), DG14 and DG15 where the chip has them.
    public var files: [ChipFile: Data]
    /// The chip's signature over a challenge from `chipChallenge()`.
    public var activeAuthentication: ActiveAuthentication?
    /// PACE as the app ran it: recorded, not verified by the server.
    public var pace: ChipReportedProtocolsInput.Outcome?
    /// Chip Authentication as the app ran it: recorded, not verified by the server.
    public var chipAuthentication: ChipReportedProtocolsInput.Outcome?

    public struct ActiveAuthentication: Sendable, Equatable {
        public var challengeId: String
        public var signature: Data

        public init(challengeId: String, signature: Data) {
            self.challengeId = challengeId
            self.signature = signature
        }
    }

    public init(files: [ChipFile: Data], activeAuthentication: ActiveAuthentication? = nil,
                pace: ChipReportedProtocolsInput.Outcome? = nil, chipAuthentication: ChipReportedProtocolsInput.Outcome? = nil) {
        self.files = files
        self.activeAuthentication = activeAuthentication
        self.pace = pace
        self.chipAuthentication = chipAuthentication
    }

    var wire: ChipEvidenceInput {
        let reported = pace == nil && chipAuthentication == nil ? nil : ChipReportedProtocolsInput(pace: pace, chipAuthentication: chipAuthentication)
        return ChipEvidenceInput(
            files: files.mapValues { $0.base64EncodedString() },
            activeAuthentication: activeAuthentication.map {
                ChipActiveAuthenticationInput(challengeId: $0.challengeId, signatureBase64: $0.signature.base64EncodedString())
            },
            reported: reported)
    }

    /// The same, as the mobile API's `upload/chip` takes it.
    var mobileWire: MobileChipUpload {
        let reported = pace == nil && chipAuthentication == nil ? nil : MobileChipUpload.Reported(pace: pace, chipAuthentication: chipAuthentication)
        return MobileChipUpload(files: files, activeAuthentication: activeAuthentication.map { .init(challengeID: $0.challengeId, signature: $0.signature) },
                                reported: reported)
    }
}
