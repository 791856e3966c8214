import Fluent
import Foundation

/// The development outbox: messages test environments would have sent by SMS
/// or e-mail, kept sealed for the operator to read.
public struct OutboxRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    public func keep(_ message: OutboxMessageModel) async throws {
        try await db.write { try await message.create(on: $0) }
    }

    /// The environment's newest messages first.
    public func messages(environmentID: UUID, limit: Int) async throws -> [OutboxMessageModel] {
        try await OutboxMessageModel.query(on: db).filter(\.$environment.$id == environmentID)
            .sort(\.$createdAt, .descending).range(..<limit).all()
    }
}
