import Foundation
import Vapor
import VerityAPI
import VerityCore
import VerityKernel
import VerityOperators
import VeritySanctions

/// `/console/settings/sanctions`: the lists screened with their versions,
/// and the tenant's watchlists imported and removed (the same service as
/// `POST /admin/v1/sanctions/watchlists/{name}` and `verity sanctions watchlist`).
extension ConsoleSettingsController {
    func bootSanctions(_ pages: any RoutesBuilder) {
        pages.get(routePath(ConsoleRoute.settingsSanctions.components), use: sanctions)
        // A watchlist runs to a few MB (a large-body route: `LargeBodyGate`).
        pages.postCollecting(routePath(ConsoleRoute.settingsSanctionsImport.components), maxBytes: WatchlistImportInput.maximumFileBytes + 64 * 1024,
                             use: importWatchlist)
        pages.post(routePath(ConsoleRoute.settingsSanctionsRemove.components), use: removeWatchlist)
    }

    private func sanctionsLists(_ request: Request) -> ConsoleSanctionsLists {
        ConsoleSanctionsLists(db: console.scopes.of(request).db, clock: console.clock, watchlists: watchlists)
    }

    struct WatchlistForm: Decodable {
        var csrf: String?
        var name: String?
        var file: File?
        var reason: String?
    }

    func sanctions(request: Request) async throws -> Response {
        try await admin(request) { session, signedIn, page in
            let view = try await sanctionsLists(request).view(session: session)
            return ConsoleController.html(page.settingsSanctions(signedIn, view: view, imported: nil, removed: nil, problem: nil), status: .ok)
        }
    }

    func importWatchlist(request: Request) async throws -> Response {
        let form = (try? request.content.decode(WatchlistForm.self, as: .formData)) ?? WatchlistForm()
        return try await watchlistAction(request, csrf: form.csrf) { service, session in
            let imported = try await service.importWatchlist(name: form.name, file: form.file.map { Data(buffer: $0.data) }, reason: form.reason,
                                                             session: session)
            request.logger.notice("console watchlist imported", metadata: ["list": .string(imported.list), "entries": .stringConvertible(imported.entries)])
            return (imported, nil)
        }
    }

    func removeWatchlist(request: Request) async throws -> Response {
        let form = (try? request.content.decode(WatchlistForm.self)) ?? WatchlistForm()
        return try await watchlistAction(request, csrf: form.csrf) { service, session in
            let removed = try await service.remove(name: form.name, reason: form.reason, session: session)
            return (nil, removed.list)
        }
    }

    /// An admin's form: CSRF checked, then the page again with what happened or the problem.
    private func watchlistAction(_ request: Request, csrf: String?,
                                 _ body: (ConsoleSanctionsLists, OperatorAccounts.Session) async throws -> (WatchlistImportResult?, String?)) async throws -> Response {
        try await admin(request) { session, signedIn, page in
            let service = sanctionsLists(request)
            func again(_ problem: String?, _ done: (WatchlistImportResult?, String?), _ status: HTTPResponseStatus) async throws -> Response {
                let view = try await service.view(session: session)
                return ConsoleController.html(page.settingsSanctions(signedIn, view: view, imported: done.0, removed: done.1, problem: problem), status: status)
            }
            guard OperatorAccounts.csrfMatches(csrf, session) else { return try await again(page.t("error_csrf"), (nil, nil), .forbidden) }
            do {
                return try await again(nil, try await body(service, session), .ok)
            } catch let error as VerityError {
                // A watchlist's own refusal names its lines and fields: shown as it is.
                let problem = error.field == "file" || !error.problems.isEmpty ? error.message : Self.problem(error, page)
                return try await again(problem, (nil, nil), HTTPResponseStatus(statusCode: error.code.httpStatus))
            }
        }
    }
}
