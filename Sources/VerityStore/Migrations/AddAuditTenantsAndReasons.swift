import Fluent
import SQLKit

/// The audit trail becomes the console's: each event names its tenant (an
/// operator's events belong to a tenant, not to one environment) and may say
/// why (a reviewer's reason). Events written before are given the tenant of
/// their environment.
struct AddAuditTenantsAndReasons: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(AuditEventModel.schema).field("tenant_id", .uuid).update()
        try await database.schema(AuditEventModel.schema).field("reason", .string).update()
        let sql = try database.sql()
        try await sql.raw("""
            UPDATE audit_events SET tenant_id = (SELECT e.tenant_id FROM environments e WHERE e.id = audit_events.environment_id)
            WHERE environment_id IS NOT NULL
            """).run()
        try await sql.create(index: "audit_events_tenant").on(AuditEventModel.schema).column("tenant_id").column("at").run()
    }

    func revert(on database: any Database) async throws {
        if let sql = database as? any SQLDatabase { try await sql.drop(index: "audit_events_tenant").run() }
        try await database.schema(AuditEventModel.schema).deleteField("reason").update()
        try await database.schema(AuditEventModel.schema).deleteField("tenant_id").update()
    }
}
