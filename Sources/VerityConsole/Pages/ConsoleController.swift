import Foundation
import Vapor
import VerityAPI
import VerityCore
import VerityPages
import VerityStore
import VerityKernel
import VerityWebhooks
import VerityOperators

/// `/console`: signing in and out, and the pages behind them. The session
/// travels in an `HttpOnly`, `SameSite=Strict` cookie (`Secure` over TLS);
/// every form carries a CSRF token: the session's own once signed in, and
/// before that a random one doubled in a short-lived cookie of its own.
struct ConsoleController: RouteCollection {
    /// What each kind of case shows and how it is decided, from the features that open them.
    let reviews: ReviewCaseHandlers
    let scopes: RequestScopes
    let protector: DataProtector
    let clock: VerityClock
    /// Wakes the webhook worker after a decision published its events.
    let wake: WebhookWake
    /// Bcrypt's cost for operators' passwords (`Settings.operatorPasswordCost`).
    let passwordCost: Int
    /// The sign-ins this server is hashing or waiting to hash (`SignInGuard`).
    let signInHashing: SignInGuard.HashingQueue
    /// The pages' own address is HTTPS (`VERITY_PAGES_URL`): cookies are `Secure`.
    let servedOverHTTPS: Bool

    /// A page in `language`, with every kind of case's words.
    func page(_ language: String) -> ConsolePage { ConsolePage(language: language, words: reviews.words) }

    static let sessionCookie = "verity_console"
    static let signInCookie = "verity_console_signin"
    /// Marks a browser an operator signed in from (`SignInGuard`, `operator_devices`): 90 days, or until revoked.
    static let deviceCookie = "verity_console_device"
    /// Sign-in forms are small: anything larger is refused before it is read.
    static let formBytes = 16 * 1024

    /// Accounts through the request's own database handle (its event loop's pool).
    func accounts(_ request: Request) -> OperatorAccounts {
        OperatorAccounts(db: scopes.of(request).db, protector: protector, clock: clock,
                         cost: passwordCost, hashing: signInHashing)
    }

    func boot(routes: any RoutesBuilder) throws {
        let pages = routes.grouped(PageHeadersMiddleware(formsPostToSelf: true))
        let form = HTTPBodyStreamStrategy.collect(maxSize: ByteCount(integerLiteral: Self.formBytes))
        pages.get(routePath(ConsoleRoute.home.components), use: home)
        pages.get(routePath(ConsoleRoute.signIn.components), use: signInPage)
        pages.get(routePath(ConsoleRoute.audit.components), use: audit)
        pages.get(routePath(ConsoleRoute.overview.components), use: overview)
        pages.on(.POST, routePath(ConsoleRoute.signIn.components), body: form, use: signIn)
        pages.on(.POST, routePath(ConsoleRoute.signOut.components), body: form, use: signOut)
    }

    // MARK: Pages

    func home(request: Request) async throws -> Response {
        guard let session = try await session(of: request) else { return Self.redirect(ConsoleRoute.signIn.path, language: Self.language(request)) }
        let notice = request.query[String.self, at: "done"] == "device_revoked" ? "notice_device_revoked" : nil
        return try await homePage(request, session, notice: notice)
    }

    /// The operator's own page: who they are, the browsers known as theirs
    /// (this one marked), and signing out everywhere.
    func homePage(_ request: Request, _ session: OperatorAccounts.Session, problem: String? = nil, notice: String? = nil,
                  status: HTTPResponseStatus = .ok) async throws -> Response {
        let page = page(Self.language(request))
        let devices = try await accounts(request).devices(session)
        let thisDevice = request.cookies[Self.deviceCookie].map { DataProtector.hashSecret($0.string) }
        return Self.html(page.home(signedIn(session), lastSignInAt: session.account.lastSignInAtEpochMs, devices: devices,
                                   thisDevice: thisDevice, problem: problem, notice: notice.map(page.t)), status: status)
    }

    /// The audit trail, filtered by the query's fields; every role may read it.
    func audit(request: Request) async throws -> Response {
        try await signedIn(request) { session, signedIn, page in
            let query = ConsoleAuditTrail.Query(
                action: request.query[String.self, at: "action"], actor: request.query[String.self, at: "actor"],
                userRef: request.query[String.self, at: "user"], from: request.query[String.self, at: "from"],
                to: request.query[String.self, at: "to"], after: request.query[String.self, at: "after"])
            let trail = ConsoleAuditTrail(db: scopes.of(request).db, protector: protector)
            do {
                let found = try await trail.page(tenantID: session.tenantID, query: query)
                return Self.html(page.audit(signedIn, query: query, page: found, problem: nil), status: .ok)
            } catch let problem as ConsoleAuditTrail.Problem {
                return Self.html(page.audit(signedIn, query: query, page: nil, problem: page.t("error_field_\(problem.field)")), status: .badRequest)
            }
        }
    }

