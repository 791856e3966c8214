import Fluent
import Foundation
import Logging
import VerityAPI
import VerityCore
import VerityStore
import VerityKernel
import VerityIdentity

/// Users, their checks and the reference registry (`verity users`,
/// `verity tokens`, `verity document-checks`, `verity registry`).
public struct IdentityOperations: AdminRequestTask {
    package let db: any Database
    package let clock: VerityClock
    let protector: DataProtector
    let links: CaptureLinkAddresses
    /// For the token lifetime, and for erasure's HSM and outside CA.
    let settings: Settings

    /// Imports a registry CSV: all rows or none. Throws `RegistryCSV.Problems`
    /// listing every bad row by line number.
    public func importRegistry(csv text: String, progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void) async throws -> Int {
        let records = try RegistryCSV.parse(text, today: clock.today()).get()
        let total = records.count
        try await ReferenceRegistry(db: db, protector: protector)
            .importRecords(records, now: clock.nowMillis()) { progress($0, total) }
        try await audit("registry.import", environmentID: nil)
        return total
    }

    public func registryCount() async throws -> Int {
        try await ReferenceRegistry(db: db, protector: protector).count()
    }

    /// A user token; `phoneNumber` and `email` are filed with the user (sealed) when given.
    public func mintToken(tenant: String, environment kind: EnvironmentKind, userRef: String,
                          ttlSeconds: Int? = nil, phoneNumber: String? = nil, email: String? = nil) async throws -> UserToken {
        try await userService(tenant: tenant, kind: kind) { service, context in
            try await service.mintToken(userRef: userRef, request: UserTokenRequest(ttlSeconds: ttlSeconds, phoneNumber: phoneNumber, email: email),
                                        context: context)
        }
    }

    public func resetUser(tenant: String, environment kind: EnvironmentKind, userRef: String) async throws -> VerifiedIdentity {
        try await userService(tenant: tenant, kind: kind) { service, context in
            try await service.reset(userRef: userRef, context: context)
        }
    }

    public func requireMethod(tenant: String, environment kind: EnvironmentKind, userRef: String,
                              method: VerificationMethod) async throws -> VerifiedIdentity {
        try await userService(tenant: tenant, kind: kind) { service, context in
            try await service.setRequiredMethod(userRef: userRef, input: .init(requiredVerificationMethod: method), context: context)
        }
    }

    /// One document check's evidence (`verity document-checks show`).
    public func documentCheck(tenant: String, environment kind: EnvironmentKind, id: String) async throws -> DocumentCheckDetail {
        let environment = try await environment(tenant: tenant, kind: kind, create: false)
        return try await DocumentCheckDetails(db: db, protector: protector).detail(checkID: id, environmentID: try environment.requireID())
    }

    private func userService<T>(tenant: String, kind: EnvironmentKind,
                                _ body: (AdminUserService, AdminContext) async throws -> T) async throws -> T {
        let environment = try await environment(tenant: tenant, kind: kind, create: false)
        let service = AdminUserService(protector: protector, clock: clock,
                                       tokens: await UserTokenService.make(protector: protector, clock: clock),
                                       defaultTokenTTL: settings.tokenTTLSeconds)
        return try await body(service, cliContext(environment: environment, logger: Logger(label: "verity.cli")))
    }
}
