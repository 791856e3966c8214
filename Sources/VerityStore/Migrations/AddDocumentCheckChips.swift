import Fluent

/// `document_checks.sealed_chip`: a passport's chip files sent with the
/// document, sealed under the person's key and erased with the images.
struct AddDocumentCheckChips: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(DocumentCheckModel.schema).field("sealed_chip", .data).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(DocumentCheckModel.schema).deleteField("sealed_chip").update()
    }
}
