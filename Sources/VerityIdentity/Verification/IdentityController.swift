import Vapor
import VerityAPI
import VerityCore
import VerityKernel

/// `/v1/identity`: verification by PII, for one end user per token.
struct IdentityController: RouteCollection {
    let userTokens: UserTokenMiddleware
    /// Built once at start-up; a request brings its context.
    let verification: IdentityVerificationService

    func boot(routes: any RoutesBuilder) throws {
        let identity = routes.grouped(userTokens)
        identity.on(IdentityEndpoint.supportedCountries, use: supportedCountries)
        identity.on(IdentityEndpoint.verify, use: verify)
        identity.on(IdentityEndpoint.verification, use: verification)
    }

    func supportedCountries(request: Request) async throws -> SupportedCountries {
        SupportedCountries(countries: try request.identityContext().configuration.supportedCountries)
    }

    func verify(request: Request, input: VerifyIdentityInput) async throws -> VerifiedIdentity {
        try await self.verification.verify(input, for: try request.identityContext())
    }

    func verification(request: Request) async throws -> VerifiedIdentity {
        try await self.verification.status(for: try request.identityContext())
    }

    init(userTokens: UserTokenMiddleware, verification: IdentityVerificationService) {
        self.userTokens = userTokens
        self.verification = verification
    }
}
