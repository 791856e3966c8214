import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityStore
import VerityKernel
import VerityIdentity

/// What an integrator's backend does about one of its users.
///
/// Built once at start-up; each call works in the context's environment,
/// through its database handle.
struct AdminUserService: Sendable {
    let protector: DataProtector
    let clock: VerityClock
    let tokens: UserTokenService
    let defaultTokenTTL: Int

    private func users(_ context: AdminContext) -> UserRepository { UserRepository(db: context.db, protector: protector) }

    func mintToken(userRef: String, request: UserTokenRequest, context: AdminContext) async throws -> UserToken {
        let ttl = request.ttlSeconds ?? defaultTokenTTL
        guard (60...86400).contains(ttl) else { throw VerityError.invalid("ttlSeconds", "ttlSeconds must be between 60 and 86400") }
        let phone = try request.phoneNumber.map { try ContactDetails.phoneNumber($0, field: "phoneNumber") }
        let email = try request.email.map { try ContactDetails.email($0, field: "email") }
        let user = try await users(context).findOrCreate(userRef: try UserRef.validated(userRef),
                                                environmentID: context.environmentID, now: clock.nowMillis())
        try await users(context).recordContacts(user, phone: phone, email: email, now: clock.nowMillis())
        let minted = try await tokens.mint(userID: try user.requireID(), environmentID: context.environmentID, ttlSeconds: ttl)
        try await users(context).recordToken(userID: try user.requireID(), tokenID: minted.tokenID,
                                    expiresAt: minted.token.expiresAtEpochMs, now: clock.nowMillis())
        return minted.token
    }

    func revokeTokens(userRef: String, context: AdminContext) async throws -> RevokedTokens {
        let user = try await existingUser(userRef, context)
        let revoked = try await users(context).revokeCredentials(userID: try user.requireID(), now: clock.nowMillis())
        try await audit("tokens.revoke", user, context)
        return RevokedTokens(revoked: revoked.userTokens, deviceTokens: revoked.deviceTokens,
                             authenticationSessions: revoked.authenticationSessions, captureLinks: revoked.captureLinks)
    }

    func verification(userRef: String, context: AdminContext) async throws -> VerifiedIdentity {
        let user = try await existingUser(userRef, context)
        return try await IdentityStatusReader(db: context.db, links: context.links, now: clock.nowMillis()).identity(userID: try user.requireID(),
                                                               configuration: context.environment.configuration,
                                                               consented: user.consented)
    }

    func reset(userRef: String, context: AdminContext) async throws -> VerifiedIdentity {
        let user = try await existingUser(userRef, context)
        try await overrides(context).reset(userID: try user.requireID(), in: context.environment, context.change)
        return try await verification(userRef: userRef, context: context)
    }

    func setRequiredMethod(userRef: String, input: RequiredVerificationMethodInput,
                           context: AdminContext) async throws -> VerifiedIdentity {
        let override: VerificationMethod?
        switch input.requiredVerificationMethod {
        case .governmentID: override = .governmentID
        case .knowledgeOfPII: override = nil
        case .none: throw VerityError.invalid("requiredVerificationMethod", "requiredVerificationMethod must be KNOWLEDGE_OF_PII or GOVERNMENT_ID")
        }
        let user = try await existingUser(userRef, context)
        try await overrides(context).require(override, userID: try user.requireID(), in: context.environment, context.change)
        return try await verification(userRef: userRef, context: context)
    }

    private func existingUser(_ userRef: String, _ context: AdminContext) async throws -> EndUserModel {
        try await Self.existingUser(userRef, users: users(context), context: context)
    }

    /// The user the integrator names in this environment, or `NOT_FOUND`
    /// (the erasure and the export find theirs the same way).
    static func existingUser(_ userRef: String, users: UserRepository, context: AdminContext) async throws -> EndUserModel {
        guard let user = try await users.find(userRef: try UserRef.validated(userRef), environmentID: context.environmentID) else {
            throw VerityError(.notFound, "no user with this reference in this environment", field: "userRef")
        }
        return user
    }

    private func overrides(_ context: AdminContext) -> VerificationOverrides { VerificationOverrides(db: context.db, clock: clock) }

    private func audit(_ action: String, _ user: EndUserModel, _ context: AdminContext) async throws {
        try await AuditRepository(db: context.db).record(action, actor: context.change.actor, environmentID: context.environmentID,
                                                 userID: user.id, now: clock.nowMillis())
    }

    init(protector: DataProtector, clock: VerityClock, tokens: UserTokenService, defaultTokenTTL: Int) {
        self.protector = protector
        self.clock = clock
        self.tokens = tokens
        self.defaultTokenTTL = defaultTokenTTL
    }
}
