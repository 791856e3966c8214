import Vapor
import VerityAPI
import VerityCore

/// `/admin/v1/users/{userRef}/…`: the integrator's backend acting on a user.
struct AdminUserController: RouteCollection {
    let secretKeys: SecretKeyMiddleware
    /// Built once at start-up; a request brings its context.
    let users: AdminUserService
    let erasure: UserErasureService
    let exports: UserExportService

    func boot(routes: any RoutesBuilder) throws {
        let admin = routes.grouped(secretKeys)
        let ref = AdminRoute.userRefParameter
        admin.post(routePath(AdminRoute.userToken(userRef: ref).components), use: mintToken)
        admin.post(routePath(AdminRoute.revokeUserTokens(userRef: ref).components), use: revokeTokens)
        admin.get(routePath(AdminRoute.userVerification(userRef: ref).components), use: verification)
        admin.post(routePath(AdminRoute.resetVerification(userRef: ref).components), use: reset)
        admin.put(routePath(AdminRoute.requiredVerificationMethod(userRef: ref).components), use: requiredMethod)
        admin.delete(routePath(AdminRoute.user(userRef: ref).components), use: erase)
        admin.get(routePath(AdminRoute.userExport(userRef: ref).components), use: export)
    }

    func export(request: Request) async throws -> UserExport {
        let context = try request.adminContext()
        return try await exports.export(userRef: try request.userRef(), actor: "key:\(context.keyPrefix)", context: context)
    }

    func erase(request: Request) async throws -> UserErasure {
        let context = try request.adminContext()
        return try await erasure.erase(userRef: try request.userRef(), actor: "key:\(context.keyPrefix)", context: context)
    }

    func mintToken(request: Request) async throws -> UserToken {
        // The body is optional: no body means the default lifetime.
        let options = request.body.data.map { $0.readableBytes > 0 } == true
            ? try RequestBody.decode(UserTokenRequest.self, from: request) : UserTokenRequest()
        return try await users.mintToken(userRef: try request.userRef(), request: options,
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

    func requiredMethod(request: Request) async throws -> VerifiedIdentity {
        let input = try RequestBody.decode(RequiredVerificationMethodInput.self, from: request)
        return try await users.setRequiredMethod(userRef: try request.userRef(), input: input,
                                                            context: try request.adminContext())
    }
}
