import Vapor
import VerityCore

/// `/api/mobile/v1`: the mobile API for apps, behind publishable client keys,
/// every answer in the mobile envelope: VerifyHuman, VerifyAge, VerifyIdentity
/// and VerifyCompliance (VerifyIdentity plus sanctions screening).
struct MobileController: RouteCollection {
    let dependencies: ServerDependencies

    func boot(routes: any RoutesBuilder) throws {
        let mobile = routes.grouped("api", "mobile", "v1")
            .grouped(MobileErrorMiddleware(), ClientKeyMiddleware(), MobileRateLimitMiddleware(clock: dependencies.clock))
        post(mobile, "verifyhuman", "verify") { request in try await self.verifyHuman(request: request) }
        mobile.get("verifyhuman", "status", ":verificationID", use: verifyHumanStatus)

        mobile.get("verifyage", "rules") { request in try self.ages(request).rules(context: try request.mobileContext()) }
        post(mobile, "verifyage", "session") { request in
            _ = try MobileBody.fields(request)
            return try await self.ages(request).start(context: try request.mobileContext())
        }
        post(mobile, "verifyage", "step1") { request in
            try await self.ages(request).step1(Self.session(request), fields: try MobileBody.fields(request), context: try request.mobileContext())
        }
        post(mobile, "verifyage", "step2") { request in
            try await self.ages(request).step2(Self.session(request), fields: try MobileBody.fields(request), context: try request.mobileContext())
        }
        post(mobile, "verifyage", "step3") { request in
            try await self.ages(request).step3(Self.session(request), fields: try MobileBody.fields(request), context: try request.mobileContext())
        }
        mobile.get("verifyage", "status", ":sessionID") { request in
            try await self.ages(request).status(request.parameters.get("sessionID") ?? "", context: try request.mobileContext())
        }

        // VerifyIdentity and VerifyCompliance share the flow; compliance adds sanctions screening.
        for product in [MobileProduct.verifyIdentity, .verifyCompliance] {
            let name = PathComponent(stringLiteral: product.rawValue)
            post(mobile, name, "session") { request in
                _ = try MobileBody.fields(request)
                return try await self.identities(request, product).start(context: try request.mobileContext())
            }
            post(mobile, name, "upload", "selfie") { request in
                try await self.identities(request, product).uploadSelfie(Self.session(request), fields: try MobileBody.fields(request),
                                                                         context: try request.mobileContext())
            }
            post(mobile, name, "upload", "id-front") { request in
                try await self.identities(request, product).uploadFront(Self.session(request), fields: try MobileBody.fields(request),
                                                                        context: try request.mobileContext())
            }
            post(mobile, name, "upload", "id-back") { request in
                try await self.identities(request, product).uploadBack(Self.session(request), fields: try MobileBody.fields(request),
                                                                       context: try request.mobileContext())
            }
            post(mobile, name, "submit") { request in
                _ = try MobileBody.fields(request)
                return try await self.identities(request, product).submit(Self.session(request), context: try request.mobileContext())
            }
            mobile.get(name, "status", ":sessionID") { request in
                try await self.identities(request, product).status(request.parameters.get("sessionID") ?? "", context: try request.mobileContext(),
                                                                   withResult: false)
            }
            mobile.get(name, "result", ":sessionID") { request in
                try await self.identities(request, product).status(request.parameters.get("sessionID") ?? "", context: try request.mobileContext(),
                                                                   withResult: true)
            }
        }
    }

    private func identities(_ request: Request, _ product: MobileProduct) -> VerifyIdentityService {
        VerifyIdentityService(sessions: MobileSessions(db: request.db, protector: dependencies.protector, clock: dependencies.clock),
                              engines: dependencies.documentEngines, screening: dependencies.sanctions, clock: dependencies.clock,
                              logger: request.logger, product: product)
    }

    static func session(_ request: Request) -> String? { request.headers.first(name: MobileContext.sessionHeader) }

    /// A POST of the mobile API: images in the body, `Idempotency-Key` honoured.
    private func post<Answer: AsyncResponseEncodable & Sendable>(_ routes: any RoutesBuilder, _ path: PathComponent...,
                                                                 handler: @escaping @Sendable (Request) async throws -> Answer) {
        let idempotency = MobileIdempotency(protector: dependencies.protector, clock: dependencies.clock)
        routes.on(.POST, path, body: .collect(maxSize: ByteCount(integerLiteral: MobileBody.maximumRequestBytes))) { request in
            try await idempotency.run(request) { try await handler(request).encodeResponse(for: request) }
        }
    }

    private func ages(_ request: Request) -> VerifyAgeService {
        VerifyAgeService(sessions: MobileSessions(db: request.db, protector: dependencies.protector, clock: dependencies.clock),
                         engines: dependencies.documentEngines, clock: dependencies.clock, logger: request.logger)
    }

    func verifyHuman(request: Request) async throws -> MobileEnvelope<VerifyHumanService.Result> {
        // A key in the body is refused first: it is about the credential, not the product.
        let fields = try MobileBody.fields(request)
        let context = try request.mobileContext()
        try context.require(.verifyHuman)
        let selfie = try MobileBody.image(fields, "selfie_b64")
        return try await humans(request).verify(selfie: selfie, context: context)
    }

    func verifyHumanStatus(request: Request) async throws -> MobileEnvelope<VerifyHumanService.Result> {
        try await humans(request).status(request.parameters.get("verificationID") ?? "", context: try request.mobileContext())
    }

    private func humans(_ request: Request) -> VerifyHumanService {
        VerifyHumanService(db: request.db, engines: dependencies.documentEngines, protector: dependencies.protector,
                           clock: dependencies.clock, logger: request.logger)
    }
}
