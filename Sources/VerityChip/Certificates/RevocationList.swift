import Foundation
import VerityCore

/// A CSCA's certificate revocation list: which Document Signers (and link
/// certificates) it withdrew, and until when the list itself holds.
struct RevocationList: Sendable {
    let encoded: [UInt8]
    let toBeSigned: [UInt8]
    let issuer: DistinguishedName
    let thisUpdate: Date
    let nextUpdate: Date?
    /// Revoked serial numbers, hex of their bytes as the certificates write them.
    let revokedSerials: Set<String>
    let signatureAlgorithm: SignatureAlgorithm
    let signature: [UInt8]

    init(encoded bytes: [UInt8]) throws(ChipFormatError) {
        let node = try BERReader.parse(bytes)
        guard node.isSequence, node.children.count == 3 else { throw ChipFormatError("a revocation list was expected") }
        encoded = bytes
        let body = node.children[0]
        guard body.isSequence else { throw ChipFormatError("a revocation list's body was expected") }
        toBeSigned = Array(body.encoded)
        var fields = body.children[...]
        if fields.first?.isTag(.universal, 2) == true { fields = fields.dropFirst() }
        let list = Array(fields)
        guard list.count >= 3 else { throw ChipFormatError("a revocation list's body is incomplete") }
        issuer = try DistinguishedName(list[1])
        thisUpdate = try list[2].time()
        var rest = list.dropFirst(3)
        if let next = rest.first, next.isTag(.universal, 23) || next.isTag(.universal, 24) {
            nextUpdate = try next.time()
            rest = rest.dropFirst()
        } else {
            nextUpdate = nil
        }
        var serials: Set<String> = []
        if let entries = rest.first, entries.isSequence {
            for entry in entries.children {
                let serial = try entry.child(0, "a revoked certificate's serial number")
                guard serial.isTag(.universal, 2) else { throw ChipFormatError("a revoked serial number was expected") }
                serials.insert(ChipCertificate.serialKey(serial.content))
            }
        }
        revokedSerials = serials
        signatureAlgorithm = try SignatureAlgorithm(identifier: node.children[1])
        signature = try node.children[2].bitStringBytes()
    }

    /// Whether `issuer`'s key signed this list.
    func isSigned(by issuer: ChipCertificate) -> Bool {
        (try? SignatureVerifier.verify(signature, over: toBeSigned, key: issuer.publicKey, algorithm: signatureAlgorithm)) == true
    }

    func revokes(_ certificate: ChipCertificate) -> Bool {
        revokedSerials.contains(certificate.serialNumberHex)
    }
}
