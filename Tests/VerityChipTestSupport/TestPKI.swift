import Foundation

/// A country's PKI made with OpenSSL for the cases no published set has: a
/// CSCA (brainpool, as many states use), a Document Signer (RSA-PSS) it
/// issued, its revocation list, and SODs the Document Signer signs over any
/// data groups. `openssl ca` sets each certificate's dates, so a CSCA can be
/// expired when it issued the Document Signer.
public struct TestPKI: Sendable {
    public let openssl: OpenSSL

    public struct Dates: Sendable {
        public let cscaStart: String, cscaEnd: String, signerStart: String, signerEnd: String
        public static let current = Dates(cscaStart: "20200101000000Z", cscaEnd: "20400101000000Z", signerStart: "20250101000000Z", signerEnd: "20350101000000Z")
        /// The CSCA expired years before it issued the Document Signer.
        public static let expiredCSCA = Dates(cscaStart: "20100101000000Z", cscaEnd: "20110101000000Z", signerStart: "20250101000000Z", signerEnd: "20350101000000Z")
    }

    public init(dates: Dates = .current, country: String = "UT") throws {
        openssl = try OpenSSL()
        try openssl.write("index.txt", [])
        try openssl.write("serial", Array("1000\n".utf8))
        try openssl.write("crlnumber", Array("1000\n".utf8))
        try openssl.write("ca.cnf", Array(Self.configuration.utf8))
        try openssl.run(["ecparam", "-name", "brainpoolP256r1", "-genkey", "-noout", "-out", "csca.key"])
        try openssl.run(["req", "-new", "-key", "csca.key", "-subj", "/C=\(country)/O=Verity Test/CN=Test CSCA", "-out", "csca.csr"])
        try openssl.run([
            "ca", "-batch", "-config", "ca.cnf", "-selfsign", "-keyfile", "csca.key", "-in", "csca.csr", "-notext",
            "-startdate", dates.cscaStart, "-enddate", dates.cscaEnd, "-extensions", "csca_ext", "-out", "csca.pem",
        ])
        try openssl.run(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", "ds.key"])
        try openssl.run(["req", "-new", "-key", "ds.key", "-subj", "/C=\(country)/O=Verity Test/CN=Test DS", "-out", "ds.csr"])
        try openssl.run([
            "ca", "-batch", "-config", "ca.cnf", "-cert", "csca.pem", "-keyfile", "csca.key", "-in", "ds.csr", "-notext",
            "-startdate", dates.signerStart, "-enddate", dates.signerEnd, "-extensions", "ds_ext", "-out", "ds.pem",
        ])
    }

    public func remove() { openssl.remove() }

    public var csca: [UInt8] { get throws { try openssl.run(["x509", "-in", "csca.pem", "-outform", "DER"]) } }

    /// The CSCA's revocation list, withdrawing the Document Signer when `revokingSigner`.
    public func revocationList(revokingSigner: Bool) throws -> [UInt8] {
        if revokingSigner {
            try openssl.run(["ca", "-config", "ca.cnf", "-cert", "csca.pem", "-keyfile", "csca.key", "-revoke", "ds.pem"])
        }
        try openssl.run(["ca", "-config", "ca.cnf", "-cert", "csca.pem", "-keyfile", "csca.key", "-gencrl", "-out", "crl.pem"])
        return try openssl.run(["crl", "-in", "crl.pem", "-outform", "DER"])
    }

    /// An EF.SOD the Document Signer signs: the SHA-256 hashes of `dataGroups`.
    public func securityObject(_ dataGroups: [Int: [UInt8]]) throws -> [UInt8] {
        let hashes = try dataGroups.keys.sorted().map { number in
            DER.sequence(DER.integer(number) + DER.octetString(try openssl.run(["dgst", "-sha256", "-binary"], input: dataGroups[number]!)))
        }
        let sha256 = DER.sequence(DER.objectIdentifier([0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01]))
        let object = DER.sequence(DER.integer(0) + sha256 + DER.sequence(hashes.flatMap { $0 }))
        try openssl.write("lds.der", object)
        let signed = try openssl.run([
            "cms", "-sign", "-nodetach", "-binary", "-in", "lds.der", "-econtent_type", "2.23.136.1.1.1", "-md", "sha256",
            "-signer", "ds.pem", "-inkey", "ds.key", "-outform", "DER", "-nosmimecap", "-keyopt", "rsa_padding_mode:pss",
        ])
        return DER.element(0x77, signed)
    }

    static let configuration = """
        [ ca ]
        default_ca = CA_default
        [ CA_default ]
        dir = .
        database = index.txt
        new_certs_dir = .
        serial = serial
        crlnumber = crlnumber
        default_md = sha256
        policy = policy_any
        default_crl_days = 30
        unique_subject = no
        [ policy_any ]
        countryName = optional
        organizationName = optional
        commonName = supplied
        [ csca_ext ]
        basicConstraints = critical, CA:true, pathlen:0
        keyUsage = critical, keyCertSign, cRLSign
        subjectKeyIdentifier = hash
        [ ds_ext ]
        keyUsage = critical, digitalSignature
        authorityKeyIdentifier = keyid
        subjectKeyIdentifier = hash
        """
}

/// Just enough DER to write an LDS security object and a data group.
public enum DER {
    public static func element(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        [tag] + length(content.count) + content
    }

    public static func length(_ count: Int) -> [UInt8] {
        if count < 0x80 { return [UInt8(count)] }
        let bytes = withUnsafeBytes(of: UInt32(count).bigEndian, Array.init).drop { $0 == 0 }
        return [0x80 | UInt8(bytes.count)] + bytes
    }

    public static func sequence(_ content: [UInt8]) -> [UInt8] { element(0x30, content) }
    public static func integer(_ value: Int) -> [UInt8] { element(0x02, [UInt8(value)]) }
    public static func octetString(_ bytes: [UInt8]) -> [UInt8] { element(0x04, bytes) }
    public static func objectIdentifier(_ encoded: [UInt8]) -> [UInt8] { element(0x06, encoded) }
}
