import Foundation
import Testing
import VerityChipTestSupport
@testable import VerityChip

/// Verity's RSA and ECDSA verification, written for the chip, must accept
/// every signature OpenSSL makes with the schemes, hashes and curves ICAO 9303
/// allows, and refuse the same signature over another message.
@Suite("Chip signatures: OpenSSL's signatures verify, altered ones do not")
struct SignatureAgainstOpenSSLTests {
    static let message = Array("the data groups' hashes, as a chip signs them".utf8)

    /// Named and explicit-parameter curves: brainpool as German and many other
    /// passports use, the NIST curves, and the odd sizes (160, 224, 320, 521).
    @Test(arguments: [
        ("brainpoolP256r1", "named_curve", "sha256"), ("brainpoolP256r1", "explicit", "sha256"),
        ("brainpoolP224r1", "explicit", "sha224"), ("brainpoolP320r1", "named_curve", "sha384"),
        ("brainpoolP384r1", "explicit", "sha384"), ("brainpoolP512r1", "explicit", "sha512"),
        ("brainpoolP160r1", "named_curve", "sha1"), ("prime256v1", "named_curve", "sha256"),
        ("secp384r1", "explicit", "sha384"), ("secp521r1", "named_curve", "sha512"), ("secp224r1", "named_curve", "sha224"),
    ])
    func ecdsaSignaturesVerify(curve: String, encoding: String, hash: String) throws {
        // given a key on the curve and OpenSSL's signature
        let openssl = try OpenSSL()
        defer { openssl.remove() }
        try openssl.run(["ecparam", "-name", curve, "-genkey", "-noout", "-out", "key.pem"])
        let publicKey = try openssl.run(["ec", "-in", "key.pem", "-pubout", "-outform", "DER", "-param_enc", encoding])
        try openssl.write("message", Self.message)
        let signature = try openssl.run(["dgst", "-\(hash)", "-sign", "key.pem", "message"])
        let key = try ChipPublicKey(subjectPublicKeyInfo: BERReader.parse(publicKey))
        let algorithm = SignatureAlgorithm(hash: try #require(Self.hash(hash)), scheme: .ecdsa(der: true))

        // when Verity verifies it, then it holds, and not over another message
        #expect(try SignatureVerifier.verify(signature, over: Self.message, key: key, algorithm: algorithm), "\(curve) \(encoding)")
        #expect(try !SignatureVerifier.verify(signature, over: Self.message + [0], key: key, algorithm: algorithm))
        if case .ec(let parsed, _) = key { #expect(parsed.name != nil, "\(curve) is recognised by its parameters") }
    }

    @Test(arguments: [
        (1024, "pkcs1", "sha1"), (2048, "pkcs1", "sha256"), (3072, "pkcs1", "sha512"), (2048, "pkcs1", "sha224"),
        (2048, "pss", "sha256"), (3072, "pss", "sha384"), (4096, "pss", "sha512"), (2047, "pss", "sha256"), (1024, "pss", "sha1"),
    ])
    func rsaSignaturesVerify(bits: Int, padding: String, hash: String) throws {
        // given an RSA key and OpenSSL's signature (PSS with the hash's length of salt, as ICAO's profile says)
        let openssl = try OpenSSL()
        defer { openssl.remove() }
        try openssl.run(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:\(bits)", "-out", "key.pem"])
        let publicKey = try openssl.run(["pkey", "-in", "key.pem", "-pubout", "-outform", "DER"])
        try openssl.write("message", Self.message)
        let options = padding == "pss" ? ["-sigopt", "rsa_padding_mode:pss", "-sigopt", "rsa_pss_saltlen:digest", "-sigopt", "rsa_mgf1_md:\(hash)"] : []
        let signature = try openssl.run(["dgst", "-\(hash)", "-sign", "key.pem"] + options + ["message"])
        let key = try ChipPublicKey(subjectPublicKeyInfo: BERReader.parse(publicKey))
        let hashAlgorithm = try #require(Self.hash(hash))
        let algorithm = SignatureAlgorithm(hash: hashAlgorithm, scheme: padding == "pss" ? .rsaPSS(maskHash: hashAlgorithm) : .rsaPKCS1v15)

        // when Verity verifies it, then it holds, and not over another message or with one bit changed
        #expect(try SignatureVerifier.verify(signature, over: Self.message, key: key, algorithm: algorithm), "RSA-\(bits) \(padding) \(hash)")
        #expect(try !SignatureVerifier.verify(signature, over: Self.message + [0], key: key, algorithm: algorithm))
        var flipped = signature
        flipped[flipped.count / 2] ^= 0x01
        #expect(try !SignatureVerifier.verify(flipped, over: Self.message, key: key, algorithm: algorithm))
    }

    @Test func sha224MatchesOpenSSL() throws {
        let openssl = try OpenSSL()
        defer { openssl.remove() }
        for length in [0, 1, 55, 56, 63, 64, 65, 1000] {
            let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let expected = try openssl.run(["dgst", "-sha224", "-binary"], input: message)
            #expect(HashAlgorithm.sha224.hash(message) == expected, "\(length) bytes")
        }
    }

    static func hash(_ name: String) -> HashAlgorithm? {
        HashAlgorithm.allCases.first { $0.rawValue.replacingOccurrences(of: "-", with: "").lowercased() == name }
    }
}
