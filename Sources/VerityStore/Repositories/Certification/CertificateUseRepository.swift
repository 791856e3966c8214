import Fluent
import Foundation

/// What certified users do with their certificates: authentication
/// challenges and the sessions they open, and transactions to approve.
public struct CertificateUseRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    // MARK: Challenges and sessions

    public func create(_ challenge: AuthenticationChallengeModel) async throws {
        try await db.write { try await challenge.create(on: $0) }
    }

    public func challenge(id: UUID) async throws -> AuthenticationChallengeModel? {
        try await AuthenticationChallengeModel.find(id, on: db)
    }

    /// An answered challenge opens a session (stored as its hash).
    public func openSession(challengeID: UUID, sessionHash: String, expiresAt: Int64, certificateSerial: String?) async throws {
        try await db.write { tx in
            try await AuthenticationChallengeModel.query(on: tx).filter(\.$id == challengeID)
                .set(\.$sessionHash, to: sessionHash).set(\.$sessionExpiresAt, to: expiresAt)
                .set(\.$certificateSerial, to: certificateSerial).update()
        }
    }

    /// The challenge that opened a session, with its registration and entity.
    public func session(hash: String) async throws -> AuthenticationChallengeModel? {
        try await AuthenticationChallengeModel.query(on: db).filter(\.$sessionHash == hash)
            .with(\.$registration, { $0.with(\.$entity) }).first()
    }

    // MARK: Transactions

    public func create(_ transaction: TransactionModel) async throws {
        try await db.write { try await transaction.create(on: $0) }
    }

    public func transaction(id: UUID) async throws -> TransactionModel? {
        try await TransactionModel.find(id, on: db)
    }

    /// The transaction with its registration and entity loaded.
    public func transactionWithEntity(id: UUID) async throws -> TransactionModel? {
        try await TransactionModel.query(on: db).filter(\.$id == id).with(\.$registration, { $0.with(\.$entity) }).first()
    }

    /// A registration's transactions still waiting for the user, oldest first.
    public func pendingTransactions(registrationID: UUID, now: Int64, limit: Int) async throws -> [TransactionModel] {
        try await TransactionModel.query(on: db).filter(\.$registration.$id == registrationID)
            .filter(\.$status == .pending).filter(\.$expiresAt > now).sort(\.$createdAt).range(..<limit).all()
    }

    /// Records the user's approval if the transaction is still pending; false when it was decided first.
    public func approve(transactionID: UUID, signature: Data, certificateSerial: String?, now: Int64) async throws -> Bool {
        try await db.write { tx -> Bool in
            guard let fresh = try await TransactionModel.find(transactionID, on: tx), fresh.status == .pending else { return false }
            fresh.status = .approved
            fresh.signature = signature
            fresh.certificateSerial = certificateSerial
            fresh.decidedAt = now
            try await fresh.update(on: tx)
            return true
        }
    }
}
