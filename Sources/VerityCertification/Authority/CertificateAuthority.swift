import Crypto
import Foundation
import VerityCore
import VerityPKI
import X509

/// Who signs user certificates for levels 2–4: the built-in platform CA, or
/// an outside CA the operator brings (`HTTPCertificateAuthority`). Level 1 is
/// always the platform's own (the spec: not from an external CA).
package protocol CertificateAuthority: Sendable {
    /// A certificate for `publicKey` naming `subject` at `level`. `csr` is the
    /// device's request (DER), nil for HSM keys. Throws `SERVICE_UNAVAILABLE`
    /// when the CA cannot be reached (the job is retried) and `VALIDATION_ERROR`
    /// when it refuses.
    func issue(publicKey: P256.Signing.PublicKey, csr: [UInt8]?, subject: UserSubject, level: AccreditationLevel) async throws -> Certificate

    /// Tells the CA a certificate is given up. The built-in CA's revocations
    /// are the database's (published at /pki/crl.der), so it has nothing to do.
    func revoke(serialNumber: String) async throws
}

/// The platform CA in this server's data folder.
struct BuiltInCertificateAuthority: CertificateAuthority {
    let ca: PlatformCA
    let pki: CertificationPKI

    /// Signed on the pool: the CA key may be in the HSM.
    func issue(publicKey: P256.Signing.PublicKey, csr: [UInt8]?, subject: UserSubject, level: AccreditationLevel) async throws -> Certificate {
        let ca = self.ca
        return try await pki.offLoop { try ca.issue(publicKey: publicKey, subject: subject, level: level) }
    }

    func revoke(serialNumber: String) async throws {}
}
