import Crypto
import Foundation
import VerityCore
import X509

/// Checks what a certified user signs with their key: an authentication
/// challenge, or a transaction's canonical hash. ECDSA P-256 with SHA-256,
/// DER-encoded signatures, as devices and HSMs produce them.
public struct UserSignatures: Sendable {
    /// The platform root, and an outside CA's root when one issues too.
    public let roots: [Certificate]
    public let intermediates: [Certificate]

    public init(root: Certificate, intermediates: [Certificate]) {
        self.init(roots: [root], intermediates: intermediates)
    }

    public init(roots: [Certificate], intermediates: [Certificate]) {
        self.roots = roots
        self.intermediates = intermediates
    }

    /// The 32 bytes a device signs to approve `transaction`.
    public static func digest(of transaction: TransactionDescription) -> [UInt8] {
        Array(SHA256.hash(data: transaction.canonicalBytes))
    }

    /// Throws `VALIDATION_ERROR` unless `certificate` chains to one of the
    /// roots through the intermediates and is valid at `now`.
    public func checkChain(_ certificate: Certificate, now: Date = Date(), field: String = "certificate") async throws(VerityError) {
        var verifier = Verifier(rootCertificates: CertificateStore(roots)) { RFC5280Policy(validationTime: now) }
        let result = await verifier.validate(leaf: certificate, intermediates: CertificateStore(intermediates))
        guard case .validCertificate = result else {
            throw VerityError(.validationError, "The certificate does not chain to a trusted CA or is not valid now.", field: field)
        }
    }

    /// Throws `VALIDATION_ERROR` unless `certificate` chains to the root, is
    /// valid at `now` and not revoked, and `signature` is its key's signature over `message`.
    public func check(signature: [UInt8], over message: [UInt8], by certificate: Certificate,
                      revokedSerials: Set<String>, now: Date = Date()) async throws(VerityError) {
        guard !revokedSerials.contains(SerialNumbers.hex(Array(certificate.serialNumber.bytes))) else {
            throw VerityError(.validationError, "The certificate is revoked.", field: "signature")
        }
        try await checkChain(certificate, now: now, field: "signature")
        guard let key = P256.Signing.PublicKey(certificate.publicKey),
              let parsed = try? P256.Signing.ECDSASignature(derRepresentation: signature),
              key.isValidSignature(parsed, for: message) else {
            throw VerityError(.validationError, "The signature does not match.", field: "signature")
        }
    }
}
