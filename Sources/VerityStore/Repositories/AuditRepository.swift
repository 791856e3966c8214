import Fluent
import Foundation

/// Administrative actions, for operators and auditors.
public struct AuditRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    public func record(_ action: String, actor: String, environmentID: UUID?, userID: UUID?, now: Int64) async throws {
        let event = AuditEventModel(environmentID: environmentID, userID: userID, action: action, actor: actor, at: now)
        try await db.write { try await event.create(on: $0) }
    }

    /// The newest administrative events of an environment, newest first.
    public func events(environmentID: UUID, limit: Int) async throws -> [AuditEventModel] {
        try await AuditEventModel.query(on: db).filter(\.$environmentID == environmentID)
            .sort(\.$at, .descending).limit(limit).all()
    }
}
