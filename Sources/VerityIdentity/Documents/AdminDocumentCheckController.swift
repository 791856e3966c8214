import VerityStore
import Vapor
import VerityAPI
import VerityCore
import VerityKernel

/// `GET /admin/v1/document-checks/{id}`: a check's full evidence for the
/// tenant's backend (secret key), within the key's environment only.
struct AdminDocumentCheckController: RouteCollection {
    let secretKeys: SecretKeyMiddleware
    let protector: DataProtector

    func boot(routes: any RoutesBuilder) throws {
        routes.grouped(secretKeys).on(AdminEndpoint.documentCheck, use: show)
    }

    func show(request: Request) async throws -> DocumentCheckDetail {
        try await DocumentCheckDetails(db: request.db, protector: protector)
            .detail(checkID: request.parameters.get(.checkID) ?? "", environmentID: try request.adminContext().environmentID)
    }

    init(secretKeys: SecretKeyMiddleware, protector: DataProtector) {
        self.secretKeys = secretKeys
        self.protector = protector
    }
}
