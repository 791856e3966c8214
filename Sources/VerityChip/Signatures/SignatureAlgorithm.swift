/// How a signature was made: the hash and the scheme, read from an
/// `AlgorithmIdentifier` (a certificate's, a CRL's or a CMS signer's).
struct SignatureAlgorithm: Sendable, Equatable {
    enum Scheme: Sendable, Equatable {
        case rsaPKCS1v15
        /// RFC 8017's EMSA-PSS; the salt's length is read from the signature.
        case rsaPSS(maskHash: HashAlgorithm)
        /// `der` as X9.62 writes it (SEQUENCE of r and s); plain r‖s as BSI TR-03111 does.
        case ecdsa(der: Bool)
    }

    let hash: HashAlgorithm
    let scheme: Scheme

    /// `digest` is the CMS signer's digest algorithm, which a bare
    /// `rsaEncryption` or `ecPublicKey` signature algorithm leaves the hash to.
    init(identifier node: BERNode, digest: HashAlgorithm? = nil) throws(ChipFormatError) {
        let identifier = try node.child(0, "the signature algorithm").objectIdentifier()
        if let (hash, scheme) = Self.fixed[identifier] {
            (self.hash, self.scheme) = (hash, scheme)
            return
        }
        switch identifier {
        case ObjectIdentifiers.rsaEncryption, ObjectIdentifiers.ecPublicKey:
            guard let digest else { throw ChipFormatError("the signature algorithm names no hash") }
            hash = digest
            scheme = identifier == ObjectIdentifiers.rsaEncryption ? .rsaPKCS1v15 : .ecdsa(der: true)
        case ObjectIdentifiers.rsassaPSS:
            (hash, scheme) = try Self.pssParameters(node.children.count > 1 ? node.children[1] : nil)
        default:
            throw ChipFormatError("the signature algorithm \(identifier) is not supported", unsupported: true)
        }
    }

    init(hash: HashAlgorithm, scheme: Scheme) {
        (self.hash, self.scheme) = (hash, scheme)
    }

    private static let fixed: [String: (HashAlgorithm, Scheme)] = [
        "1.2.840.113549.1.1.5": (.sha1, .rsaPKCS1v15),
        "1.2.840.113549.1.1.14": (.sha224, .rsaPKCS1v15),
        "1.2.840.113549.1.1.11": (.sha256, .rsaPKCS1v15),
        "1.2.840.113549.1.1.12": (.sha384, .rsaPKCS1v15),
        "1.2.840.113549.1.1.13": (.sha512, .rsaPKCS1v15),
        "1.2.840.10045.4.1": (.sha1, .ecdsa(der: true)),
        "1.2.840.10045.4.3.1": (.sha224, .ecdsa(der: true)),
        "1.2.840.10045.4.3.2": (.sha256, .ecdsa(der: true)),
        "1.2.840.10045.4.3.3": (.sha384, .ecdsa(der: true)),
        "1.2.840.10045.4.3.4": (.sha512, .ecdsa(der: true)),
        "0.4.0.127.0.7.1.1.4.1.1": (.sha1, .ecdsa(der: false)),
        "0.4.0.127.0.7.1.1.4.1.2": (.sha224, .ecdsa(der: false)),
        "0.4.0.127.0.7.1.1.4.1.3": (.sha256, .ecdsa(der: false)),
        "0.4.0.127.0.7.1.1.4.1.4": (.sha384, .ecdsa(der: false)),
        "0.4.0.127.0.7.1.1.4.1.5": (.sha512, .ecdsa(der: false)),
    ]

    /// RSASSA-PSS-params: [0] hash (SHA-1 by default), [1] MGF1 with its hash.
    private static func pssParameters(_ node: BERNode?) throws(ChipFormatError) -> (HashAlgorithm, Scheme) {
        var hash = HashAlgorithm.sha1
        var maskHash = HashAlgorithm.sha1
        for field in node?.children ?? [] {
            if field.isContext(0) {
                hash = try Self.hash(try field.child(0, "the PSS hash"))
            } else if field.isContext(1) {
                let mask = try field.child(0, "the PSS mask")
                guard try mask.child(0, "the PSS mask").objectIdentifier() == ObjectIdentifiers.mgf1 else {
                    throw ChipFormatError("a PSS mask other than MGF1")
                }
                maskHash = try Self.hash(try mask.child(1, "the MGF1 hash"))
            } else if field.isContext(3) {
                guard try field.child(0, "the PSS trailer").smallInteger() == 1 else { throw ChipFormatError("a PSS trailer other than 0xBC") }
            }
        }
        return (hash, .rsaPSS(maskHash: maskHash))
    }

    /// A hash's `AlgorithmIdentifier`.
    static func hash(_ node: BERNode) throws(ChipFormatError) -> HashAlgorithm {
        let identifier = try node.child(0, "the hash algorithm").objectIdentifier()
        guard let hash = HashAlgorithm(objectIdentifier: identifier) else {
            throw ChipFormatError("the hash algorithm \(identifier) is not supported", unsupported: true)
        }
        return hash
    }

    /// "RSASSA-PSS with SHA-256", for reports.
    var summary: String {
        switch scheme {
        case .rsaPKCS1v15: "RSA PKCS#1 v1.5 with \(hash.rawValue)"
        case .rsaPSS: "RSASSA-PSS with \(hash.rawValue)"
        case .ecdsa: "ECDSA with \(hash.rawValue)"
        }
    }
}
