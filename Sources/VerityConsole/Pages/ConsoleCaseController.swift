import Fluent
import Foundation
import Vapor
import VerityAPI
import VerityCore
import VerityPages
import VerityStore
import VerityKernel
import VerityOperators
import VerityIdentity

/// `/console/queue` and `/console/cases/{id}`: the review queue, one case,
/// claiming it and deciding it. Every form carries the session's CSRF
/// token; a refused form shows the page again with what went wrong, and
/// changes nothing. A case of another tenant is not found.
struct ConsoleCaseController: RouteCollection {
    let console: ConsoleController

    func boot(routes: any RoutesBuilder) throws {
        let pages = routes.grouped(PageHeadersMiddleware(formsPostToSelf: true))
        let form = HTTPBodyStreamStrategy.collect(maxSize: ByteCount(integerLiteral: ConsoleController.formBytes))
        let id = ConsoleCaseRoute.idParameter
        pages.get(routePath(ConsoleRoute.queue.components), use: queue)
        pages.get(routePath(ConsoleCaseRoute.show(id: id).components), use: show)
        pages.get(routePath(ConsoleCaseRoute.image(id: id, side: ConsoleCaseRoute.sideParameter).components), use: image)
        pages.on(.POST, routePath(ConsoleCaseRoute.claim(id: id).components), body: form, use: claim)
        pages.on(.POST, routePath(ConsoleCaseRoute.release(id: id).components), body: form, use: release)
        pages.on(.POST, routePath(ConsoleCaseRoute.decision(id: id).components), body: form, use: decide)
    }

    private func cases(_ request: Request) -> ConsoleCases {
        ConsoleCases(scope: console.scopes.of(request), protector: console.protector, clock: console.clock,
                     handlers: console.reviews)
    }
    private func decisions(_ request: Request) -> CaseDecisions {
        CaseDecisions(scope: console.scopes.of(request), clock: console.clock, handlers: console.reviews,
                      wake: console.wake)
    }

    // MARK: Pages

    func queue(request: Request) async throws -> Response {
        try await console.signedIn(request) { session, signedIn, page in
            let notice: String? = switch request.query[String.self, at: "done"] {
            case "decided": page.t("notice_decided")
            case "released": page.t("notice_released")
            default: nil
            }
            let queue = ReviewQueue(db: console.scopes.of(request).db, protector: console.protector, clock: console.clock,
                                    handlers: console.reviews)
            do {
                let found = try await queue.page(session: session, after: request.query[String.self, at: "after"])
                return ConsoleController.html(page.queue(signedIn, page: found, problem: nil, notice: notice), status: .ok)
            } catch let problem as ReviewQueue.Problem {
                return ConsoleController.html(page.queue(signedIn, page: nil, problem: page.t("error_field_\(problem.field)"), notice: nil),
                                              status: .badRequest)
            }
        }
    }

    func show(request: Request) async throws -> Response {
        try await console.signedIn(request) { session, signedIn, page in
            let notice = request.query[String.self, at: "done"] == "claimed" ? page.t("notice_claimed") : nil
            return try await render(request, session: session, signedIn: signedIn, page: page, problem: nil, notice: notice, status: .ok)
        }
    }

    /// A held check's image, for the case page's `<img>`: never cached, never
    /// guessed at by the browser, gone once the case is decided.
    func image(request: Request) async throws -> Response {
        guard let session = try await console.session(of: request) else { return Response(status: .notFound) }
        guard let id = caseID(request), let side = request.parameters.get(.side).flatMap(ReviewImageSide.init(rawValue:)),
              let found = try await cases(request).image(caseID: id, side: side, session: session) else {
            return Response(status: .notFound)
        }
        let response = Response(status: .ok, body: .init(data: found.bytes))
        response.headers.replaceOrAdd(name: .contentType, value: found.mediaType)
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        response.headers.replaceOrAdd(name: .contentDisposition, value: "inline")
        return response
    }

    // MARK: Forms

