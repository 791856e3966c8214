/// Why a chip's evidence fell short, each a stable code a compliance team can
/// filter on (`docs/documents.md` gives the decision each leads to).
public enum ChipReason: String, Sendable, Codable, CaseIterable, Equatable {
    /// The SOD's signature, or the Document Signer's certificate's, does not
    /// verify; or the SOD cannot be read or carries no Document Signer.
    case signatureInvalid = "CHIP_SIGNATURE_INVALID"
    /// No CSCA in the tenant's trust store issued the Document Signer.
    case cscaUnknown = "CHIP_CSCA_UNKNOWN"
    /// The Document Signer was not valid when it signed, or its CSCA was not
    /// valid when it issued the Document Signer.
    case certificateExpired = "CHIP_CERTIFICATE_EXPIRED"
    /// The CSCA's revocation list withdraws the Document Signer.
    case certificateRevoked = "CHIP_CERTIFICATE_REVOKED"
    /// A data group's hash differs from the one the SOD signed.
    case dataAltered = "CHIP_DATA_ALTERED"
    /// A data group was sent that the SOD does not list: it is reported, never trusted.
    case dataUnprotected = "CHIP_DATA_UNPROTECTED"
    /// DG1's MRZ differs from the printed MRZ or from the person's data.
    case mrzMismatch = "CHIP_MRZ_MISMATCH"
    /// DG2's face is not the selfie's, or not the printed portrait's.
    case faceMismatch = "CHIP_FACE_MISMATCH"
    /// Active Authentication failed: the answer is not the chip's signature
    /// of the challenge this check was given (a copied chip, or a replay).
    case cloneSuspected = "CHIP_CLONE_SUSPECTED"
}
