import Fluent
import Foundation
import Vapor
import VerityAPI
import VerityCore
import VerityStore
import VerityKernel
import VerityOperators

/// `/console/settings/keys` and `/console/settings/operators`: who and what
/// may reach the tenant's data. A key or password made here is shown once,
/// in the answer to the form (never in an address, never cached).
extension ConsoleSettingsController {
    func bootAccess(_ pages: any RoutesBuilder, form: HTTPBodyStreamStrategy) {
        pages.get(routePath(ConsoleRoute.settingsKeys.components), use: keys)
        pages.on(.POST, routePath(ConsoleRoute.settingsKeyCreate.components), body: form, use: makeKey)
        pages.on(.POST, routePath(ConsoleRoute.settingsKeyRevoke.components), body: form, use: revokeKey)
        pages.get(routePath(ConsoleRoute.settingsOperators.components), use: operators)
        pages.on(.POST, routePath(ConsoleRoute.settingsOperatorCreate.components), body: form, use: makeOperator)
        pages.on(.POST, routePath(ConsoleRoute.settingsOperatorAction.components), body: form, use: operatorAction)
    }

    private func keyService(_ request: Request) -> ConsoleKeys { ConsoleKeys(db: console.scopes.of(request).db, clock: console.clock, protector: console.protector) }
    private func operatorService(_ request: Request) -> ConsoleOperators { ConsoleOperators(accounts: console.accounts(request)) }

    struct KeyForm: Decodable {
        var csrf: String?
        var environment: String?
        var kind: String?
        var key: String?
        var reason: String?
        var scopes: [String]?
    }

    struct OperatorForm: Decodable {
        var csrf: String?
        var email: String?
        var role: String?
        var secondFactor: String?
        var reason: String?
        var `operator`: String?
        var action: String?
    }

    // MARK: Keys

    func keys(request: Request) async throws -> Response {
        try await admin(request) { session, signedIn, page in
            guard let kind = Self.environment(request.query[String.self, at: "environment"]) else {
                return ConsoleController.html(page.settingsRefused(signedIn, problem: page.t("error_field_environment")), status: .badRequest)
            }
            let notice = request.query[String.self, at: "done"] == "revoked" ? page.t("notice_key_revoked") : nil
            let view = try await keyService(request).view(kind, session: session)
            return ConsoleController.html(page.settingsKeys(signedIn, view: view, made: nil, problem: nil, notice: notice), status: .ok)
        }
    }

    func makeKey(request: Request) async throws -> Response {
        let form = (try? request.content.decode(KeyForm.self, as: .urlEncodedForm)) ?? KeyForm()
        return try await keyForm(request, form) { session, kind, page, signedIn in
            guard let keyKind = form.kind.flatMap(KeyDirectory.Kind.init(rawValue:)) else { throw VerityError.invalid("kind", "secret or client") }
            let made = try await keyService(request).make(keyKind, in: kind, scopes: form.scopes ?? [], reason: form.reason, session: session)
            request.logger.notice("console key made", metadata: ["kind": .string(keyKind.rawValue), "environment": .string(kind.rawValue)])
            let view = try await keyService(request).view(kind, session: session)
            return ConsoleController.html(page.settingsKeys(signedIn, view: view, made: made, problem: nil, notice: nil), status: .ok)
        }
    }

    func revokeKey(request: Request) async throws -> Response {
        let form = (try? request.content.decode(KeyForm.self, as: .urlEncodedForm)) ?? KeyForm()
        return try await keyForm(request, form) { session, kind, page, _ in
            guard let keyKind = form.kind.flatMap(KeyDirectory.Kind.init(rawValue:)) else { throw VerityError.invalid("kind", "secret or client") }
            try await keyService(request).revoke(keyKind, id: form.key, in: kind, reason: form.reason, session: session)
            return ConsoleController.redirect(ConsoleRoute.settingsKeys.path, language: page.language, query: "environment=\(kind.rawValue)&done=revoked")
        }
    }

