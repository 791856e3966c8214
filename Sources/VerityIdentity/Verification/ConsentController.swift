import Vapor
import VerityAPI
import VerityCore
import VerityKernel

/// `/v1/identity/consent`: the user's consent to identity-data processing.
struct ConsentController: RouteCollection {
    let userTokens: UserTokenMiddleware
    /// Built once at start-up; a request brings its context.
    let consents: ConsentService

    func boot(routes: any RoutesBuilder) throws {
        let consent = routes.grouped(userTokens)
        consent.on(IdentityEndpoint.consentRequired, use: required)
        consent.on(IdentityEndpoint.consent, use: status)
        consent.on(IdentityEndpoint.consentContent, use: content)
        consent.on(IdentityEndpoint.provideConsent, use: provide)
        consent.on(IdentityEndpoint.withdrawConsent, use: withdraw)
    }

    func required(request: Request) async throws -> ConsentRequirement {
        ConsentRequirement(required: try request.identityContext().configuration.consentRequired)
    }

    func status(request: Request) async throws -> IdentityDataProcessingConsentStatus {
        try await consents.status(context: try request.identityContext())
    }

    func content(request: Request) async throws -> IdentityDataProcessingConsentContent {
        try await consents.content(
            context: try request.identityContext(),
            preferredContentType: request.query[String.self, at: "preferredContentType"],
            preferredLocale: request.query[String.self, at: "preferredLocale"])
    }

    func provide(request: Request, input: IdentityDataProcessingConsentInput) async throws -> IdentityDataProcessingConsentStatus {
        let context = try request.identityContext()
        return try await consents.provide(input, context: context)
    }

    func withdraw(request: Request) async throws -> IdentityDataProcessingConsentStatus {
        try await consents.withdraw(context: try request.identityContext())
    }

    init(userTokens: UserTokenMiddleware, consents: ConsentService) {
        self.userTokens = userTokens
        self.consents = consents
    }
}
