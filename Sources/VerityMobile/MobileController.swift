import VerityEnginePool
import VerityStore
import Vapor
import VerityAPI
import VerityCore
import VerityKernel
import VerityWebhooks
import VeritySanctions

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
    /// Checks each client key's binding to its row.
    let protector: DataProtector

    init(protector: DataProtector, clock: VerityClock, engines: DocumentEngines, sanctions: SanctionsScreening, wake: WebhookWake,
         idempotency: Idempotency) {
        self.clock = clock
        self.idempotency = idempotency
        self.protector = protector
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
        let mobile = routes.grouped(MobileErrorMiddleware(), ClientKeyMiddleware(protector: protector), MobileRateLimitMiddleware(clock: clock))

        post(mobile, MobileEndpoint.verifyHuman) { request, body in
            try await self.humans.verify(body, context: try request.mobileContext())
        }
        get(mobile, MobileEndpoint.verifyHumanStatus) { request in
            try await self.humans.status(Self.id(request), context: try request.mobileContext())
        }

        get(mobile, MobileEndpoint.ageRules) { request in try self.ages.rules(context: try request.mobileContext()) }
        post(mobile, MobileEndpoint.ageSession) { request, _ in
            try await self.ages.start(context: try request.mobileContext())
        }
        post(mobile, MobileEndpoint.ageStep1) { request, body in
            try await self.ages.step1(Self.session(request), body, context: try request.mobileContext())
        }
        post(mobile, MobileEndpoint.ageStep2) { request, body in
            try await self.ages.step2(Self.session(request), body, context: try request.mobileContext())
        }
        post(mobile, MobileEndpoint.ageStep3) { request, body in
            try await self.ages.step3(Self.session(request), body, context: try request.mobileContext())
        }
        get(mobile, MobileEndpoint.ageStatus) { request in
            try await self.ages.status(Self.id(request), context: try request.mobileContext())
        }

        // VerifyIdentity and VerifyCompliance share the flow; compliance adds sanctions screening.
        for product in MobileDocumentProduct.allCases {
            post(mobile, MobileEndpoint.session(product)) { request, _ in
                try await self.service(product).start(context: try request.mobileContext())
            }
            post(mobile, MobileEndpoint.uploadSelfie(product)) { request, body in
                try await self.service(product).uploadSelfie(Self.session(request), body, context: try request.mobileContext())
            }
            post(mobile, MobileEndpoint.uploadFront(product)) { request, body in
                try await self.service(product).uploadFront(Self.session(request), body, context: try request.mobileContext())
            }
            post(mobile, MobileEndpoint.uploadBack(product)) { request, body in
                try await self.service(product).uploadBack(Self.session(request), body, context: try request.mobileContext())
            }
            post(mobile, MobileEndpoint.uploadChip(product)) { request, body in
                try await self.service(product).uploadChip(Self.session(request), body, context: try request.mobileContext())
            }
            post(mobile, MobileEndpoint.chipChallenge(product)) { request, _ in
                try await self.service(product).chipChallenge(Self.session(request), context: try request.mobileContext())
            }
            post(mobile, MobileEndpoint.submit(product)) { request, _ in
                try await self.service(product).submit(Self.session(request), context: try request.mobileContext())
            }
            get(mobile, MobileEndpoint.status(product)) { request in
                try await self.service(product).status(Self.id(request), context: try request.mobileContext(), withResult: false)
            }
            get(mobile, MobileEndpoint.result(product)) { request in
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
        _ routes: any RoutesBuilder, _ endpoint: Endpoint<Body, Answer>,
        handler: @escaping @Sendable (Request, Body) async throws -> Answer) {
        let idempotency = self.idempotency, product = Self.product(of: endpoint)
        // One of the server's large-body slots is taken before an image body is read (`LargeBodies`).
        routes.register(endpoint, maxBytes: MobileBody.maximumRequestBytes) { request in
            // Keys are per client key; the session header is part of the request.
            try await idempotency.run(request, scope: try request.mobileContext().keyID, alsoFingerprint: [MobileContext.sessionHeader],
                                      renderError: MobileErrorMiddleware.response) {
                let body = try MobileBody.decode(Body.self, from: request) { try request.mobileContext().require(product) }
                return try await handler(request, body).encodeResponse(for: request)
            }
        }
    }

    private func get<Answer: AsyncResponseEncodable & Sendable>(_ routes: any RoutesBuilder, _ endpoint: Endpoint<NoBody, Answer>,
                                                                handler: @escaping @Sendable (Request) async throws -> Answer) {
        let product = Self.product(of: endpoint)
        routes.on(endpoint) { request in
            try request.mobileContext().require(product)
            return try await handler(request)
        }
    }

    /// The product whose scope a key needs for `endpoint`; every mobile route has one.
    private static func product<Body, Answer>(of endpoint: Endpoint<Body, Answer>) -> MobileProduct {
        guard let product = endpoint.mobileProduct else { preconditionFailure("\(endpoint) is not a mobile API route") }
        return product
    }

    /// VerifyIdentity's or VerifyCompliance's service.
    private func service(_ product: MobileDocumentProduct) -> VerifyIdentityService {
        switch product {
        case .verifyIdentity: identity
        case .verifyCompliance: compliance
        }
    }
}