    /// The overview of one environment, the one the query names; every role
    /// may read it. Unnamed, it is live, unless live has had nothing in the
    /// window and test has (a tenant still integrating, or the demo).
    func overview(request: Request) async throws -> Response {
        try await signedIn(request) { session, signedIn, page in
            let overview = ConsoleOverview(db: scopes.of(request).db, clock: clock)
            let named = request.query[String.self, at: "environment"].flatMap(EnvironmentKind.init(rawValue:))
            var figures = try await overview.figures(tenantID: session.tenantID, operatorID: session.operatorID, environment: named ?? .live)
            if named == nil, figures.map({ !$0.hasActivity }) ?? true,
               let test = try await overview.figures(tenantID: session.tenantID, operatorID: session.operatorID, environment: .test),
               test.hasActivity {
                figures = test
            }
            guard let figures else { return Self.html(page.caseNotFound(signedIn), status: .notFound) }
            return Self.html(page.overview(signedIn, figures: figures), status: .ok)
        }
    }

    /// Runs `body` for a signed-in operator; anyone else is sent to sign in.
    func signedIn(_ request: Request,
                          _ body: (OperatorAccounts.Session, ConsolePage.Operator, ConsolePage) async throws -> Response) async throws -> Response {
        let language = Self.language(request)
        guard let session = try await session(of: request) else { return Self.redirect(ConsoleRoute.signIn.path, language: language) }
        return try await body(session, signedIn(session), page(language))
    }

    /// The operator as a page names them.
    func signedIn(_ session: OperatorAccounts.Session) -> ConsolePage.Operator {
        ConsolePage.Operator(email: session.account.email, tenant: session.tenantName, role: session.role, csrfToken: session.csrfToken,
                             confirmedUntil: session.confirmedUntil(now: clock.nowMillis()))
    }

    func signInPage(request: Request) async throws -> Response {
        let language = Self.language(request)
        if try await session(of: request) != nil { return Self.redirect(ConsoleRoute.overview.path, language: language) }
        let notice: String? = switch request.query[String.self, at: "signed_out"] {
        case "this": ConsoleStrings.text("signed_out", language)
        case "everywhere": ConsoleStrings.text("signed_out_everywhere", language)
        default: nil
        }
        return signInForm(request, language: language, email: "", problem: nil, notice: notice, status: .ok)
    }

    // MARK: Forms

    struct SignInForm: Decodable {
        var csrf: String?
        var email: String?
        var password: String?
        var code: String?
    }

    func signIn(request: Request) async throws -> Response {
        let language = Self.language(request)
        let text = { (key: String) in ConsoleStrings.text(key, language) }
        let form = (try? request.content.decode(SignInForm.self, as: .urlEncodedForm)) ?? SignInForm()
        let email = String((form.email ?? "").prefix(254))
        guard let sent = form.csrf, let expected = request.cookies[Self.signInCookie]?.string, DataProtector.constantTimeEqual(sent, expected) else {
            return signInForm(request, language: language, email: email, problem: text("error_csrf"), notice: nil, status: .forbidden)
        }
        let password = form.password ?? ""
        guard !email.trimmingCharacters(in: .whitespaces).isEmpty, !password.isEmpty else {
            return signInForm(request, language: language, email: email, problem: text("error_missing"), notice: nil, status: .badRequest)
        }
        guard (form.email ?? "").count <= 254, password.count <= 200, (form.code ?? "").count <= 10 else {
            return signInForm(request, language: language, email: "", problem: text("error_too_long"), notice: nil, status: .badRequest)
        }
        do {
            let code = form.code.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
            let signedIn = try await accounts(request).signIn(email: email, password: password, code: code, client: Self.client(request))
            let response = Self.redirect(ConsoleRoute.overview.path, language: language)
            response.cookies[Self.sessionCookie] = cookie(signedIn.token, request: request,
                                                          maxAge: Int(OperatorAccounts.sessionMaxMilliseconds / 1000))
            if let device = signedIn.deviceCookie {
                response.cookies[Self.deviceCookie] = cookie(device, request: request, maxAge: Int(SignInGuard.deviceMilliseconds / 1000))
            }
            response.cookies[Self.signInCookie] = cookie("", request: request, maxAge: 0)
            request.logger.notice("console sign-in")
            return response
        } catch let refusal as OperatorAccounts.Refusal {
            return Self.refused(refusal, wrong: "error_sign_in_failed", language: language) { problem, status in
                signInForm(request, language: language, email: email, problem: problem, notice: nil, status: status)
            }
        }
    }

