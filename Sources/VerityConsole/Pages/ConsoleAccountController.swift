import Foundation
import Vapor
import VerityAPI
import VerityCore
import VerityKernel
import VerityOperators
import VerityPages

/// The operator's own account: confirming who they are again before
/// sensitive changes (`/console/confirm`), and forgetting a browser known as
/// theirs (`/console/devices/revoke`).
struct ConsoleAccountController: RouteCollection {
    let console: ConsoleController

    func boot(routes: any RoutesBuilder) throws {
        let pages = routes.grouped(PageHeadersMiddleware(formsPostToSelf: true))
        let form = HTTPBodyStreamStrategy.collect(maxSize: ByteCount(integerLiteral: ConsoleController.formBytes))
        pages.get(routePath(ConsoleRoute.confirm.components), use: confirmPage)
        pages.on(.POST, routePath(ConsoleRoute.confirm.components), body: form, use: confirm)
        pages.on(.POST, routePath(ConsoleRoute.deviceRevoke.components), body: form, use: revokeDevice)
    }

    func confirmPage(request: Request) async throws -> Response {
        try await console.signedIn(request) { session, signedIn, page in
            let next = Self.next(request.query[String.self, at: "next"])
            return noStore(ConsoleController.html(page.confirm(signedIn, next: next, csrfToken: session.csrfToken, problem: nil), status: .ok))
        }
    }

    struct ConfirmForm: Decodable {
        var csrf: String?
        var next: String?
        var password: String?
        var code: String?
    }

    func confirm(request: Request) async throws -> Response {
        try await console.signedIn(request) { session, signedIn, page in
            let form = (try? request.content.decode(ConfirmForm.self, as: .urlEncodedForm)) ?? ConfirmForm()
            let next = Self.next(form.next)
            func again(_ problem: String, _ status: HTTPResponseStatus) -> Response {
                noStore(ConsoleController.html(page.confirm(signedIn, next: next, csrfToken: session.csrfToken, problem: problem), status: status))
            }
            guard OperatorAccounts.csrfMatches(form.csrf, session) else { return again(page.t("error_csrf"), .forbidden) }
            let password = form.password ?? ""
            guard !password.isEmpty else { return again(page.t("error_confirm_missing"), .badRequest) }
            guard password.count <= 200, (form.code ?? "").count <= 10 else { return again(page.t("error_too_long"), .badRequest) }
            let code = form.code.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
            do {
                _ = try await console.accounts(request).confirm(session, password: password, code: code, client: ConsoleController.client(request))
            } catch let refusal as OperatorAccounts.Refusal {
                return ConsoleController.refused(refusal, wrong: "error_confirm_failed", language: page.language, form: again)
            }
            request.logger.notice("console confirmation")
            let response = Response(status: .seeOther)
            response.headers.replaceOrAdd(name: .location, value: next + (next.contains("?") ? "&" : "?") + "lang=\(page.language)")
            return response
        }
    }

    struct DeviceForm: Decodable {
        var csrf: String?
        var device: String?
    }

    func revokeDevice(request: Request) async throws -> Response {
        let language = ConsoleController.language(request)
        guard let session = try await console.session(of: request) else { return ConsoleController.redirect(ConsoleRoute.signIn.path, language: language) }
        let form = (try? request.content.decode(DeviceForm.self, as: .urlEncodedForm)) ?? DeviceForm()
        guard OperatorAccounts.csrfMatches(form.csrf, session) else {
            return try await console.homePage(request, session, problem: ConsoleStrings.text("error_csrf", language), status: .forbidden)
        }
        guard let id = form.device.flatMap(UUID.init(uuidString:)), try await console.accounts(request).revokeDevice(id, session: session) else {
            return try await console.homePage(request, session, problem: ConsoleStrings.text("error_device_unknown", language), status: .notFound)
        }
        return ConsoleController.redirect(ConsoleRoute.home.path, language: language, query: "done=device_revoked")
    }

    /// Where a confirmation returns: a console page (`ConsoleReturnPath`), else the console's first page.
    static func next(_ text: String?) -> String {
        ConsoleReturnPath.checked(text, within: ConsoleRoute.home.path) ?? ConsoleRoute.home.path
    }

    private func noStore(_ response: Response) -> Response {
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }

    init(console: ConsoleController) {
        self.console = console
    }
}
