import Fluent
import Foundation
import VerityCore
import VerityStore
import VerityKernel

/// What an operator changes of one user's identity verification, one way
/// whichever door asks (the admin API, `verity users …`, the console's user
/// page): the change and its audit row in one transaction, with who asked.
package struct VerificationOverrides: Sendable {
    let db: any Database
    let clock: VerityClock

    /// PII attempts and document verification start again; a check waiting
    /// for a reviewer is withdrawn with its case (`identity-verification.reset`).
    package func reset(userID: UUID, in environment: EnvironmentModel, _ change: AuditedChange) async throws {
        try await write("identity-verification.reset", userID: userID, environment: environment, change) { tx in
            try await VerificationRepository.reset(userID: userID, on: tx)
            try await DocumentCheckRepository.reset(userID: userID, on: tx)
        }
    }

    /// The method this user must verify with from now on: a government ID,
    /// or nil for the environment's own rule
    /// (`identity-verification.required-method.GOVERNMENT_ID` / `.KNOWLEDGE_OF_PII`).
    package func require(_ method: VerificationMethod?, userID: UUID, in environment: EnvironmentModel, _ change: AuditedChange) async throws {
        let named = method == .governmentID ? "GOVERNMENT_ID" : "KNOWLEDGE_OF_PII"
        try await write("identity-verification.required-method.\(named)", userID: userID, environment: environment, change) { tx in
            try await VerificationRepository.setRequiredOverride(userID: userID, method: method, on: tx)
        }
    }

    private func write(_ action: String, userID: UUID, environment: EnvironmentModel, _ change: AuditedChange,
                       _ body: @escaping @Sendable (any Database) async throws -> Void) async throws {
        let now = clock.nowMillis()
        let environmentID = try environment.requireID(), tenantID = environment.$tenant.id
        try await db.write { tx in
            try await body(tx)
            try await AuditRepository.record(action, actor: change.actor, environmentID: environmentID, userID: userID, now: now,
                                             tenantID: tenantID, reason: change.reason, on: tx)
        }
    }

    package init(db: any Database, clock: VerityClock) {
        self.db = db
        self.clock = clock
    }
}
