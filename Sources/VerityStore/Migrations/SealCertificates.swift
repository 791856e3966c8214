import Fluent

/// Issued certificates name their holder (full name, e-mail): the PEM is
/// kept sealed under the person's key (`certificate_sealed`), like their
/// CSR (in `csr`, marked as a person's seal), so a backup shows no one and
/// an erasure reaches them. Rows from before are sealed by the housekeeping
/// sweep (`UserCertificateRepository.sealLegacy`), which empties `certificate_pem`.
struct SealCertificates: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(UserCertificateModel.schema).field("certificate_sealed", .data).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(UserCertificateModel.schema).deleteField("certificate_sealed").update()
    }
}
