import Fluent
import Foundation
import Vapor
import VerityAPI
import VerityCore
import VerityPages
import VerityStore
import VerityKernel
import VerityOperators
import VerityCertification

/// `/console/users`: a user found by reference, and a reviewer's actions on
/// them. A refused form shows the user again with what went wrong and
/// changes nothing; another tenant's users are never found.
struct ConsoleUserController: RouteCollection {
    let console: ConsoleController
    /// The certification API's service (`CertificationServices`): a reviewer unlocks and revokes through it.
    let certification: CertificationService

    func boot(routes: any RoutesBuilder) throws {
        let pages = routes.grouped(PageHeadersMiddleware(formsPostToSelf: true))
        let form = HTTPBodyStreamStrategy.collect(maxSize: ByteCount(integerLiteral: ConsoleController.formBytes))
        pages.get(routePath(ConsoleRoute.users.components), use: show)
        pages.on(.POST, routePath(ConsoleRoute.userActions.components), body: form, use: act)
    }

    func show(request: Request) async throws -> Response {
        try await console.signedIn(request) { session, signedIn, page in
            let ref = request.query[String.self, at: "ref"] ?? ""
            let notice = request.query[String.self, at: "done"] == "yes" ? page.t("notice_user_done") : nil
            return try await render(request, session: session, signedIn: signedIn, page: page, ref: ref, problem: nil, notice: notice,
                                    status: .ok)
        }
    }

    struct ActionForm: Decodable {
        var csrf: String?
        var action: String?
        var environment: String?
        var ref: String?
        var entity: String?
        var confirm: String?
        var note: String?
    }

    func act(request: Request) async throws -> Response {
        try await console.signedIn(request) { session, signedIn, page in
            let form = (try? request.content.decode(ActionForm.self, as: .urlEncodedForm)) ?? ActionForm()
            let ref = String((form.ref ?? "").prefix(AdminRoute.maxUserRefLength + 1))
            guard OperatorAccounts.csrfMatches(form.csrf, session) else {
                return try await render(request, session: session, signedIn: signedIn, page: page, ref: ref, problem: page.t("error_csrf"),
                                        notice: nil, status: .forbidden)
            }
            do {
                guard let action = form.action.flatMap(ConsoleUserActions.Action.init(rawValue:)) else {
                    throw VerityError.invalid("action", "choose one of the actions")
                }
                guard let environment = form.environment.flatMap(EnvironmentKind.init(rawValue:)) else {
                    throw VerityError.invalid("environment", "test or live")
                }
                guard (try? UserRef.validated(ref)) != nil else { throw VerityError.invalid("ref", "not a user reference") }
                let scope = console.scopes.of(request)
                try await ConsoleUserActions(db: scope.db, protector: console.protector, logger: request.logger,
                                             clock: console.clock, certification: certification)
                    .perform(.init(action: action, environment: environment, userRef: ref, entity: form.entity,
                                   confirmed: form.confirm == "yes", note: (form.note ?? "").trimmingCharacters(in: .whitespacesAndNewlines)),
                             by: session)
                request.logger.notice("console user action", metadata: ["action": .string(action.rawValue)])
                let address = ConsolePage.address(ConsoleRoute.users.path, [
                    URLQueryItem(name: "lang", value: page.language), URLQueryItem(name: "ref", value: ref), URLQueryItem(name: "done", value: "yes"),
                ])
                let response = Response(status: .seeOther)
                response.headers.replaceOrAdd(name: .location, value: address)
                return response
            } catch let error as VerityError {
                let problem: String = if let field = error.field {
                    page.t("error_field_\(field)")
                } else if error.code == .validationError {
                    page.t("error_user_VALIDATION_ERROR").replacingOccurrences(of: "%@", with: error.message)
                } else {
                    page.t("error_\(error.code.rawValue)")
                }
                return try await render(request, session: session, signedIn: signedIn, page: page, ref: ref, problem: problem, notice: nil,
                                        status: HTTPResponseStatus(statusCode: error.code.httpStatus))
            }
        }
    }

    private func render(_ request: Request, session: OperatorAccounts.Session, signedIn: ConsolePage.Operator, page: ConsolePage,
                        ref: String, problem: String?, notice: String?, status: HTTPResponseStatus) async throws -> Response {
        guard !ref.isEmpty else {
            return ConsoleController.html(page.users(signedIn, ref: "", files: nil, problem: problem, notice: notice), status: status)
        }
        do {
            let files = try await ConsoleUsers(scope: console.scopes.of(request), protector: console.protector, clock: console.clock)
                .find(userRef: ref, tenantID: session.tenantID)
            return ConsoleController.html(page.users(signedIn, ref: ref, files: files, problem: problem, notice: notice), status: status)
        } catch let bad as ConsoleUsers.Problem {
            return ConsoleController.html(page.users(signedIn, ref: String(ref.prefix(AdminRoute.maxUserRefLength)), files: nil,
                                                     problem: page.t("error_field_\(bad.field)"), notice: nil), status: .badRequest)
        }
    }

    init(console: ConsoleController, certification: CertificationService) {
        self.console = console
        self.certification = certification
    }
}
