import Fluent
import Foundation

/// A user's runs of wrong secrets and their lock (the counting itself is
/// `CertificationCounters`: atomic across servers).
public struct CertificationLockRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    public func state(userID: UUID) async throws -> CertificationLockModel? {
        try await CertificationLockModel.query(on: db).filter(\.$user.$id == userID).first()
    }

    public func resetWrongSecrets(userID: UUID) async throws {
        try await db.write { tx in try await Self.resetWrongSecrets(userID: userID, on: tx) }
    }

    /// The reset inside a caller's write (a certification resets the count
    /// in the transaction that spends its activation code).
    static func resetWrongSecrets(userID: UUID, on tx: any Database) async throws {
        try await CertificationLockModel.query(on: tx).filter(\.$user.$id == userID).set(\.$wrongSecrets, to: 0).update()
    }

    /// Locks the user and revokes their device tokens, together.
    public func lock(userID: UUID, now: Int64) async throws {
        try await db.write { tx in
            try await CertificationLockModel.query(on: tx).filter(\.$user.$id == userID).filter(\.$lockedAt == nil)
                .set(\.$lockedAt, to: now).update()
            try await DeviceTokenRepository.revokeAll(userID: userID, reason: .locked, now: now, on: tx)
        }
    }

    /// Clears the lock and both runs.
    /// In the caller's transaction, with the operator's audit row (`CertificationLocks.unlock`).
    public static func unlock(userID: UUID, on tx: any Database) async throws {
        try await CertificationLockModel.query(on: tx).filter(\.$user.$id == userID)
            .set(\.$lockedAt, to: nil).set(\.$wrongCodes, to: 0).set(\.$wrongSecrets, to: 0).update()
    }
}
