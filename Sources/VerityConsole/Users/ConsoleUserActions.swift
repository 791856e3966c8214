import Fluent
import Foundation
import Logging
import VerityAPI
import VerityCore
import VerityStore
import VerityKernel
import VerityOperators
import VerityCertification
import VerityIdentity

/// What a reviewer may do to a user from the console, each as the admin API
/// would, and each in the audit trail with the operator and their note.
/// The ones that cannot be undone (a reset, an uncertification) need the
/// form's confirmation.
struct ConsoleUserActions: Sendable {
    let db: any Database
    let protector: DataProtector
    let logger: Logger
    let clock: VerityClock
    let certification: CertificationService

    enum Action: String, Sendable, CaseIterable {
        /// PII attempts and document verification start again.
        case reset
        /// The user must verify with a government ID from now on.
        case requireGovernmentID = "require_government_id"
        /// Back to the environment's own rule.
        case clearRequiredMethod = "clear_required_method"
        /// Wrong SMS codes or secrets locked certification: lifted.
        case unlock
        /// The user's certificate with one entity is revoked (a level-4 key destroyed).
        case uncertify

        var needsConfirmation: Bool { self == .reset || self == .uncertify }
    }

    struct Form: Sendable {
        var action: Action
        var environment: EnvironmentKind
        var userRef: String
        var entity: String?
        var confirmed: Bool
        var note: String
    }

    func perform(_ form: Form, by session: OperatorAccounts.Session) async throws {
        guard session.role.includes(.reviewer) else {
            throw VerityError(.roleNotAuthorized, "changing a user needs the reviewer or admin role")
        }
        guard form.note.count <= ReviewNote.maximumLength else {
            throw VerityError.invalid("note", "the note is longer than \(ReviewNote.maximumLength) characters")
        }
        guard !form.action.needsConfirmation || form.confirmed else {
            throw VerityError.invalid("confirm", "tick the box to confirm: this cannot be undone")
        }
        guard let environment = try await TenantRepository(db: db).environment(tenantID: session.tenantID, kind: form.environment),
              let user = try await UserRepository(db: db, protector: protector).find(userRef: form.userRef,
                                                                                                 environmentID: try environment.requireID())
        else { throw VerityError(.notFound, "no user with this reference in this environment", field: "ref") }
        let userID = try user.requireID(), environmentID = try environment.requireID()
        let change = AuditedChange.operator(session.operatorID, reason: form.note.isEmpty ? nil : form.note)
        let overrides = VerificationOverrides(db: db, clock: clock)
        switch form.action {
        case .reset:
            return try await overrides.reset(userID: userID, in: environment, change)
        case .requireGovernmentID:
            return try await overrides.require(.governmentID, userID: userID, in: environment, change)
        case .clearRequiredMethod:
            return try await overrides.require(nil, userID: userID, in: environment, change)
        case .unlock:
            guard try await CertificationLocks(db: db).unlock(userID: userID, in: environment, change, now: clock.nowMillis()) else {
                throw VerityError(.validationError, "this user's certification is not locked")
            }
            return
        case .uncertify:
            guard let entity = form.entity, !entity.isEmpty else { throw VerityError.invalid("entity", "name the entity") }
            try await certification.uncertifyByOperator(entity, context: CertificationContext(
                userID: userID, environmentID: environmentID, device: nil, db: db, logger: logger))
            try await AuditRepository(db: db).record("certification.uncertify", actor: change.actor, environmentID: environmentID,
                                                     userID: userID, now: clock.nowMillis(), tenantID: session.tenantID, reason: change.reason)
        }
    }
}
