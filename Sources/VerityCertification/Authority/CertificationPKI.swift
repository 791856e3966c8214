import Fluent
import Foundation
import VerityCore
import VerityEnginePool
import VerityPKI
import VerityStore
import X509
import VerityKernel

/// The platform CAs and the level-4 HSM as this server holds them. Live
/// environments' certificates come from the platform CA, test environments'
/// from a CA of their own (`Settings.testCAFiles`), so no test certificate
/// chains to the root relying parties trust for live ones. Both are read
/// from the data folder at start (`verity ca init` writes them); without
/// the one an environment needs, its requests that need a certificate get
/// `SERVICE_UNAVAILABLE`.
package struct CertificationPKI: Sendable {
    let ca: PlatformCA?
    /// The test environments' CA.
    let testCA: PlatformCA?
    let hsm: PKCS11Module?
    /// An outside CA's chain (issuing … root) when one issues levels 2–4.
    package let externalChain: [Certificate]
    /// Where PKCS#11 calls and the CA's signatures run: the engine pool (an
    /// HSM round trip or a key generation takes milliseconds to
    /// seconds, and must not hold an event loop).
    let pool: EnginePool

    /// Loads the CA when its files exist; files that exist but do not open
    /// (wrong data key, damaged) stop the server: silently running without
    /// the CA would hide the fault.
    package static func load(settings: Settings, pool: EnginePool) throws -> CertificationPKI {
        let files = settings.caFiles()
        let policy = try CertificatePolicy(arc: settings.pkiPolicyArc)
        let hsm = try settings.hsm.map { settings throws(VerityError) in try PKCS11Module.shared(path: settings.modulePath) }
        let caPIN = hsm.flatMap { module in settings.hsm?.caPIN.map { (module: module, pin: $0) } }
        let ca = files.exists ? try files.load(policy: policy, crlURL: settings.crlURL, hsm: caPIN) : nil
        // The test CA's keys are never in the HSM: test certificates are not worth a live token's protection.
        let testFiles = settings.testCAFiles()
        let testCA = testFiles.exists ? try testFiles.load(policy: policy, crlURL: settings.crlURL(for: .test)) : nil
        let external = try settings.externalCA.map { try HTTPCertificateAuthority.loadChain($0.chainPath) } ?? []
        return CertificationPKI(ca: ca, testCA: testCA, hsm: hsm, externalChain: external, pool: pool)
    }

    /// `work` (HSM calls, CA signatures, CRL signing) on the pool.
    func offLoop<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await pool.run(work)
    }

    /// The CA that issues for environment `environmentID` (by its kind).
    func requireCA(environmentID: UUID, db: any Database) async throws -> PlatformCA {
        try requireCA(try await Self.kind(of: environmentID, db: db))
    }

    /// What checks the signatures of environment `environmentID`'s users.
    func signatureChecker(environmentID: UUID, db: any Database) async throws -> UserSignatures {
        try signatureChecker(try await Self.kind(of: environmentID, db: db))
    }

    static func kind(of environmentID: UUID, db: any Database) async throws -> EnvironmentKind {
        guard let environment = try await TenantRepository(db: db).environment(id: environmentID) else {
            throw VerityError(.notFound, "The environment no longer exists.")
        }
        let kind = environment.kind
        return kind
    }

    /// The CA that issues for environments of `kind`.
    func requireCA(_ kind: EnvironmentKind) throws(VerityError) -> PlatformCA {
        switch kind {
        case .live:
            guard let ca else {
                throw VerityError(.serviceUnavailable, "The platform CA is not set up: run `verity ca init` in the data folder.")
            }
            return ca
        case .test:
            guard let testCA else {
                throw VerityError(.serviceUnavailable,
                                  "Test environments have no CA of their own yet: run `verity ca init` in the data folder (it adds one beside the live CA).")
            }
            return testCA
        }
    }

    func requireHSM() throws(VerityError) -> PKCS11Module {
        guard let hsm else {
            throw VerityError(.serviceUnavailable, "Level 4 needs an HSM: set VERITY_HSM_MODULE and provision tokens with `verity hsm provision`.")
        }
        return hsm
    }

    /// What checks the signatures of users of environments of `kind`: its
    /// CA's root and issuing CA, and, for live ones, the outside CA's chain
    /// when there is one (it never issues for test environments).
    func signatureChecker(_ kind: EnvironmentKind) throws(VerityError) -> UserSignatures {
        let ca = try requireCA(kind)
        let external = kind == .live ? externalChain : []
        return UserSignatures(roots: [ca.root] + external.filter { $0.subject == $0.issuer },
                              intermediates: [ca.issuing] + external.filter { $0.subject != $0.issuer })
    }

    /// The CA certificate that issued `certificate` (PEM), for the chain a client keeps.
    func issuerPEM(of certificate: Certificate) -> String? {
        let candidates = [ca, testCA].compactMap { $0?.issuing } + externalChain.filter { $0.subject != $0.issuer }
        return candidates.first { $0.subject == certificate.issuer }.flatMap { try? $0.serializeAsPEM().pemString }
    }
}
