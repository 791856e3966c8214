import Vapor
import VerityEnginePool
import VerityKernel
import VerityPages
import VerityStore
import VerityWebhooks

/// The identity surface: PII verification against a data source, consent,
/// document checks through the API and the capture page, and the admin
/// API's view of document checks. Its controllers and services are its own.
package struct IdentitySurface: Surface {
    private let context: SurfaceContext
    private let dataSources: DataSourceProvider
    private let engines: DocumentEngines
    private let documentChecks: DocumentCheckWaiters
    private let wake: WebhookWake

    package init(_ context: SurfaceContext, dataSources: DataSourceProvider, engines: DocumentEngines,
                 documentChecks: DocumentCheckWaiters, wake: WebhookWake) {
        (self.context, self.dataSources, self.engines, self.documentChecks, self.wake) = (context, dataSources, engines, documentChecks, wake)
    }

    package func install(on routes: any RoutesBuilder) throws {
        let (protector, clock, settings) = (context.protector, context.clock, context.settings)
        let captureLinks = CaptureLinkService(clock: clock, wake: wake)
        let submissions = DocumentSubmissionService(protector: protector, clock: clock, jobs: context.jobs, waiters: documentChecks,
                                                    wait: .milliseconds(settings.documentWaitMilliseconds))
        try routes.register(collection: IdentityController(
            userTokens: context.userTokens,
            verification: IdentityVerificationService(protector: protector, clock: clock, dataSources: dataSources,
                                                      captureLinks: captureLinks, webhookWake: wake)))
        try routes.register(collection: ConsentController(userTokens: context.userTokens, consents: ConsentService(clock: clock)))
        try routes.register(collection: DocumentController(userTokens: context.userTokens, submissions: submissions, captureLinks: captureLinks))
        try routes.register(collection: AdminDocumentCheckController(secretKeys: context.secretKeys, protector: protector))
        try routes.register(collection: CapturePageController(
            captureLinks: captureLinks, submissions: submissions,
            limits: CaptureRequestLimits(links: captureLinks, protector: protector, clock: clock, scopes: context.scopes,
                                         perAddress: settings.captureRequestsPerAddressPerMinute),
            engines: engines, scopes: context.scopes, clock: clock))
    }

    /// The document checks a reviewer decides in the console.
    package static func reviews(protector: DataProtector) -> [any ReviewCaseHandler] {
        [DocumentCheckReview(protector: protector)]
    }
}
