import Fluent
import Foundation
import Vapor
import VerityAPI
import VerityCore
import VerityEnginePool
import VerityPages
import VerityStore
import VerityVision
import VerityKernel

/// The capture page (`/capture/{token}`) and the two calls its script makes:
/// `GET /capture/{token}/status` (where the user stands; counts nothing) and
/// `POST /capture/{token}/submit` (the photos). The token is the only
/// credential: it names one user of one environment, and it never reaches a
/// log (the request log records route patterns only).
struct CapturePageController: RouteCollection {
    /// Built once at start-up; a request brings its scope.
    let captureLinks: CaptureLinkService
    let submissions: DocumentSubmissionService
    let limits: CaptureRequestLimits
    let engines: DocumentEngines
    let scopes: RequestScopes
    let clock: VerityClock

    func boot(routes: any RoutesBuilder) throws {
        let pages = routes.grouped(PageHeadersMiddleware())
        // The link and the client's address are counted (and a dead link's
        // submission refused) before a body is read; a large body then waits
        // for one of the server's slots (`LargeBodies`).
        let captures = pages.grouped(limits)
        let token = PageRoute.tokenParameter
        captures.get(routePath(PageRoute.capture(token: token).components), use: page)
        captures.get(routePath(PageRoute.captureStatus(token: token).components), use: status)
        captures.postCollecting(routePath(PageRoute.captureSubmit(token: token).components), maxBytes: DocumentImages.maximumRequestBytes,
                                use: submit)
        pages.get(routePath(PageRoute.asset(file: PageRoute.fileParameter).components), use: PageAssets.serve)
    }

    /// The page: opening it counts against the link's limits.
    func page(request: Request) async throws -> Response {
        let language = Self.language(request)
        var resolved: (CaptureLinkModel, IdentityContext)?
        do {
            let (link, context) = try await captureLinks.resolve(token: request.parameters.get(.token) ?? "",
                                                                 scope: scopes.of(request))
            resolved = (link, context)
            let status = try await captureLinks.open(link, context: context)
            let url = context.links.url(for: try link.requireID())
            let page = CapturePage(language: language,
                                   configuration: try await configuration(link: link, context: context, status: status,
                                                                          language: language),
                                   // The QR drawing is this program's own, its title escaped by the writer.
                                   qrSVG: .trusted(try QRCode(url).svg(title: CaptureStrings.text("qr_label", language))))
            return Self.html(page.html(), status: .ok)
        } catch let error as VerityError where error.code == .captureLinkUnusable {
            var reason = "unusable_unknown"
            if let (_, context) = resolved {
                let stored = try await DocumentCheckRepository(db: context.db).status(userID: context.userID)
                reason = stored == .captureRetryLimitExceeded ? "unusable_limit" : "unusable_expired"
            }
            return Self.html(CapturePage.unusable(language: language, reasonKey: reason), status: .gone)
        }
    }

    /// Where the user stands, for the page's progress and a desktop following a phone.
    func status(request: Request) async throws -> CapturePageStatus {
        let (link, context) = try await captureLinks.resolve(token: request.parameters.get(.token) ?? "", scope: scopes.of(request))
        let identity = try await captureLinks.progress(link, context: context)
        let fresh = try await CaptureLinkRepository(db: context.db).link(userID: context.userID) ?? link
        return CapturePageStatus(identity, link: fresh, policy: context.configuration.documents.captureLinks)
    }

