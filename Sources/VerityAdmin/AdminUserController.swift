import Vapor
import VerityAPI
import VerityCore
import VerityKernel

/// `/admin/v1/users/{userRef}/…`: the integrator's backend acting on a user.
struct AdminUserController: RouteCollection {
    let secretKeys: SecretKeyMiddleware
    /// Built once at start-up; a request brings its context.
    let users: AdminUserService
    let erasure: UserErasureService
    let exports: UserExportService

    func boot(routes: any RoutesBuilder) throws {
        let admin = routes.grouped(secretKeys)
        admin.on(AdminEndpoint.mintToken, optionalBody: mintToken)
        admin.on(AdminEndpoint.revokeTokens, use: revokeTokens)
        admin.on(AdminEndpoint.verification, use: verification)
        admin.on(AdminEndpoint.resetVerification, use: reset)
        admin.on(AdminEndpoint.requiredMethod, use: requiredMethod)
        admin.on(AdminEndpoint.erase, use: erase)
        admin.on(AdminEndpoint.export, use: export)
    }

    func export(request: Request) async throws -> UserExport {
        let context = try request.adminContext()
        return try await exports.export(userRef: try request.userRef(), actor: context.change.actor, context: context)
    }

    func erase(request: Request) async throws -> UserErasure {
        let context = try request.adminContext()
        return try await erasure.erase(userRef: try request.userRef(), actor: context.change.actor, context: context)
    }

    /// No body means the default lifetime.
    func mintToken(request: Request, input: UserTokenRequest?) async throws -> UserToken {
        try await users.mintToken(userRef: try request.userRef(), request: input ?? UserTokenRequest(),
                                                    context: try request.adminContext())
    }

    func revokeTokens(request: Request) async throws -> RevokedTokens {
        try await users.revokeTokens(userRef: try request.userRef(), context: try request.adminContext())
    }

    func verification(request: Request) async throws -> VerifiedIdentity {
        try await users.verification(userRef: try request.userRef(), context: try request.adminContext())
    }

    func reset(request: Request) async throws -> VerifiedIdentity {
        try await users.reset(userRef: try request.userRef(), context: try request.adminContext())
    }

    func requiredMethod(request: Request, input: RequiredVerificationMethodInput) async throws -> VerifiedIdentity {
        try await users.setRequiredMethod(userRef: try request.userRef(), input: input,
                                                            context: try request.adminContext())
    }

    init(secretKeys: SecretKeyMiddleware, users: AdminUserService, erasure: UserErasureService, exports: UserExportService) {
        self.secretKeys = secretKeys
        self.users = users
        self.erasure = erasure
        self.exports = exports
    }
}
