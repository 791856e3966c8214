import Foundation

/// One signer of CMS SignedData: who (issuer and serial number, or subject
/// key identifier), the signed attributes, and the signature.
struct SignerInfo: Sendable {
    enum Identifier: Sendable {
        case issuerAndSerial(DistinguishedName, [UInt8])
        case keyIdentifier([UInt8])
    }

    let identifier: Identifier
    let digest: HashAlgorithm
    /// The signed attributes as signed: re-tagged as a SET (RFC 5652 §5.4).
    let signedAttributes: [UInt8]?
    let messageDigest: [UInt8]?
    let contentTypeAttribute: String?
    let signingTime: Date?
    let algorithm: SignatureAlgorithm
    let signature: [UInt8]

    init(_ node: BERNode) throws(ChipFormatError) {
        guard node.isSequence else { throw ChipFormatError("a signer was expected") }
        let sid = try node.child(1, "the signer's identifier")
        if sid.isContext(0) {
            identifier = .keyIdentifier(sid.isConstructed ? try sid.child(0, "the key identifier").octetString() : Array(sid.content))
        } else {
            let serial = try sid.child(1, "the signer's serial number")
            guard serial.isTag(.universal, 2) else { throw ChipFormatError("the signer's serial number was expected") }
            identifier = .issuerAndSerial(try DistinguishedName(try sid.child(0, "the signer's issuer")), Array(serial.content))
        }
        digest = try SignatureAlgorithm.hash(try node.child(2, "the signer's digest algorithm"))
        var next = 3
        var attributes: [String: BERNode] = [:]
        if let signed = node.children.dropFirst(3).first, signed.isContext(0) {
            signedAttributes = [0x31] + signed.encoded.dropFirst()
            for attribute in signed.children {
                let type = try attribute.child(0, "an attribute's type").objectIdentifier()
                attributes[type] = try attribute.child(1, "an attribute's values").child(0, "an attribute's value")
            }
            next = 4
        } else {
            signedAttributes = nil
        }
        messageDigest = try attributes[ObjectIdentifiers.messageDigestAttribute]?.octetString()
        contentTypeAttribute = try attributes[ObjectIdentifiers.contentTypeAttribute]?.objectIdentifier()
        signingTime = try attributes[ObjectIdentifiers.signingTimeAttribute]?.time()
        algorithm = try SignatureAlgorithm(identifier: try node.child(next, "the signature algorithm"), digest: digest)
        signature = try node.child(next + 1, "the signature").octetString()
    }

    /// Whether `certificate` is the one this signer names.
    func identifies(_ certificate: ChipCertificate) -> Bool {
        switch identifier {
        case .issuerAndSerial(let issuer, let serial):
            certificate.issuer.means(issuer) && certificate.serialNumberHex == ChipCertificate.serialKey(serial)
        case .keyIdentifier(let key):
            certificate.subjectKeyIdentifier == key
        }
    }

    /// Whether `certificate`'s key signed `content` as this signer says: the
    /// content's digest in the signed attributes, and the signature over them.
    func verifies(_ content: [UInt8], contentType: String, with certificate: ChipCertificate) throws(ChipFormatError) -> Bool {
        guard let signedAttributes else {
            return try SignatureVerifier.verify(signature, over: content, key: certificate.publicKey, algorithm: algorithm)
        }
        guard messageDigest == digest.hash(content), contentTypeAttribute == nil || contentTypeAttribute == contentType else {
            return false
        }
        return try SignatureVerifier.verify(signature, over: signedAttributes, key: certificate.publicKey, algorithm: algorithm)
    }
}
