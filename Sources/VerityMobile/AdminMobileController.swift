import Vapor
import VerityAPI
import VerityCore
import VerityStore
import VerityKernel

/// The tenant's backend, with its secret key: publishable keys for its
/// environment, its credits, and the redemption of VerifyHuman pass tokens.
struct AdminMobileController: RouteCollection {
    let secretKeys: SecretKeyMiddleware
    let protector: DataProtector
    let clock: VerityClock

    func boot(routes: any RoutesBuilder) throws {
        let admin = routes.grouped(secretKeys)
        admin.on(AdminEndpoint.createClientKey, use: createKey)
        admin.on(AdminEndpoint.revokeClientKey, use: revokeKey)
        admin.on(AdminEndpoint.credits, use: credits)
        admin.on(AdminEndpoint.verifyPassToken, use: verifyToken)
    }

    func createKey(request: Request, input: ClientKeyRequest) async throws -> ClientKeyCreated {
        let scopes = try MobileProduct.scopes(input.scopes.joined(separator: ","))
        let context = try request.adminContext()
        let key = try await keys(context).make(.client, in: context.environment, scopes: scopes, demo: input.demo ?? false, context.change)
        return ClientKeyCreated(clientKey: key, kind: ClientKeyKind.of(key)?.rawValue ?? "", scopes: scopes.map(\.rawValue))
    }

    /// Revokes a publishable key of this environment only.
    func revokeKey(request: Request, input: ClientKeyRevocation) async throws -> ClientKeyRevoked {
        let context = try request.adminContext()
        guard ClientKeyKind.of(input.clientKey) != nil,
              try await keys(context).revoke(.client, secret: input.clientKey, within: context.environmentID, context.change) else {
            throw VerityError(.notFound, "no live client key of this environment matches", field: "clientKey")
        }
        return ClientKeyRevoked(revoked: true)
    }

    private func keys(_ context: AdminContext) -> EnvironmentKeys { EnvironmentKeys(db: context.db, clock: clock, protector: protector) }

    func credits(request: Request) async throws -> CreditStatement {
        let environmentID = try request.adminContext().environmentID
        let ledger = CreditLedger(db: request.db)
        return CreditStatement(balance: try await ledger.balance(environmentID: environmentID),
                               entries: try await ledger.entries(environmentID: environmentID).map {
                                   .init(delta: $0.delta, balanceAfter: $0.balanceAfter, reason: $0.reason, reference: $0.reference,
                                         createdAtEpochMs: $0.createdAt)
                               })
    }

    /// A pass token is good once, in its environment, before it expires.
    func verifyToken(request: Request, input: MobileTokenCheck) async throws -> MobileTokenVerdict {
        let environmentID = try request.adminContext().environmentID
        let now = clock.nowMillis()
        guard let token = MobilePassToken.decode(input.token, protector, now: now) else {
            return MobileTokenVerdict(valid: false, reason: "malformed")
        }
        guard token.environmentID == environmentID else { return MobileTokenVerdict(valid: false, reason: "other_environment") }
        let publicID = MobileVerificationID(token.verificationID).description
        guard token.expiresAt > now else { return MobileTokenVerdict(valid: false, reason: "expired", verificationId: publicID) }
        guard try await MobileVerificationRepository(db: request.db).redeemToken(id: token.verificationID, environmentID: environmentID, now: now)
        else { return MobileTokenVerdict(valid: false, reason: "already_used", verificationId: publicID) }
        return MobileTokenVerdict(valid: true, verificationId: publicID, product: MobileProduct.verifyHuman.rawValue, outcome: "pass")
    }

    init(secretKeys: SecretKeyMiddleware, protector: DataProtector, clock: VerityClock) {
        self.secretKeys = secretKeys
        self.protector = protector
        self.clock = clock
    }
}
