import Crypto
import Foundation
import VerityCore

/// An X.509 certificate as ICAO's PKI uses it: a CSCA, a link certificate, a
/// Document Signer, a master list's signer. Read with this target's BER
/// reader, so explicit curve parameters and RSA-PSS keys, which general X.509
/// libraries refuse, are read like any other.
struct ChipCertificate: Sendable {
    /// The certificate as encoded.
    let encoded: [UInt8]
    /// What its issuer signed.
    let toBeSigned: [UInt8]
    /// The serial number's magnitude, big-endian.
    let serialNumber: [UInt8]
    let issuer: DistinguishedName
    let subject: DistinguishedName
    let notBefore: Date
    let notAfter: Date
    let publicKey: ChipPublicKey
    let signatureAlgorithm: SignatureAlgorithm
    let signature: [UInt8]
    let subjectKeyIdentifier: [UInt8]?
    let authorityKeyIdentifier: [UInt8]?
    /// basicConstraints' cA, nil when the extension is absent.
    let isCertificateAuthority: Bool?

    init(encoded bytes: [UInt8]) throws(ChipFormatError) {
        try self.init(try BERReader.parse(bytes))
    }

    init(_ node: BERNode) throws(ChipFormatError) {
        guard node.isSequence, node.children.count == 3 else { throw ChipFormatError("a certificate was expected") }
        encoded = Array(node.encoded)
        let tbs = node.children[0]
        guard tbs.isSequence else { throw ChipFormatError("a certificate's body was expected") }
        toBeSigned = Array(tbs.encoded)
        var fields = tbs.children[...]
        if fields.first?.isContext(0) == true { fields = fields.dropFirst() }
        guard fields.count >= 6 else { throw ChipFormatError("a certificate's body is incomplete") }
        let list = Array(fields)
        serialNumber = Array(try Self.serial(list[0]))
        issuer = try DistinguishedName(list[2])
        let validity = list[3]
        notBefore = try validity.child(0, "a certificate's start").time()
        notAfter = try validity.child(1, "a certificate's end").time()
        subject = try DistinguishedName(list[4])
        publicKey = try ChipPublicKey(subjectPublicKeyInfo: list[5])
        signatureAlgorithm = try SignatureAlgorithm(identifier: node.children[1])
        signature = try node.children[2].bitStringBytes()
        let extensions = try Self.extensions(list.dropFirst(6).first { $0.isContext(3) })
        subjectKeyIdentifier = try Self.keyIdentifier(extensions[ObjectIdentifiers.subjectKeyIdentifier])
        authorityKeyIdentifier = try Self.authorityKey(extensions[ObjectIdentifiers.authorityKeyIdentifier])
        isCertificateAuthority = try Self.isAuthority(extensions[ObjectIdentifiers.basicConstraints])
    }

    private static func keyIdentifier(_ value: [UInt8]?) throws(ChipFormatError) -> [UInt8]? {
        guard let value else { return nil }
        return try BERReader.parse(value).octetString()
    }

    /// AuthorityKeyIdentifier's [0] keyIdentifier.
    private static func authorityKey(_ value: [UInt8]?) throws(ChipFormatError) -> [UInt8]? {
        guard let value else { return nil }
        return try BERReader.parse(value).children.first { $0.isContext(0) }.map { Array($0.content) }
    }

    /// basicConstraints' cA (FALSE when left out).
    private static func isAuthority(_ value: [UInt8]?) throws(ChipFormatError) -> Bool? {
        guard let value else { return nil }
        guard let first = try BERReader.parse(value).children.first, first.isTag(.universal, 1) else { return false }
        return try first.boolean()
    }

    /// Serial numbers are read as bytes: some states wrote negative ones.
    private static func serial(_ node: BERNode) throws(ChipFormatError) -> ArraySlice<UInt8> {
        guard node.isTag(.universal, 2), !node.isConstructed, !node.content.isEmpty else {
            throw ChipFormatError("a certificate's serial number was expected")
        }
        return node.content
    }

    /// The extensions by object identifier, each its extnValue's bytes.
    private static func extensions(_ node: BERNode?) throws(ChipFormatError) -> [String: [UInt8]] {
        guard let list = node?.children.first else { return [:] }
        var values: [String: [UInt8]] = [:]
        for item in list.children {
            let identifier = try item.child(0, "an extension's identifier").objectIdentifier()
            guard let value = item.children.last else { throw ChipFormatError("an extension's value is missing") }
            values[identifier] = try value.octetString()
        }
        return values
    }

    /// Whether `issuer`'s key signed this certificate.
    func isSigned(by issuer: ChipCertificate) -> Bool {
        (try? SignatureVerifier.verify(signature, over: toBeSigned, key: issuer.publicKey, algorithm: signatureAlgorithm)) == true
    }

    /// Signed with its own key: issuer and subject alike, and the authority
    /// key identifier (when given) its own. A link certificate (a CSCA's new
    /// key signed with its previous one) usually keeps the name and changes the key.
    var isSelfSigned: Bool {
        guard issuer.means(subject) else { return false }
        guard let authority = authorityKeyIdentifier, let own = subjectKeyIdentifier else { return true }
        return authority == own
    }

    /// Whether `candidate` may have issued this: the issuer's name, and the
    /// authority key identifier when both give one.
    func mayBeIssued(by candidate: ChipCertificate) -> Bool {
        guard candidate.subject.means(issuer) else { return false }
        guard let authority = authorityKeyIdentifier, let key = candidate.subjectKeyIdentifier else { return true }
        return authority == key
    }

    /// SHA-256 of the certificate, in hex: how a report and the trust store name it.
    var fingerprint: String { SHA256.hash(data: encoded).hexString }

    /// The serial number in hex, without leading zero bytes: how CRLs and
    /// signers are matched to it, whichever way each encoded it.
    var serialNumberHex: String { Self.serialKey(serialNumber) }

    static func serialKey(_ bytes: some Collection<UInt8>) -> String {
        bytes.drop(while: { $0 == 0 }).hexString
    }

    /// Whether the certificate was valid at `date`.
    func isValid(at date: Date) -> Bool { notBefore <= date && date <= notAfter }
}
