import Fluent
import Foundation
import Logging
import VerityCore
import VerityStore
import VerityKernel

/// What every group of the CLI's operations shares: the database, the clock,
/// how an operator names an environment (`tenant` and `test`/`live`), and the
/// audit line each change leaves. Each group holds only what else it uses.
package protocol OperatorTask: Sendable {
    var db: any Database { get }
    var clock: VerityClock { get }
}

extension OperatorTask {
    package func environment(tenant: String, kind: EnvironmentKind, create: Bool) async throws -> EnvironmentModel {
        let tenants = TenantRepository(db: db)
        if create { _ = try await tenants.ensureTenant(named: try TenantOperations.validTenantName(tenant), now: clock.nowMillis()) }
        guard let environment = try await tenants.environment(tenant: tenant, kind: kind) else {
            throw VerityError(.notFound, "no tenant named \(tenant) (create one with `verity keys create`)", field: "tenant")
        }
        return environment
    }

    package func environmentID(tenant: String, kind: EnvironmentKind) async throws -> UUID {
        try await environment(tenant: tenant, kind: kind, create: false).requireID()
    }

    package func tenantID(named name: String) async throws -> UUID {
        guard let tenant = try await TenantRepository(db: db).tenant(named: name) else {
            throw VerityError(.notFound, "no tenant named \(name) (create one with `verity keys create`)", field: "tenant")
        }
        return try tenant.requireID()
    }

    package func audit(_ action: String, environmentID: UUID?, tenantID: UUID? = nil, actor: String = "cli", reason: String? = nil) async throws {
        try await AuditRepository(db: db).record(action, actor: actor, environmentID: environmentID, userID: nil, now: clock.nowMillis(),
                                                 tenantID: tenantID, reason: reason)
    }
}

/// A group whose operations are the admin API's, run from the CLI: it acts
/// as an admin request of the environment would.
protocol AdminRequestTask: OperatorTask {
    /// Where the links it makes point: the configured pages address.
    var links: CaptureLinkAddresses { get }
}

extension AdminRequestTask {
    func cliContext(environment: EnvironmentModel, logger: Logger) -> AdminContext {
        AdminContext(environment: environment, keyPrefix: "cli", scope: RequestScope(db: db, logger: logger, links: links), change: .cli)
    }

    func cliContext(tenant: String, kind: EnvironmentKind, logger: Logger) async throws -> AdminContext {
        cliContext(environment: try await environment(tenant: tenant, kind: kind, create: false), logger: logger)
    }
}
