import AsyncHTTPClient
import Foundation
import Logging
import VerityAPI
import VerityCore
import VerityEnginePool
import VerityPKI
import VerityStore
import VerityKernel
import VerityCertification

extension IdentityOperations {
    /// `verity users erase`: what `DELETE /admin/v1/users/{userRef}` does,
    /// with this deployment's HSM and outside CA (from the same settings as the server).
    public func eraseUser(tenant: String, environment kind: EnvironmentKind, userRef: String) async throws -> UserErasure {
        let logger = Logger(label: "verity.cli")
        let context = try await cliContext(tenant: tenant, kind: kind, logger: logger)
        // HSM calls run on a pool, as in the server: one thread is enough here.
        let pool = EnginePool(threads: 1)
        do {
            let pki = try CertificationPKI.load(settings: settings, pool: pool)
            let authority = try settings.externalCA.map { external in
                HTTPCertificateAuthority(settings: external, chain: pki.externalChain, policy: try CertificatePolicy(arc: settings.pkiPolicyArc),
                                         client: .shared, logger: logger)
            }
            let issuer = CertificateIssuer(db: db, protector: protector, clock: clock, pki: pki, authority: authority, logger: logger)
            let erasure = try await UserErasureService(protector: protector, clock: clock, issuer: issuer)
                .erase(userRef: userRef, actor: "cli", context: context)
            await pool.shutdown()
            return erasure
        } catch {
            await pool.shutdown()
            throw error
        }
    }
}

extension IdentityOperations {
    /// `verity users export`: what `GET /admin/v1/users/{userRef}/export` answers.
    public func exportUser(tenant: String, environment kind: EnvironmentKind, userRef: String) async throws -> UserExport {
        let context = try await cliContext(tenant: tenant, kind: kind, logger: Logger(label: "verity.cli"))
        return try await UserExportService(protector: protector, clock: clock).export(userRef: userRef, actor: "cli", context: context)
    }
}
