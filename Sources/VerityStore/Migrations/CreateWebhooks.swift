import Fluent
import SQLKit

/// Webhook endpoints, the events written with their outcomes, and each
/// event's delivery to each endpoint (the delivery log).
struct CreateWebhooks: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(WebhookEndpointModel.schema)
            .id()
            .field("environment_id", .uuid, .required, .references(EnvironmentModel.schema, "id", onDelete: .cascade))
            .field("url", .string, .required)
            .field("event_types", .string, .required)
            .field("description", .string)
            .field("secret_sealed", .data, .required)
            .field("previous_secret_sealed", .data)
            .field("previous_secret_until", .int64)
            .field("status", .string, .required)
            .field("disabled_reason", .string)
            .field("failing_since", .int64)
            .field("created_at", .int64, .required)
            .create()
        try await database.schema(WebhookEventModel.schema)
            .id()
            .field("environment_id", .uuid, .required)
            .field("user_id", .uuid)
            .field("type", .string, .required)
            .field("data", .data, .required)
            .field("created_at", .int64, .required)
            .create()
        try await database.schema(WebhookDeliveryModel.schema)
            .id()
            .field("event_id", .uuid, .required, .references(WebhookEventModel.schema, "id", onDelete: .cascade))
            .field("endpoint_id", .uuid, .required, .references(WebhookEndpointModel.schema, "id", onDelete: .cascade))
            .field("status", .string, .required)
            .field("attempts", .int, .required)
            .field("last_status_code", .int)
            .field("last_latency_ms", .int)
            .field("last_error", .string)
            .field("created_at", .int64, .required)
            .field("delivered_at", .int64)
            .create()
        if let sql = database as? any SQLDatabase {
            try await sql.raw("CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at)").run()
            try await sql.raw("CREATE INDEX webhook_endpoints_environment ON webhook_endpoints (environment_id)").run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(WebhookDeliveryModel.schema).delete()
        try await database.schema(WebhookEventModel.schema).delete()
        try await database.schema(WebhookEndpointModel.schema).delete()
    }
}
