import Foundation
import VerityCore
import VerityPKI
import X509

/// The platform CA and the level-4 HSM as this server holds them. The CA is
/// read from the data folder at start (`verity ca init` writes it); without
/// it, requests that need a certificate get `SERVICE_UNAVAILABLE`.
struct CertificationPKI: Sendable {
    let ca: PlatformCA?
    let hsm: PKCS11Module?
    let hsmSettings: HSMSettings?
    /// An outside CA's chain (issuing … root) when one issues levels 2–4.
    let externalChain: [Certificate]
    /// Where PKCS#11 calls and the CA's signatures run: the engine pool (an
    /// HSM round trip or a token initialisation takes milliseconds to
    /// seconds, and must not hold an event loop).
    let pool: EnginePool

    /// Loads the CA when its files exist; files that exist but do not open
    /// (wrong data key, damaged) stop the server: silently running without
    /// the CA would hide the fault.
    static func load(settings: Settings, pool: EnginePool) throws -> CertificationPKI {
        let files = settings.caFiles()
        let policy = try CertificatePolicy(arc: settings.pkiPolicyArc)
        let hsm = try settings.hsm.map { settings throws(VerityError) in try PKCS11Module.shared(path: settings.modulePath) }
        let caPIN = hsm.flatMap { module in settings.hsm?.caPIN.map { (module: module, pin: $0) } }
        let ca = files.exists ? try files.load(policy: policy, crlURL: settings.crlURL, hsm: caPIN) : nil
        let external = try settings.externalCA.map { try HTTPCertificateAuthority.loadChain($0.chainPath) } ?? []
        return CertificationPKI(ca: ca, hsm: hsm, hsmSettings: settings.hsm, externalChain: external, pool: pool)
    }

    /// `work` (HSM calls, CA signatures, CRL signing) on the pool.
    func offLoop<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await pool.run(work)
    }

    func requireCA() throws(VerityError) -> PlatformCA {
        guard let ca else {
            throw VerityError(.serviceUnavailable, "The platform CA is not set up: run `verity ca init` in the data folder.")
        }
        return ca
    }

    func requireHSM() throws(VerityError) -> (PKCS11Module, HSMSettings) {
        guard let hsm, let hsmSettings else {
            throw VerityError(.serviceUnavailable, "Level 4 needs an HSM: set VERITY_HSM_MODULE and VERITY_HSM_SO_PIN.")
        }
        return (hsm, hsmSettings)
    }

    /// What checks user signatures: the platform root and issuing CA, and
    /// the outside CA's chain when there is one.
    func signatureChecker() throws(VerityError) -> UserSignatures {
        let ca = try requireCA()
        return UserSignatures(roots: [ca.root] + externalChain.filter { $0.subject == $0.issuer },
                              intermediates: [ca.issuing] + externalChain.filter { $0.subject != $0.issuer })
    }

    /// The CA certificate that issued `certificate` (PEM), for the chain a client keeps.
    func issuerPEM(of certificate: Certificate) -> String? {
        let candidates = (ca.map { [$0.issuing] } ?? []) + externalChain.filter { $0.subject != $0.issuer }
        return candidates.first { $0.subject == certificate.issuer }.flatMap { try? $0.serializeAsPEM().pemString }
    }
}
