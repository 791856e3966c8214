import Fluent
import Foundation
import SQLKit

/// Walks the sealed values of one table in batches by id, and writes back
/// each value `change` gives in its place, but only if the row still holds
/// the value read: a server's newer write is never overwritten. What a data-
/// key rotation (`DataKeyRotation`) and the binding of older seals
/// (`SealBinding`) both do.
struct SealedColumnWalk: Sendable {
    let db: any Database
    let batchSize: Int

    /// One sealed value where it was found.
    struct Value: Sendable {
        let column: SealedColumn
        let place: SealPlace
        let sealed: Data
        /// The person whose key may seal it (nil in a table of no one's).
        let userID: UUID?
    }

    /// The user each row of a table of person data belongs to, as SQL.
    static func owningUser(_ table: String) -> String? {
        switch table {
        case "end_users": "id"
        case "document_verifications", "document_checks", "cert_registrations", "cert_devices", "ocr_sessions", "monitored_subjects": "user_id"
        case "cert_transactions", "cert_certificates", "cert_activation_codes":
            "(SELECT r.user_id FROM cert_registrations r WHERE r.id = registration_id)"
        default: nil
        }
    }

    /// Walks `columns` (all of `table`); `only`, when given, is an SQL
    /// condition on a column that picks the rows worth reading. Returns how
    /// many values were changed.
    @discardableResult
    func run(table: String, columns: [SealedColumn], only: ((SealedColumn) -> SQLQueryString)? = nil,
             change: (Value) async throws -> Data?) async throws -> Int {
        let sql = try db.sql()
        let owners = Set(columns.map(\.ownerColumn)).subtracting(["id"]).sorted()
        let user = Self.owningUser(table)
        var changed = 0
        var after: UUID?
        while true {
            var query: SQLQueryString = "SELECT id"
            for owner in owners { query += ", \(ident: owner)" }
            if let user { query += ", \(unsafeRaw: user) AS verity_owning_user" }
            query += ", \(idents: columns.map(\.column), joinedBy: ", ") FROM \(ident: table) WHERE 1 = 1"
            if let after { query += " AND id > \(bind: after)" }
            if let only {
                query += " AND ("
                for (index, column) in columns.enumerated() { query += (index == 0 ? "" : " OR ") + only(column) }
                query += ")"
            }
            query += " ORDER BY id LIMIT \(literal: batchSize)"
            let rows = try await sql.raw(query).all()
            guard let last = rows.last else { return changed }
            var changes: [(id: UUID, column: String, old: Data, new: Data)] = []
            for row in rows {
                let id = try row.decode(column: "id", as: UUID.self)
                let userID = try user.map { _ in try row.decode(column: "verity_owning_user", as: UUID?.self) } ?? nil
                for column in columns {
                    guard let old = try row.decode(column: column.column, as: Data?.self) else { continue }
                    let owner = column.ownerColumn == "id" ? id : try row.decode(column: column.ownerColumn, as: UUID.self)
                    let value = Value(column: column, place: .of(column, owner), sealed: old, userID: userID)
                    if let new = try await change(value), new != old { changes.append((id, column.column, old, new)) }
                }
            }
            if !changes.isEmpty {
                let changes = changes
                try await db.write { db in
                    let sql = try db.sql()
                    for change in changes {
                        try await sql.raw("""
                            UPDATE \(ident: table) SET \(ident: change.column) = \(bind: change.new)
                            WHERE id = \(bind: change.id) AND \(ident: change.column) = \(bind: change.old)
                            """).run()
                    }
                }
                changed += changes.count
            }
            after = try last.decode(column: "id", as: UUID.self)
        }
    }
}