    private func keyForm(_ request: Request, _ form: KeyForm,
                         _ body: (OperatorAccounts.Session, EnvironmentKind, ConsolePage, ConsolePage.Operator) async throws -> Response)
        async throws -> Response {
        try await admin(request) { session, signedIn, page in
            guard let kind = Self.environment(form.environment) else {
                return ConsoleController.html(page.settingsRefused(signedIn, problem: page.t("error_field_environment")), status: .badRequest)
            }
            func again(_ problem: String, _ status: HTTPResponseStatus) async throws -> Response {
                let view = try await keyService(request).view(kind, session: session)
                return ConsoleController.html(page.settingsKeys(signedIn, view: view, made: nil, problem: problem, notice: nil), status: status)
            }
            guard OperatorAccounts.csrfMatches(form.csrf, session) else { return try await again(page.t("error_csrf"), .forbidden) }
            do {
                return try await body(session, kind, page, signedIn)
            } catch let error as VerityError {
                return try await again(Self.problem(error, page), HTTPResponseStatus(statusCode: error.code.httpStatus))
            }
        }
    }

    // MARK: Operators

    func operators(request: Request) async throws -> Response {
        try await admin(request) { session, signedIn, page in
            let notice = request.query[String.self, at: "done"] == "yes" ? page.t("notice_operator_done") : nil
            let list = try await operatorService(request).list(session: session)
            return ConsoleController.html(page.settingsOperators(signedIn, operators: list, shown: nil, problem: nil, notice: notice), status: .ok)
        }
    }

    func makeOperator(request: Request) async throws -> Response {
        let form = (try? request.content.decode(OperatorForm.self, as: .urlEncodedForm)) ?? OperatorForm()
        return try await operatorForm(request, form) { session, page, signedIn in
            let made = try await operatorService(request).create(email: form.email, role: form.role, secondFactor: form.secondFactor == "yes",
                                                                 reason: form.reason, session: session)
            let list = try await operatorService(request).list(session: session)
            return ConsoleController.html(page.settingsOperators(signedIn, operators: list, shown: .password(made), problem: nil, notice: nil),
                                          status: .ok)
        }
    }

    func operatorAction(request: Request) async throws -> Response {
        let form = (try? request.content.decode(OperatorForm.self, as: .urlEncodedForm)) ?? OperatorForm()
        return try await operatorForm(request, form) { session, page, signedIn in
            guard let action = form.action.flatMap(ConsoleOperators.Action.init(rawValue:)) else { throw VerityError.invalid("action", "choose one") }
            let shown = try await operatorService(request).act(action, id: form.operator, reason: form.reason, session: session)
            guard let shown else { return ConsoleController.redirect(ConsoleRoute.settingsOperators.path, language: page.language, query: "done=yes") }
            let list = try await operatorService(request).list(session: session)
            return ConsoleController.html(page.settingsOperators(signedIn, operators: list, shown: shown, problem: nil, notice: nil), status: .ok)
        }
    }

    private func operatorForm(_ request: Request, _ form: OperatorForm,
                              _ body: (OperatorAccounts.Session, ConsolePage, ConsolePage.Operator) async throws -> Response) async throws -> Response {
        try await admin(request) { session, signedIn, page in
            func again(_ problem: String, _ status: HTTPResponseStatus) async throws -> Response {
                let list = try await operatorService(request).list(session: session)
                return ConsoleController.html(page.settingsOperators(signedIn, operators: list, shown: nil, problem: problem, notice: nil), status: status)
            }
            guard OperatorAccounts.csrfMatches(form.csrf, session) else { return try await again(page.t("error_csrf"), .forbidden) }
            do {
                return try await body(session, page, signedIn)
            } catch let error as VerityError {
                return try await again(Self.problem(error, page), HTTPResponseStatus(statusCode: error.code.httpStatus))
            }
        }
    }

    // MARK: Shared

    /// Admins only: anyone else is answered 403 before anything is read.
    func admin(_ request: Request, _ body: (OperatorAccounts.Session, ConsolePage.Operator, ConsolePage) async throws -> Response)
        async throws -> Response {
        try await console.signedIn(request) { session, signedIn, page in
            guard session.role.includes(.admin) else { return ConsoleController.html(page.settingsRefused(signedIn), status: .forbidden) }
            let response = try await body(session, signedIn, page)
            // A key or password may be in this answer: never kept by a cache.
            response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
            return response
        }
    }

    static func problem(_ error: VerityError, _ page: ConsolePage) -> String {
        error.field.map { page.t("error_field_\($0)") } ?? page.t("error_\(error.code.rawValue)")
    }
}
