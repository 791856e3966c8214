import SQLKit
import Fluent

/// `chip_trust_certificates`: the CSCAs and link certificates each tenant
/// trusts for ePassport passive authentication, looked up by the Document
/// Signer's issuer (name key) or authority key identifier.
struct CreateChipTrustCertificates: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ChipTrustCertificateModel.schema)
            .id()
            .field("tenant_id", .uuid, .required)
            .field("fingerprint", .string, .required)
            .field("subject_key", .string, .required)
            .field("key_identifier", .string)
            .field("subject", .string, .required)
            .field("country", .string)
            .field("serial_number", .string, .required)
            .field("key_summary", .string, .required)
            .field("not_before", .int64, .required)
            .field("not_after", .int64, .required)
            .field("is_link", .bool, .required)
            .field("source", .string, .required)
            .field("encoded", .data, .required)
            .field("imported_at", .int64, .required)
            .unique(on: "tenant_id", "fingerprint")
            .create()
        let sql = try database.sql()
        try await sql.create(index: "chip_trust_certificates_subject").on(ChipTrustCertificateModel.schema)
            .column("tenant_id").column("subject_key").run()
        try await sql.create(index: "chip_trust_certificates_key").on(ChipTrustCertificateModel.schema)
            .column("tenant_id").column("key_identifier").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ChipTrustCertificateModel.schema).delete()
    }
}

/// `chip_revocation_lists`: each tenant's newest CRL of each CSCA.
struct CreateChipRevocationLists: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ChipRevocationListModel.schema)
            .id()
            .field("tenant_id", .uuid, .required)
            .field("issuer_key", .string, .required)
            .field("issuer", .string, .required)
            .field("this_update", .int64, .required)
            .field("next_update", .int64)
            .field("revoked_count", .int, .required)
            .field("encoded", .data, .required)
            .field("imported_at", .int64, .required)
            .unique(on: "tenant_id", "issuer_key")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ChipRevocationListModel.schema).delete()
    }
}
