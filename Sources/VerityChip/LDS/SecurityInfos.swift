/// DG14 (and EF.CardAccess, EF.CardSecurity's content): the chip's
/// `SecurityInfos`, the protocols it supports. Verity reads which protocols
/// they name and the hash Active Authentication uses; Chip Authentication and
/// PACE run between the app and the chip, and their results are recorded as
/// the app reports them.
struct SecurityInfos: Sendable {
    /// Each SecurityInfo's protocol, by object identifier.
    let protocols: [String]
    /// ActiveAuthenticationInfo's signature algorithm, for an ECDSA key.
    let activeAuthenticationHash: HashAlgorithm?

    init(dataGroup14 bytes: [UInt8]) throws(ChipFormatError) {
        let template = try DataGroupFiles.template(bytes, number: 14)
        try self.init(set: try template.child(0, "DG14's security infos"))
    }

    init(set node: BERNode) throws(ChipFormatError) {
        guard node.isSet else { throw ChipFormatError("security infos were expected") }
        var protocols: [String] = []
        var hash: HashAlgorithm?
        for info in node.children {
            let identifier = try info.child(0, "a security info's protocol").objectIdentifier()
            protocols.append(identifier)
            if identifier == ObjectIdentifiers.activeAuthenticationInfo, info.children.count >= 3 {
                let algorithm = try info.children[2].objectIdentifier()
                hash = Self.plainECDSAHashes[algorithm]
            }
        }
        self.protocols = protocols
        activeAuthenticationHash = hash
    }

    /// BSI TR-03111's plain ECDSA identifiers, as ActiveAuthenticationInfo names them.
    private static let plainECDSAHashes: [String: HashAlgorithm] = [
        "0.4.0.127.0.7.1.1.4.1.1": .sha1, "0.4.0.127.0.7.1.1.4.1.2": .sha224, "0.4.0.127.0.7.1.1.4.1.3": .sha256,
        "0.4.0.127.0.7.1.1.4.1.4": .sha384, "0.4.0.127.0.7.1.1.4.1.5": .sha512,
    ]

    /// Whether the chip offers Chip Authentication (id-CA, or a CA public key).
    var offersChipAuthentication: Bool {
        protocols.contains { $0.hasPrefix("0.4.0.127.0.7.2.2.3.") || $0.hasPrefix("0.4.0.127.0.7.2.2.1.") }
    }

    /// Whether the chip offers PACE.
    var offersPACE: Bool { protocols.contains { $0.hasPrefix("0.4.0.127.0.7.2.2.4.") } }
}
