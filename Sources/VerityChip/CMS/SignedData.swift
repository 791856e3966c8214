/// CMS SignedData (RFC 5652) as ICAO 9303 uses it: an EF.SOD or a CSCA
/// master list. The encapsulated content, the certificates it carries (the
/// Document Signer, the list's signer) and its signers.
struct SignedData: Sendable {
    let contentType: String
    let content: [UInt8]
    let certificates: [ChipCertificate]
    /// Certificates the structure holds that could not be read, and why.
    let unreadableCertificates: [String]
    let signers: [SignerInfo]

    /// From a `ContentInfo` whose content is SignedData.
    init(contentInfo node: BERNode) throws(ChipFormatError) {
        guard node.isSequence, try node.child(0, "the content type").objectIdentifier() == ObjectIdentifiers.signedData else {
            throw ChipFormatError("CMS SignedData was expected")
        }
        let explicit = try node.child(1, "the signed data")
        guard explicit.isContext(0) else { throw ChipFormatError("CMS SignedData was expected") }
        let signed = try explicit.child(0, "the signed data")
        guard signed.isSequence else { throw ChipFormatError("CMS SignedData was expected") }
        let encapsulated = try signed.child(2, "the encapsulated content")
        contentType = try encapsulated.child(0, "the encapsulated content's type").objectIdentifier()
        let wrapped = try encapsulated.child(1, "the encapsulated content")
        guard wrapped.isContext(0) else { throw ChipFormatError("the encapsulated content is missing") }
        content = try wrapped.child(0, "the encapsulated content").octetString()
        var certificates: [ChipCertificate] = []
        var unreadable: [String] = []
        for node in signed.children.dropFirst(3) where node.isContext(0) {
            for item in node.children where item.isSequence {
                do {
                    certificates.append(try ChipCertificate(item))
                } catch {
                    unreadable.append(error.description)
                }
            }
        }
        self.certificates = certificates
        unreadableCertificates = unreadable
        guard let signerSet = signed.children.last, signerSet.isSet, !signerSet.children.isEmpty else {
            throw ChipFormatError("the signed data has no signer")
        }
        signers = try signerSet.children.map { node throws(ChipFormatError) in try SignerInfo(node) }
    }

    /// The certificate among `candidates` that `signer` names.
    func certificate(of signer: SignerInfo, among candidates: [ChipCertificate]) -> ChipCertificate? {
        candidates.first { signer.identifies($0) }
    }
}
