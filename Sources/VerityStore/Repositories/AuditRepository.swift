import Fluent
import Foundation
import SQLKit

/// Administrative actions, for operators and auditors.
public struct AuditRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    public static let reasonLength = 500

    /// Records `action`. The tenant is `tenantID`, or else `environmentID`'s.
    public func record(_ action: String, actor: String, environmentID: UUID?, userID: UUID?, now: Int64,
                       tenantID: UUID? = nil, reason: String? = nil) async throws {
        var tenant = tenantID
        if tenant == nil, let environmentID {
            tenant = try await EnvironmentModel.find(environmentID, on: db)?.$tenant.id
        }
        try await db.write { [tenant] tx in
            try await Self.record(action, actor: actor, environmentID: environmentID, userID: userID, now: now,
                                  tenantID: tenant, reason: reason, on: tx)
        }
    }

    /// Records `action` inside a caller's transaction: a decision and its
    /// audit event are written together or not at all.
    public static func record(_ action: String, actor: String, environmentID: UUID?, userID: UUID?, now: Int64,
                              tenantID: UUID?, reason: String?, on tx: any Database) async throws {
        let event = AuditEventModel(environmentID: environmentID, userID: userID, action: action, actor: actor, at: now)
        event.tenantID = tenantID
        event.reason = reason.map { String($0.prefix(Self.reasonLength)) }
        try await event.create(on: tx)
    }

    /// The newest administrative events of an environment, and of its
    /// tenant as a whole (operators: no environment), newest first.
    public func events(environmentID: UUID, tenantID: UUID, limit: Int) async throws -> [AuditEventModel] {
        try await AuditEventModel.query(on: db).group(.or) { either in
            either.filter(\.$environmentID == environmentID)
            either.group(.and) { tenantWide in
                tenantWide.filter(\.$environmentID == nil).filter(\.$tenantID == tenantID)
            }
        }.sort(\.$at, .descending).limit(limit).all()
    }

    /// What the console's audit page may narrow the trail by.
    public struct Filter: Sendable {
        public var action: String?
        public var actor: String?
        /// The user's ids (one per environment the reference is known in); empty matches nothing.
        public var userIDs: [UUID]?
        public var from: Int64?
        public var until: Int64?
        /// Events after this one in the trail's order (the next page): older, or as old with a smaller id.
        public var after: (at: Int64, id: UUID)?

        public init(action: String? = nil, actor: String? = nil, userIDs: [UUID]? = nil, from: Int64? = nil, until: Int64? = nil,
                    after: (at: Int64, id: UUID)? = nil) {
            self.action = action
            self.actor = actor
            self.userIDs = userIDs
            self.from = from
            self.until = until
            self.after = after
        }
    }

    /// A tenant's events, newest first, narrowed by `filter`.
    public func events(tenantID: UUID, filter: Filter, limit: Int) async throws -> [AuditEventModel] {
        var query = AuditEventModel.query(on: db).filter(\.$tenantID == tenantID)
        if let action = filter.action { query = query.filter(\.$action == action) }
        if let actor = filter.actor { query = query.filter(\.$actor == actor) }
        if let users = filter.userIDs {
            guard !users.isEmpty else { return [] }
            query = query.filter(\.$userID ~~ users)
        }
        if let from = filter.from { query = query.filter(\.$at >= from) }
        if let until = filter.until { query = query.filter(\.$at < until) }
        if let after = filter.after {
            query = query.group(.or) { older in
                older.filter(\.$at < after.at).group(.and) { same in same.filter(\.$at == after.at).filter(\.$id < after.id) }
            }
        }
        return try await query.sort(\.$at, .descending).sort(\.$id, .descending).limit(limit).all()
    }

    /// The actions and actors a tenant's trail holds, for the filter's choices.
    public func choices(tenantID: UUID) async throws -> (actions: [String], actors: [String]) {
        let sql = try db.sql()
        let actions = try await sql.raw("SELECT DISTINCT action FROM audit_events WHERE tenant_id = \(bind: tenantID) ORDER BY action")
            .all().map { try $0.decode(column: "action", as: String.self) }
        let actors = try await sql.raw("SELECT DISTINCT actor FROM audit_events WHERE tenant_id = \(bind: tenantID) ORDER BY actor")
            .all().map { try $0.decode(column: "actor", as: String.self) }
        return (actions, actors)
    }
}
