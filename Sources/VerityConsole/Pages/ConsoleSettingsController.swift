import Fluent
import Foundation
import Vapor
import VerityAPI
import VerityChipChecks
import VerityCore
import VerityPages
import VerityStore
import VerityKernel
import VerityOperators
import VeritySanctions

/// `/console/settings`: an environment's verification rules and consent
/// texts, changed by admins. Other roles are refused (403) before anything is
/// read; a refused form shows the page again with what went wrong, with the
/// values as typed, and changes nothing.
struct ConsoleSettingsController: RouteCollection {
    let console: ConsoleController
    /// The tenant's chip trust, read in the engines' sandbox (`ChipSurface` builds the same).
    let chipTrust: ChipTrustService
    /// The tenant's watchlists (the admin API and the CLI use the same).
    let watchlists: WatchlistService

    func boot(routes: any RoutesBuilder) throws {
        let pages = routes.grouped(PageHeadersMiddleware(formsPostToSelf: true))
        // A consent text may be 32 KiB; the console's other forms are smaller.
        let form = HTTPBodyStreamStrategy.collect(maxSize: ByteCount(integerLiteral: max(ConsoleController.formBytes, 48 * 1024)))
        pages.get(routePath(ConsoleRoute.settings.components), use: show)
        pages.on(.POST, routePath(ConsoleRoute.settingsRules.components), body: form, use: saveRules)
        pages.on(.POST, routePath(ConsoleRoute.settingsConsent.components), body: form, use: addConsent)
        bootAccess(pages, form: form)
        bootChipTrust(pages)
        bootSanctions(pages)
    }

    private func settings(_ request: Request) -> ConsoleEnvironmentSettings {
        ConsoleEnvironmentSettings(db: console.scopes.of(request).db, clock: console.clock)
    }

    static func environment(_ text: String?) -> EnvironmentKind? {
        guard let text, !text.isEmpty else { return .live }
        return EnvironmentKind(rawValue: text)
    }

    func show(request: Request) async throws -> Response {
        try await console.signedIn(request) { session, signedIn, page in
            guard session.role.includes(.admin) else { return ConsoleController.html(page.settingsRefused(signedIn), status: .forbidden) }
            guard let kind = Self.environment(request.query[String.self, at: "environment"]) else {
                return ConsoleController.html(page.settingsRefused(signedIn, problem: page.t("error_field_environment")), status: .badRequest)
            }
            let notice: String? = switch request.query[String.self, at: "done"] {
            case "saved": page.t("notice_settings_saved")
            case "unchanged": page.t("notice_settings_unchanged")
            case "consent": page.t("notice_consent_added")
            default: nil
            }
            let view = try await settings(request).view(kind, session: session)
            return ConsoleController.html(page.settings(signedIn, view: view, typed: nil, problem: nil, notice: notice), status: .ok)
        }
    }

    struct RulesForm: Decodable {
        var csrf: String?
        var environment: String?
        var countries: String?
        var maxAttempts: String?
        var consentRequired: String?
        var escalate: String?
        var faceThreshold: String?
        var review: String?
        var reviewMargin: String?
        var version: String?
        var reason: String?

        var typed: ConsoleEnvironmentSettings.RulesForm {
            .init(countries: countries, maxAttempts: maxAttempts, consentRequired: consentRequired == "yes", escalate: escalate == "yes",
                  faceThreshold: faceThreshold, review: review == "yes", reviewMargin: reviewMargin, version: version, reason: reason)
        }
    }

    struct ConsentForm: Decodable {
        var csrf: String?
        var environment: String?
        var locale: String?
        var contentType: String?
        var content: String?
    }

    func saveRules(request: Request) async throws -> Response {
        let form = (try? request.content.decode(RulesForm.self, as: .urlEncodedForm)) ?? RulesForm()
        return try await act(request, csrf: form.csrf, environment: form.environment, typed: form.typed) { session, kind in
            let changes = try await settings(request).update(kind, form: form.typed, session: session)
            request.logger.notice("console settings saved", metadata: ["environment": .string(kind.rawValue), "changes": .stringConvertible(changes.count)])
            return changes.isEmpty ? "unchanged" : "saved"
        }
    }

    func addConsent(request: Request) async throws -> Response {
        let form = (try? request.content.decode(ConsentForm.self, as: .urlEncodedForm)) ?? ConsentForm()
        return try await act(request, csrf: form.csrf, environment: form.environment, typed: nil) { session, kind in
            try await settings(request).addConsentText(kind, locale: form.locale, contentType: form.contentType, content: form.content,
                                                       session: session)
            return "consent"
        }
    }

    /// A settings form: admin, CSRF and environment checked first; the page
    /// again with the problem when refused, else back to the settings with `done`.
    private func act(_ request: Request, csrf: String?, environment: String?, typed: ConsoleEnvironmentSettings.RulesForm?,
                     _ body: (OperatorAccounts.Session, EnvironmentKind) async throws -> String) async throws -> Response {
        try await console.signedIn(request) { session, signedIn, page in
            guard session.role.includes(.admin) else { return ConsoleController.html(page.settingsRefused(signedIn), status: .forbidden) }
            guard let kind = Self.environment(environment) else {
                return ConsoleController.html(page.settingsRefused(signedIn, problem: page.t("error_field_environment")), status: .badRequest)
            }
            func again(_ problem: String, _ status: HTTPResponseStatus) async throws -> Response {
                let view = try await settings(request).view(kind, session: session)
                return ConsoleController.html(page.settings(signedIn, view: view, typed: typed, problem: problem, notice: nil), status: status)
            }
            guard OperatorAccounts.csrfMatches(csrf, session) else { return try await again(page.t("error_csrf"), .forbidden) }
            do {
                let done = try await body(session, kind)
                return ConsoleController.redirect(ConsoleRoute.settings.path, language: page.language, query: "environment=\(kind.rawValue)&done=\(done)")
            } catch let error as VerityError {
                let problem = error.field.map { page.t("error_field_\($0)") } ?? page.t("error_\(error.code.rawValue)")
                return try await again(problem, HTTPResponseStatus(statusCode: error.code.httpStatus))
            }
        }
    }

    init(console: ConsoleController, chipTrust: ChipTrustService, watchlists: WatchlistService) {
        self.console = console
        self.chipTrust = chipTrust
        self.watchlists = watchlists
    }
}
