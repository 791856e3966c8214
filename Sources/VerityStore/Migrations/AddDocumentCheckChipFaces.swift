import Fluent

/// `document_checks.sealed_chip_face`: the chip's face (DG2) as the engines
/// decoded it (a PNG), kept only for a check held for a reviewer, who sees it
/// beside the selfie and the printed portrait; sealed under the person's key
/// and erased with the images.
struct AddDocumentCheckChipFaces: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(DocumentCheckModel.schema).field("sealed_chip_face", .data).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(DocumentCheckModel.schema).deleteField("sealed_chip_face").update()
    }
}