    /// The photos: the page's picture rules are run again here, then the
    /// document goes the way of every submission (one check job).
    func submit(request: Request) async throws -> CapturePageStatus {
        let (link, context) = try await captureLinks.resolve(token: request.parameters.get(.token) ?? "", scope: scopes.of(request))
        // Every submission through a usable link counts against it, whatever
        // becomes of it (refused as malformed, by the picture rules, by the
        // check): one link cannot replay a file until it expires.
        let timing = context.configuration.documents.captureLinks.submission(link.timing, now: clock.nowMillis())
        if timing == .documentSubmitted {
            let linkID = try link.requireID()
            try await context.db.write { tx in try await CaptureLinkRepository.countSubmission(linkID: linkID, on: tx) }
        }
        // Ended: said first (the flow below depends on a PII claim that is gone by then).
        if let stored = try await DocumentCheckRepository(db: context.db).status(userID: context.userID),
           stored == .succeeded || stored == .failed {
            _ = try DocumentVerificationStateMachine().next(from: stored, on: .documentSubmitted)
        }
        let form = try RequestBody.decode(CaptureSubmission.self, from: request)
        let flow = try await Self.flow(userID: context.userID, db: context.db)
        let input = VerifyIdentityDocumentInput(
            imageBase64: form.imageBase64,
            // A passport has one page to photograph: it is both images, as the API takes it.
            backImageBase64: form.documentType == .passport ? form.imageBase64 : (form.backImageBase64 ?? ""),
            faceImageBase64: form.faceImageBase64, country: form.country, documentType: form.documentType)
        if form.documentType != .passport, (form.backImageBase64 ?? "").isEmpty {
            throw VerityError.invalid("backImageBase64", "backImageBase64 is required: photograph the back of the document")
        }
        let engines = self.engines
        // The link's tenant: its engine work shares a worker's child with that tenant's only.
        let identity = try await EngineTenant.serving(context.environmentID) {
            try await submissions.submit(
                input, flow: flow, context: context, through: link,
                screen: { images in try await Self.screen(images, passport: form.documentType == .passport, engines: engines) })
        }
        let fresh = try await CaptureLinkRepository(db: context.db).link(userID: context.userID) ?? link
        return CapturePageStatus(identity, link: fresh, policy: context.configuration.documents.captureLinks)
    }

    /// The browser's picture rules, repeated: a capture that fails them is sent back before anything is stored.
    static func screen(_ images: DocumentImages, passport: Bool, engines: DocumentEngines) async throws {
        var sides = [("imageBase64", images.front)]
        if !passport { sides.append(("backImageBase64", images.back)) }
        var problems: [FieldProblem] = []
        for (field, bytes) in sides {
            let reasons = try await engines.captureQuality(bytes)
            problems += reasons.map { FieldProblem(field: field, message: $0.rawValue) }
        }
        guard problems.isEmpty else {
            throw VerityError(.imageQualityInsufficient,
                              "retake the photo: " + problems.map { "\($0.field) \($0.message)" }.joined(separator: ", "),
                              field: problems[0].field, problems: problems)
        }
    }

    /// A document matched against the PII on file when there is one; read and
    /// verified on its own (capture) otherwise.
    static func flow(userID: UUID, db: any Database) async throws -> DocumentFlowSettings.Flow {
        try await DocumentCheckRepository(db: db).sealedClaim(userID: userID) != nil ? .verification : .capture
    }

    private func configuration(link: CaptureLinkModel, context: IdentityContext, status: DocumentVerificationStatus,
                               language: String) async throws -> CapturePage.Configuration {
        let flow = try await Self.flow(userID: context.userID, db: context.db)
        let settings = context.configuration
        // A passport carries no address: only a PII claim on file lets it verify someone.
        let types = settings.policy.acceptableDocumentTypes.filter { flow == .verification || $0 != .passport }
        let countries = settings.supportedCountries.map { code in
            CapturePage.Country(code: code, names: Dictionary(uniqueKeysWithValues: CaptureStrings.languages.map { language in
                (language, Locale(identifier: language).localizedString(forRegionCode: code) ?? code)
            }))
        }
        let opened = link.timing
        return CapturePage.Configuration(
            status: status.rawValue, flow: flow.rawValue, documentTypes: types.map(\.rawValue), countries: countries,
            faceRequired: settings.documents.faceImageRequired(for: flow),
            submissionsLeft: max(0, settings.documents.captureLinks.maximumSubmissions - opened.submissions),
            language: language, rightToLeft: CaptureStrings.rightToLeft.sorted(), strings: CaptureStrings.tables)
    }



    /// `?lang=` (the switcher without script), else `Accept-Language`.
    static func language(_ request: Request) -> String {
        PageLanguage.of(request, among: CaptureStrings.languages)
    }

    static func html(_ body: HTML, status: HTTPResponseStatus) -> Response { PageResponse.html(body, status: status) }

    init(captureLinks: CaptureLinkService, submissions: DocumentSubmissionService, limits: CaptureRequestLimits, engines: DocumentEngines, scopes: RequestScopes, clock: VerityClock) {
        self.captureLinks = captureLinks
        self.submissions = submissions
        self.limits = limits
        self.engines = engines
        self.scopes = scopes
        self.clock = clock
    }
}
