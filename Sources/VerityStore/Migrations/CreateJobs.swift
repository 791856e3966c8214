import Fluent

struct CreateJobs: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(JobModel.schema)
            .id()
            .field("kind", .string, .required)
            .field("subject", .uuid, .required)
            .field("status", .string, .required)
            .field("attempts", .int, .required)
            .field("run_after", .int64, .required)
            .field("lease_until", .int64)
            .field("last_error", .string)
            .field("created_at", .int64, .required)
            .field("updated_at", .int64, .required)
            .create()
        // Certificates queued before issuance moved onto jobs: their rows were the queue.
        // Only the columns this migration knows: later ones (certificate_sealed) do not exist yet when it runs.
        let pending = try await UserCertificateModel.query(on: database).filter(\.$status == .pending)
            .field(\.$id).field(\.$createdAt).all()
        for certificate in pending {
            try await JobModel(kind: "certificate.issue", subject: try certificate.requireID(), now: certificate.createdAt).create(on: database)
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(JobModel.schema).delete()
    }
}