    /// A refused sign-in or confirmation: its form again (`form`) with what
    /// went wrong (`wrong`'s words for a wrong answer), and `Retry-After` when
    /// the client must wait.
    static func refused(_ refusal: OperatorAccounts.Refusal, wrong: String, language: String,
                        form: (String, HTTPResponseStatus) -> Response) -> Response {
        let text = { (key: String) in ConsoleStrings.text(key, language) }
        switch refusal {
        case .wrong:
            return form(text(wrong), .unauthorized)
        case .throttled(let seconds):
            let page = form(text("error_throttled"), .tooManyRequests)
            page.headers.replaceOrAdd(name: .retryAfter, value: String(seconds))
            return page
        case .busy:
            let page = form(text("error_busy"), .serviceUnavailable)
            page.headers.replaceOrAdd(name: .retryAfter, value: "2")
            return page
        }
    }

    struct SignOutForm: Decodable {
        var csrf: String?
        var scope: String?
    }

    func signOut(request: Request) async throws -> Response {
        let language = Self.language(request)
        guard let session = try await session(of: request) else { return Self.redirect(ConsoleRoute.signIn.path, language: language) }
        let form = (try? request.content.decode(SignOutForm.self, as: .urlEncodedForm)) ?? SignOutForm()
        guard OperatorAccounts.csrfMatches(form.csrf, session) else {
            // Still signed in: the console's first page again, with what went wrong.
            return try await homePage(request, session, problem: ConsoleStrings.text("error_csrf", language), status: .forbidden)
        }
        let everywhere = form.scope == "everywhere"
        try await accounts(request).signOut(session, everywhere: everywhere)
        let response = Self.redirect(ConsoleRoute.signIn.path, language: language, query: "signed_out=\(everywhere ? "everywhere" : "this")")
        response.cookies[Self.sessionCookie] = cookie("", request: request, maxAge: 0)
        return response
    }

    // MARK: Pieces

    /// The form with a fresh CSRF token, doubled in its cookie.
    private func signInForm(_ request: Request, language: String, email: String, problem: String?, notice: String?,
                            status: HTTPResponseStatus) -> Response {
        let token = DataProtector.base64URL(DataProtector.randomBytes(24))
        let response = Self.html(page(language).signIn(csrfToken: token, email: email, problem: problem, notice: notice),
                                 status: status)
        response.cookies[Self.signInCookie] = cookie(token, request: request, maxAge: 3_600)
        return response
    }

    func session(of request: Request) async throws -> OperatorAccounts.Session? {
        guard let token = request.cookies[Self.sessionCookie]?.string, !token.isEmpty else { return nil }
        return try await accounts(request).session(token: token)
    }

    /// The client as sign-in counts it: its address (a trusted proxy's word on
    /// it, `VERITY_TRUSTED_PROXIES`), its device cookie, its browser.
    static func client(_ request: Request) -> SignInGuard.Client {
        SignInGuard.Client(address: request.remoteAddress?.ipAddress, device: request.cookies[deviceCookie]?.string,
                           userAgent: request.headers.first(name: .userAgent))
    }

    func cookie(_ value: String, request: Request, maxAge: Int) -> HTTPCookies.Value {
        let secure = servedOverHTTPS || request.headers.first(name: "X-Forwarded-Proto") == "https"
        return HTTPCookies.Value(string: value, maxAge: maxAge, path: "/console", isSecure: secure, isHTTPOnly: true, sameSite: .strict)
    }

    static func language(_ request: Request) -> String { PageLanguage.of(request, among: ConsoleStrings.languages) }

    static func redirect(_ path: String, language: String, query: String? = nil) -> Response {
        let response = Response(status: .seeOther)
        response.headers.replaceOrAdd(name: .location, value: path + "?lang=\(language)" + (query.map { "&" + $0 } ?? ""))
        return response
    }

    static func html(_ body: HTML, status: HTTPResponseStatus) -> Response { PageResponse.html(body, status: status) }

    init(reviews: ReviewCaseHandlers, scopes: RequestScopes, protector: DataProtector, clock: VerityClock, wake: WebhookWake, passwordCost: Int, signInHashing: SignInGuard.HashingQueue, servedOverHTTPS: Bool) {
        self.reviews = reviews
        self.scopes = scopes
        self.protector = protector
        self.clock = clock
        self.wake = wake
        self.passwordCost = passwordCost
        self.signInHashing = signInHashing
        self.servedOverHTTPS = servedOverHTTPS
    }
}
