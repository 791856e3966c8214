import Vapor
import VerityAPI
import VerityKernel

/// `/admin/v1/chip/trust`: the tenant's CSCAs and CRLs, with a secret key.
struct ChipTrustController: RouteCollection {
    let secretKeys: SecretKeyMiddleware
    let trust: ChipTrustService

    func boot(routes: any RoutesBuilder) throws {
        let admin = routes.grouped(secretKeys)
        // A master list runs to about 1 MB, 1.4 MB in base64.
        admin.on(AdminEndpoint.importChipTrust, maxBytes: ChipTrustImportInput.maximumFileBytes * 2, use: importFile)
        admin.on(AdminEndpoint.chipTrust, use: list)
    }

    func importFile(request: Request, input: ChipTrustImportInput) async throws -> ChipTrustImportResult {
        let context = try request.adminContext()
        return try await trust.importFile(input, tenantID: context.environment.$tenant.id, environmentID: context.environmentID,
                                          change: context.change, db: context.db)
    }

    func list(request: Request) async throws -> ChipTrustView {
        let context = try request.adminContext()
        return try await trust.trust(tenantID: context.environment.$tenant.id, db: context.db)
    }
}
