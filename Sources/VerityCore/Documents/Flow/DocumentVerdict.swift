/// How a document check ended, as `DocumentVerdictPolicy` decides it.
public enum DocumentVerdict: Sendable, Equatable {
    /// The document is genuine as far as the checks see, and it is the user's.
    case succeeded
    /// The images were read and the document or its holder did not pass: final.
    case failed([DocumentFailure])
    /// The images could not be used: what the user can fix before submitting again.
    case unreadable([UnreadableReason])

    /// The status event the verdict feeds to `DocumentVerificationStateMachine`.
    public var event: DocumentVerificationEvent {
        switch self {
        case .succeeded: .checkSucceeded
        case .failed: .checkFailed
        case .unreadable: .checkUnreadable
        }
    }

    /// The stable reason codes, for the stored check and the API.
    public var reasons: [String] {
        switch self {
        case .succeeded: []
        case .failed(let failures): failures.map(\.rawValue)
        case .unreadable(let reasons): reasons.map(\.rawValue)
        }
    }
}

/// Why a readable document did not verify its holder. Stable codes.
public enum DocumentFailure: String, Sendable, Codable, CaseIterable {
    /// The document's expiry date has passed.
    case expired = "DOCUMENT_EXPIRED"
    /// Two machine-readable sources (MRZ, barcode) disagree about a field.
    case sourcesDisagree = "SOURCES_DISAGREE"
    /// The portrait checks point to a photo pasted over the original.
    case portraitSubstituted = "PORTRAIT_SUBSTITUTED"
    /// The name or date of birth on the document is not the PII on file.
    case identityMismatch = "IDENTITY_MISMATCH"
    /// The selfie is not the person on the document's portrait.
    case faceMismatch = "FACE_MISMATCH"
    /// The selfie shows a screen or a print, not a live face.
    case livenessFailed = "LIVENESS_FAILED"
    /// The trusted data source has no record of the identity the document carries.
    case identityNotFound = "IDENTITY_NOT_FOUND"
    /// The data source records the person as deceased.
    case deceased = "DECEASED"
    /// The data source holds a fraud alert on the person.
    case fraudAlert = "FRAUD_ALERT"
    /// A reviewer saw signs the document was altered (only a person gives this code).
    case documentTampered = "DOCUMENT_TAMPERED"
    // The chip's (`ChipReason`, same codes): what it proves false, and what it fails to prove where a chip is required.
    case chipSignatureInvalid = "CHIP_SIGNATURE_INVALID"
    case chipCSCAUnknown = "CHIP_CSCA_UNKNOWN"
    case chipCertificateExpired = "CHIP_CERTIFICATE_EXPIRED"
    case chipCertificateRevoked = "CHIP_CERTIFICATE_REVOKED"
    case chipDataAltered = "CHIP_DATA_ALTERED"
    case chipDataUnprotected = "CHIP_DATA_UNPROTECTED"
    case chipMRZMismatch = "CHIP_MRZ_MISMATCH"
    case chipFaceMismatch = "CHIP_FACE_MISMATCH"
    case chipCloneSuspected = "CHIP_CLONE_SUSPECTED"
}

/// Whether the person the document names is the user, as far as the PII on
/// file (`verifyIdentityDocument`) or the trusted data source
/// (`captureAndVerifyIdentityDocument`) can say.
public enum HolderOutcome: Sendable, Equatable {
    case matched
    /// The document's fields that differ from the PII on file.
    case mismatched(fields: [String])
    /// The document lacks a field the check needs (a name, the date of birth, an address).
    case incomplete(fields: [String])
    /// The data source's answer for the identity read from the document.
    case dataSource(DataSourceOutcome)
}