    /// The decision form: its own fields, and the kind's (`ReviewCaseHandler.decisionFields`) by name.
    struct CaseForm {
        var csrf: String?
        var decision: String?
        var reason: String?
        var note: String?
        var fields: [String: String] = [:]

        init(_ fields: [String: String] = [:]) {
            (csrf, decision, reason, note) = (fields["csrf"], fields["decision"], fields["reason"], fields["note"])
            self.fields = fields.filter { !["csrf", "decision", "reason", "note"].contains($0.key) }
        }
    }

    func claim(request: Request) async throws -> Response {
        try await act(request) { session, id, _ in
            _ = try await decisions(request).claim(caseID: id, by: session)
            return ConsoleController.redirect(ConsoleCaseRoute.show(id: id.uuidString).path, language: ConsoleController.language(request),
                                              query: "done=claimed")
        }
    }

    func release(request: Request) async throws -> Response {
        try await act(request) { session, id, _ in
            try await decisions(request).release(caseID: id, by: session)
            return ConsoleController.redirect(ConsoleRoute.queue.path, language: ConsoleController.language(request), query: "done=released")
        }
    }

    func decide(request: Request) async throws -> Response {
        try await act(request) { session, id, form in
            guard let decision = form.decision.flatMap(ReviewDecision.init(rawValue:)) else {
                throw VerityError.invalid("decision", "decision is approve or reject")
            }
            let shown = try await decisions(request).decide(caseID: id, decision: decision, reason: form.reason ?? "", note: form.note,
                                                            fields: form.fields, by: session)
            request.logger.notice("console case decided", metadata: ["case_id": .string(id.uuidString), "decision": .string(decision.rawValue)])
            if let shown {
                // Shown once, in this answer: never in a URL, never cached.
                let page = console.page(ConsoleController.language(request))
                let response = ConsoleController.html(page.shownOnce(console.signedIn(session), caseID: id, shown), status: .ok)
                response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
                return response
            }
            return ConsoleController.redirect(ConsoleRoute.queue.path, language: ConsoleController.language(request), query: "done=decided")
        }
    }

    /// A form on one case: the session, its CSRF token and the case id
    /// checked first; a refusal shows the case again with its reason.
    private func act(_ request: Request, _ body: (OperatorAccounts.Session, UUID, CaseForm) async throws -> Response) async throws -> Response {
        try await console.signedIn(request) { session, signedIn, page in
            let form = CaseForm((try? request.content.decode([String: String].self, as: .urlEncodedForm)) ?? [:])
            guard OperatorAccounts.csrfMatches(form.csrf, session) else {
                return try await render(request, session: session, signedIn: signedIn, page: page, problem: page.t("error_csrf"),
                                        notice: nil, status: .forbidden)
            }
            guard let id = caseID(request) else { return ConsoleController.html(page.caseNotFound(signedIn), status: .notFound) }
            do {
                return try await body(session, id, form)
            } catch let error as VerityError {
                let problem = error.field.map { page.t("error_field_\($0)") } ?? page.t("error_\(error.code.rawValue)")
                return try await render(request, session: session, signedIn: signedIn, page: page, problem: problem, notice: nil,
                                        status: HTTPResponseStatus(statusCode: error.code == .notFound ? 404 : error.code.httpStatus))
            }
        }
    }

    private func render(_ request: Request, session: OperatorAccounts.Session, signedIn: ConsolePage.Operator, page: ConsolePage,
                        problem: String?, notice: String?, status: HTTPResponseStatus) async throws -> Response {
        guard let id = caseID(request), let file = try await cases(request).file(caseID: id, session: session) else {
            return ConsoleController.html(page.caseNotFound(signedIn), status: .notFound)
        }
        return ConsoleController.html(page.reviewCase(signedIn, file: file, problem: problem, notice: notice), status: status)
    }

    private func caseID(_ request: Request) -> UUID? {
        request.parameters.get(.caseID).flatMap(UUID.init(uuidString:))
    }

    init(console: ConsoleController) {
        self.console = console
    }
}
