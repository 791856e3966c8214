import Foundation
import Vapor
import VerityAPI
import VerityCore
import VerityKernel
import VerityPages
import VerityStore

/// `/admin/v1/sanctions`: the lists screened, and the tenant's own
/// watchlists, with a secret key.
struct WatchlistController: RouteCollection {
    let secretKeys: SecretKeyMiddleware
    let watchlists: WatchlistService

    func boot(routes: any RoutesBuilder) throws {
        let admin = routes.grouped(secretKeys)
        // base64 adds a third to the file.
        admin.on(AdminEndpoint.importWatchlist, maxBytes: WatchlistImportInput.maximumFileBytes * 4 / 3 + 1024, use: importFile)
        admin.on(AdminEndpoint.removeWatchlist, use: remove)
        admin.on(AdminEndpoint.sanctionsLists, use: lists)
    }

    func importFile(request: Request, input: WatchlistImportInput) async throws -> WatchlistImportResult {
        let context = try request.adminContext()
        guard let bytes = Data(base64Encoded: input.fileBase64), !bytes.isEmpty else {
            throw VerityError.invalid("fileBase64", "fileBase64 must be a watchlist file (CSV or JSON), base64")
        }
        guard bytes.count <= WatchlistImportInput.maximumFileBytes else {
            throw VerityError(.payloadTooLarge, "a watchlist file is at most \(WatchlistImportInput.maximumFileBytes / 1_048_576) MB")
        }
        return try await watchlists.importFile(Array(bytes), name: try Self.name(request), tenantID: context.environment.$tenant.id,
                                               environmentID: context.environmentID, change: context.change, db: context.db)
    }

    func remove(request: Request) async throws -> WatchlistRemoved {
        let context = try request.adminContext()
        return try await watchlists.remove(name: try Self.name(request), tenantID: context.environment.$tenant.id,
                                           environmentID: context.environmentID, change: context.change, db: context.db)
    }

    func lists(request: Request) async throws -> SanctionsListsView {
        let context = try request.adminContext()
        return try await watchlists.lists(tenantID: context.environment.$tenant.id, screened: context.environment.configuration.screening.lists,
                                          db: context.db)
    }

    static func name(_ request: Request) throws -> String {
        guard let name = request.parameters.get(.watchlist) else { throw VerityError.invalid("name", "the watchlist's name is required") }
        return name
    }
}

/// The admin API's sanctions lists (`/admin/v1/sanctions`).
package struct SanctionsSurface: Surface {
    private let context: SurfaceContext

    package init(_ context: SurfaceContext) { self.context = context }

    package func install(on routes: any RoutesBuilder) throws {
        try routes.register(collection: WatchlistController(secretKeys: context.secretKeys,
                                                            watchlists: WatchlistService(protector: context.protector, clock: context.clock)))
    }

    /// The monitoring alerts a reviewer decides in the console.
    package static func reviews(protector: DataProtector) -> [any ReviewCaseHandler] {
        [MonitoringReview(protector: protector)]
    }
}
