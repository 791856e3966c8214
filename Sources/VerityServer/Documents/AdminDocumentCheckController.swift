import Fluent
import Vapor
import VerityAPI
import VerityCore
import VerityStore

/// `GET /admin/v1/document-checks/{id}`: a check's full evidence for the
/// tenant's backend (secret key), within the key's environment only.
struct AdminDocumentCheckController: RouteCollection {
    let dependencies: ServerDependencies

    func boot(routes: any RoutesBuilder) throws {
        routes.grouped(SecretKeyMiddleware())
            .get(routePath(AdminRoute.documentCheck(id: AdminRoute.checkIDParameter).components), use: show)
    }

    func show(request: Request) async throws -> DocumentCheckDetail {
        let context = try request.adminContext()
        // Another environment's check is as unknown as one that never existed.
        guard let text = request.parameters.get("checkID"), let id = UUID(uuidString: text),
              let check = try await DocumentCheckRepository(db: request.db).check(id: id),
              check.environmentID == context.environmentID
        else { throw VerityError(.notFound, "no document check with this id in this environment", field: "checkID") }
        let evidence = try check.sealedEvidence.map {
            try dependencies.protector.open(json: DocumentCheckHandler.Evidence.self, from: $0)
        }
        return DocumentCheckDetail(
            summary: DocumentCheckSummary(check), owner: check.$user.id.uuidString,
            report: evidence?.report, selfie: evidence?.selfie, holderMismatches: evidence?.holderMismatches ?? [],
            dataSourceOutcome: evidence?.dataSourceOutcome?.rawValue)
    }
}
