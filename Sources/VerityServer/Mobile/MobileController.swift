import VerityStore
import Vapor
import VerityAPI
import VerityCore

/// `/api/mobile/v1`: the mobile API for apps, behind publishable client keys,
/// every answer in the mobile envelope: VerifyHuman, VerifyAge, VerifyIdentity
/// and VerifyCompliance (VerifyIdentity plus sanctions screening). Paths are
/// `MobileRoute`'s; each POST body is decoded into its step's request type.
struct MobileController: RouteCollection {
    /// The products' services, built once at start-up; a request brings its
    /// context (key, environment, its database handle and logger).
    let humans: VerifyHumanService
    let ages: VerifyAgeService
    let identity: VerifyIdentityService
    let compliance: VerifyIdentityService
    /// `Idempotency-Key` on every POST, per client key.
    let idempotency: Idempotency
    let clock: VerityClock

    init(protector: DataProtector, clock: VerityClock, engines: DocumentEngines, sanctions: SanctionsScreening, wake: WebhookWake,
         idempotency: Idempotency) {
        self.clock = clock
        self.idempotency = idempotency
        humans = VerifyHumanService(engines: engines, protector: protector, clock: clock, wake: wake)
        ages = VerifyAgeService(protector: protector, engines: engines, clock: clock, wake: wake)
        let documentProduct = { (product: MobileProduct) in
            VerifyIdentityService(protector: protector, engines: engines, screening: sanctions, clock: clock, product: product,
                                  wake: wake)
        }
        identity = documentProduct(.verifyIdentity)
        compliance = documentProduct(.verifyCompliance)
    }

    func boot(routes: any RoutesBuilder) throws {
        let mobile = routes.grouped(MobileErrorMiddleware(), ClientKeyMiddleware(), MobileRateLimitMiddleware(clock: clock))
        let id = MobileRoute.idParameter

        post(mobile, .verifyHuman, MobileSelfieUpload.self) { request, body in
            try await self.humans.verify(body, context: try request.mobileContext())
        }
        get(mobile, .verifyHumanStatus(verificationID: id)) { request in
            try await self.humans.status(Self.id(request), context: try request.mobileContext())
        }

        get(mobile, .ageRules) { request in try self.ages.rules(context: try request.mobileContext()) }
        post(mobile, .session(.verifyAge), MobileEmptyRequest.self) { request, _ in
            try await self.ages.start(context: try request.mobileContext())
        }
        post(mobile, .ageStep(.step1), MobileDateOfBirth.self) { request, body in
            try await self.ages.step1(Self.session(request), body, context: try request.mobileContext())
        }
        post(mobile, .ageStep(.step2), MobileSelfieUpload.self) { request, body in
            try await self.ages.step2(Self.session(request), body, context: try request.mobileContext())
        }
        post(mobile, .ageStep(.step3), MobileAgeDocumentUpload.self) { request, body in
            try await self.ages.step3(Self.session(request), body, context: try request.mobileContext())
        }
        get(mobile, .status(.verifyAge, sessionID: id)) { request in
            try await self.ages.status(Self.id(request), context: try request.mobileContext())
        }

        // VerifyIdentity and VerifyCompliance share the flow; compliance adds sanctions screening.
        for product in MobileDocumentProduct.allCases {
            post(mobile, .session(product.product), MobileEmptyRequest.self) { request, _ in
                try await self.service(product).start(context: try request.mobileContext())
            }
            post(mobile, .upload(product, .selfie), MobileSelfieUpload.self) { request, body in
                try await self.service(product).uploadSelfie(Self.session(request), body, context: try request.mobileContext())
            }
            post(mobile, .upload(product, .idFront), MobileIDFrontUpload.self) { request, body in
                try await self.service(product).uploadFront(Self.session(request), body, context: try request.mobileContext())
            }
            post(mobile, .upload(product, .idBack), MobileIDBackUpload.self) { request, body in
                try await self.service(product).uploadBack(Self.session(request), body, context: try request.mobileContext())
            }
            post(mobile, .submit(product), MobileEmptyRequest.self) { request, _ in
                try await self.service(product).submit(Self.session(request), context: try request.mobileContext())
            }
            get(mobile, .status(product.product, sessionID: id)) { request in
                try await self.service(product).status(Self.id(request), context: try request.mobileContext(), withResult: false)
            }
            get(mobile, .result(product, sessionID: id)) { request in
                try await self.service(product).status(Self.id(request), context: try request.mobileContext(), withResult: true)
            }
        }
    }

    static func session(_ request: Request) -> String? { request.headers.first(name: MobileContext.sessionHeader) }

    /// The route's session or verification id.
    static func id(_ request: Request) -> String { request.parameters.get(.id) ?? "" }

    /// A POST of the mobile API: the key's scope checked, images in the body
    /// decoded into `Body`, `Idempotency-Key` honoured.
    private func post<Body: MobileRequest, Answer: AsyncResponseEncodable & Sendable>(
        _ routes: any RoutesBuilder, _ route: MobileRoute, _ body: Body.Type,
        handler: @escaping @Sendable (Request, Body) async throws -> Answer) {
        let idempotency = self.idempotency
        // One of the server's large-body slots is taken before an image body is read (`LargeBodies`).
        routes.grouped(LargeBodyGate()).on(.POST, routePath(route.components),
                                           body: .collect(maxSize: ByteCount(integerLiteral: MobileBody.maximumRequestBytes))) { request in
            // Keys are per client key; the session header is part of the request.
            try await idempotency.run(request, scope: try request.mobileContext().keyID, alsoFingerprint: [MobileContext.sessionHeader],
                                      renderError: MobileErrorMiddleware.response) {
                let body = try MobileBody.decode(Body.self, from: request) { try request.mobileContext().require(route.product) }
                return try await handler(request, body).encodeResponse(for: request)
            }
        }
    }

    private func get<Answer: AsyncResponseEncodable & Sendable>(_ routes: any RoutesBuilder, _ route: MobileRoute,
                                                                handler: @escaping @Sendable (Request) async throws -> Answer) {
        routes.on(.GET, routePath(route.components)) { request in
            try request.mobileContext().require(route.product)
            return try await handler(request)
        }
    }

    /// VerifyIdentity's or VerifyCompliance's service.
    private func service(_ product: MobileDocumentProduct) -> VerifyIdentityService {
        switch product {
        case .verifyIdentity: identity
        case .verifyCompliance: compliance
        }
    }
}
