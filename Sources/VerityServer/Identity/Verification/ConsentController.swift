import Vapor
import VerityAPI
import VerityCore

/// `/v1/identity/consent`: the user's consent to identity-data processing.
struct ConsentController: RouteCollection {
    let userTokens: UserTokenMiddleware
    /// Built once at start-up; a request brings its context.
    let consents: ConsentService

    func boot(routes: any RoutesBuilder) throws {
        let consent = routes.grouped(userTokens)
        consent.get(routePath(IdentityRoute.consentRequired.components), use: required)
        consent.get(routePath(IdentityRoute.consent.components), use: status)
        consent.get(routePath(IdentityRoute.consentContent.components), use: content)
        consent.post(routePath(IdentityRoute.consent.components), use: provide)
        consent.delete(routePath(IdentityRoute.consent.components), use: withdraw)
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

    func provide(request: Request) async throws -> IdentityDataProcessingConsentStatus {
        let input = try RequestBody.decode(IdentityDataProcessingConsentInput.self, from: request)
        let context = try request.identityContext()
        return try await consents.provide(input, context: context)
    }

    func withdraw(request: Request) async throws -> IdentityDataProcessingConsentStatus {
        try await consents.withdraw(context: try request.identityContext())
    }
}
