import Vapor
import VerityAPI
import VerityCore
import VerityStore
import VerityKernel
import VerityOperators

/// `/admin/v1/operators`: the tenant's console operators, with a live secret
/// key. A test key is refused: an operator reads both environments, so a
/// key that can only touch test data must not be able to make one.
struct AdminOperatorController: RouteCollection {
    let secretKeys: SecretKeyMiddleware
    let protector: DataProtector
    let clock: VerityClock
    /// Bcrypt's cost for the passwords it sets (`Settings.operatorPasswordCost`).
    let passwordCost: Int

    func boot(routes: any RoutesBuilder) throws {
        let admin = routes.grouped(secretKeys)
        // A test key is refused before the body is read: `create` answers itself.
        admin.register(AdminEndpoint.createOperator, answering: create)
        admin.on(AdminEndpoint.operators, use: list)
        admin.on(AdminEndpoint.disableOperator, use: disable)
        admin.on(AdminEndpoint.enableOperator, use: enable)
        admin.on(AdminEndpoint.resetOperatorPassword, use: resetPassword)
    }

    func create(request: Request) async throws -> Response {
        let (context, accounts) = try liveContext(request)
        let input = try RequestBody.decode(AdminEndpoint.createOperator, from: request)
        let created = try await accounts.create(tenantID: context.environment.$tenant.id, email: input.email, role: input.role, password: nil,
                                                secondFactor: input.secondFactor ?? false, context.change)
        return try await created.encodeResponse(status: HTTPStatus(statusCode: AdminEndpoint.createOperator.status), for: request)
    }

    func list(request: Request) async throws -> [OperatorView] {
        let (context, accounts) = try liveContext(request)
        return try await accounts.list(tenantID: context.environment.$tenant.id)
    }

    func disable(request: Request) async throws -> OperatorView { try await setActive(false, request) }
    func enable(request: Request) async throws -> OperatorView { try await setActive(true, request) }

    func resetPassword(request: Request) async throws -> OperatorCredentials {
        let (context, accounts) = try liveContext(request)
        return try await accounts.resetPassword(operatorID: try operatorID(request), tenantID: context.environment.$tenant.id, context.change)
    }

    private func setActive(_ active: Bool, _ request: Request) async throws -> OperatorView {
        let (context, accounts) = try liveContext(request)
        return try await accounts.setActive(active, operatorID: try operatorID(request), tenantID: context.environment.$tenant.id, context.change)
    }

    private func liveContext(_ request: Request) throws -> (AdminContext, OperatorAccounts) {
        let context = try request.adminContext()
        guard context.environment.kind == .live else {
            throw VerityError(.liveKeyRequired, "operators see both environments: manage them with a live secret key (vk_live_…)")
        }
        return (context, OperatorAccounts(db: context.db, protector: protector, clock: clock,
                                        cost: passwordCost))
    }

    private func operatorID(_ request: Request) throws -> UUID {
        try OperatorOperations.operatorID(request.parameters.get(.id) ?? "")
    }

    init(secretKeys: SecretKeyMiddleware, protector: DataProtector, clock: VerityClock, passwordCost: Int) {
        self.secretKeys = secretKeys
        self.protector = protector
        self.clock = clock
        self.passwordCost = passwordCost
    }
}
