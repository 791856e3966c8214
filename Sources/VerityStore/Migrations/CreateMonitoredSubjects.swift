import Fluent
import SQLKit

/// Ongoing screening: `monitored_subjects`, the people an environment keeps
/// screening (sealed, found by a keyed index of the person, one row a person
/// an environment), and `monitoring_alerts`, each listed entry a re-screen
/// found for one of them, once per entry and content.
struct CreateMonitoredSubjects: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(MonitoredSubjectModel.schema)
            .id()
            .field("tenant_id", .uuid, .required)
            .field("environment_id", .uuid, .required)
            .field("person_index", .string, .required)
            .field("source", .string, .required)
            .field("source_id", .uuid, .required)
            .field("user_id", .uuid)
            .field("sealed_subject", .data, .required)
            .field("created_at", .int64, .required)
            .field("last_seen_at", .int64, .required)
            .unique(on: "environment_id", "person_index")
            .create()
        try await database.schema(MonitoringAlertModel.schema)
            .id()
            .field("subject_id", .uuid, .required, .references(MonitoredSubjectModel.schema, "id", onDelete: .cascade))
            .field("tenant_id", .uuid, .required)
            .field("environment_id", .uuid, .required)
            .field("list", .string, .required)
            .field("entry_id", .int, .required)
            .field("entry_fingerprint", .string, .required)
            .field("version_id", .uuid, .required)
            .field("state", .string, .required)
            .field("sealed_found", .data, .required)
            .field("case_id", .uuid)
            .field("created_at", .int64, .required)
            .field("updated_at", .int64, .required)
            .unique(on: "subject_id", "list", "entry_id", "entry_fingerprint")
            .create()
        let sql = try database.sql()
        try await sql.create(index: "monitored_subjects_last_seen").on(MonitoredSubjectModel.schema).column("environment_id").column("last_seen_at").run()
        try await sql.create(index: "monitoring_alerts_entry").on(MonitoringAlertModel.schema).column("list").column("entry_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(MonitoringAlertModel.schema).delete()
        try await database.schema(MonitoredSubjectModel.schema).delete()
    }
}
