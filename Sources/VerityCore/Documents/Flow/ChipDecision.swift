/// What a chip's evidence does to a document check's verdict (`docs/documents.md`):
/// a chip that proves a forgery fails the check whatever the images said; a
/// chip that proves nothing either way (its CSCA not trusted, a certificate
/// expired, a data group unprotected) changes nothing, unless the environment
/// requires a verified chip for passports.
public enum ChipDecision {
    /// Evidence of a forgery, a clone or another document: machine-certain.
    public static let fraud: Set<DocumentFailure> = [
        .chipSignatureInvalid, .chipCertificateRevoked, .chipDataAltered, .chipMRZMismatch, .chipFaceMismatch, .chipCloneSuspected,
    ]
    /// Evidence that is missing, not false.
    public static let inconclusive: Set<DocumentFailure> = [.chipCSCAUnknown, .chipCertificateExpired, .chipDataUnprotected]

    public static func verdict(_ verdict: DocumentVerdict, chip: ChipReport?, required: Bool) -> DocumentVerdict {
        guard let chip else { return verdict }
        let failures = chip.reasons.compactMap { DocumentFailure(rawValue: $0.rawValue) }
        let proven = failures.filter(fraud.contains)
        let missing = chip.authentic ? [] : failures.filter(inconclusive.contains)
        if !proven.isEmpty {
            if case .failed(let earlier) = verdict { return .failed(earlier + proven) }
            return .failed(proven)
        }
        guard required, !chip.authentic else { return verdict }
        if case .failed(let earlier) = verdict { return .failed(earlier + missing) }
        return .failed(missing.isEmpty ? [.chipSignatureInvalid] : missing)
    }
}
