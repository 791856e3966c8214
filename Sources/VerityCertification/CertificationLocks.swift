import Fluent
import Foundation
import VerityCore
import VerityStore
import VerityKernel

/// Lockout after repeated wrong secrets: SMS codes (`DeviceVerificationPolicy`)
/// and activation codes or level-4 passwords (`maximumWrongSecrets`). A locked
/// user gets `USER_LOCKED` until an operator unlocks them.
package struct CertificationLocks: Sendable {
    let db: any Database

    /// Wrong activation codes or level-4 passwords in a row before the user is locked.
    static let maximumWrongSecrets = 5

    private var locks: CertificationLockRepository { CertificationLockRepository(db: db) }

    func state(userID: UUID) async throws -> CertificationLockModel? {
        try await locks.state(userID: userID)
    }

    func checkUnlocked(userID: UUID) async throws {
        if try await state(userID: userID)?.lockedAt != nil {
            throw VerityError(.userLocked, "The user is locked after too many wrong codes; an operator can unlock them.")
        }
    }

    /// Counts a wrong SMS code; locks the user at the policy's limit.
    func recordWrongCode(userID: UUID, policy: DeviceVerificationPolicy, now: Int64) async throws -> Int {
        let count = try await CertificationCounters(db: db).addWrongCode(userID: userID)
        if count >= policy.wrongCodesBeforeLock { try await locks.lock(userID: userID, now: now) }
        return count
    }

    /// Counts a wrong activation code or password; throws `USER_LOCKED` when it locks the user.
    func recordWrongSecret(userID: UUID, now: Int64) async throws {
        let count = try await CertificationCounters(db: db).addWrongSecret(userID: userID)
        if count >= Self.maximumWrongSecrets {
            try await locks.lock(userID: userID, now: now)
            throw VerityError(.userLocked, "Too many wrong codes or passwords: the user is locked until an operator unlocks them.")
        }
    }

    func resetWrongSecrets(userID: UUID) async throws {
        try await locks.resetWrongSecrets(userID: userID)
    }

    /// An operator's unlock: clears the lock and both runs, with its audit row
    /// (`certification.unlock`) in the same transaction, whichever door asked
    /// (the admin API, the console); false, and nothing written, when the user was not locked.
    package func unlock(userID: UUID, in environment: EnvironmentModel, _ change: AuditedChange, now: Int64) async throws -> Bool {
        guard let state = try await state(userID: userID), state.lockedAt != nil else { return false }
        let environmentID = try environment.requireID(), tenantID = environment.$tenant.id
        try await db.write { tx in
            try await CertificationLockRepository.unlock(userID: userID, on: tx)
            try await AuditRepository.record("certification.unlock", actor: change.actor, environmentID: environmentID, userID: userID,
                                             now: now, tenantID: tenantID, reason: change.reason, on: tx)
        }
        return true
    }

    package init(db: any Database) {
        self.db = db
    }
}
