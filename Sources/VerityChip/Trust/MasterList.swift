/// A CSCA master list (ICAO 9303 part 12 §9): CMS SignedData whose content is
/// a `CscaMasterList`, the CSCA and link certificates a state vouches for,
/// signed by a master list signer that its own CSCA issued.
struct MasterList: Sendable {
    let signedData: SignedData
    /// Each certificate the list holds, read or with why it could not be.
    let entries: [Entry]

    enum Entry: Sendable {
        case certificate(ChipCertificate)
        /// Not readable; true when for an algorithm Verity does not support.
        case unreadable(Bool)
    }

    init(_ bytes: [UInt8]) throws(ChipFormatError) {
        signedData = try SignedData(contentInfo: try BERReader.parse(bytes, allowingTrailingBytes: true))
        guard signedData.contentType == ObjectIdentifiers.cscaMasterList else {
            throw ChipFormatError("the signed data is not a CSCA master list")
        }
        let list = try BERReader.parse(signedData.content)
        guard list.isSequence else { throw ChipFormatError("a CSCA master list was expected") }
        let certificates = try list.child(1, "the master list's certificates")
        guard certificates.isSet else { throw ChipFormatError("the master list's certificates were expected") }
        entries = certificates.children.map { node in
            do {
                return .certificate(try ChipCertificate(node))
            } catch {
                return .unreadable((error as? ChipFormatError)?.isUnsupported == true)
            }
        }
    }

    /// The master list's signer and whether its signature and its chain hold:
    /// signed by the signer's key, and the signer issued by one of `anchors`
    /// (the CSCA the operator names), valid when the list was signed.
    func verification(against anchors: [ChipCertificate]) -> Verification {
        guard signedData.signers.count == 1 else { return Verification(failure: .masterListSigners) }
        let signerInfo = signedData.signers[0]
        guard let signer = signedData.certificate(of: signerInfo, among: signedData.certificates) else {
            return Verification(failure: .masterListSignerMissing)
        }
        guard (try? signerInfo.verifies(signedData.content, contentType: signedData.contentType, with: signer)) == true else {
            return Verification(signer: signer, failure: .masterListSignatureInvalid)
        }
        guard let anchor = anchors.first(where: { $0.subject.means(signer.issuer) && signer.isSigned(by: $0) }) else {
            return Verification(signer: signer, failure: .masterListSignerNotIssuedByAnchor)
        }
        let signedAt = signerInfo.signingTime ?? signer.notBefore
        guard signer.isValid(at: signedAt) else {
            return Verification(signer: signer, failure: .masterListSignerExpired)
        }
        return Verification(signer: signer, anchor: anchor, failure: nil)
    }

    struct Verification: Sendable {
        var signer: ChipCertificate?
        var anchor: ChipCertificate?
        /// Why the list is not trusted; nil when it is.
        let failure: TrustImportRefusal?
    }
}
