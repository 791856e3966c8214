import Vapor
import VerityKernel
import VerityPages
import VerityPKI
import VerityStore
import VerityWebhooks

/// The certification surface: devices, registration, accreditation,
/// certificates and their use, the admin API's accreditation, and the
/// platform CA's public documents.
package struct CertificationSurface: Surface {
    private let context: SurfaceContext
    private let pki: CertificationPKI
    private let messaging: CertificationMessaging
    private let wake: WebhookWake
    private let services: CertificationServices

    package init(_ context: SurfaceContext, pki: CertificationPKI, issuer: CertificateIssuer, messaging: CertificationMessaging,
                 wake: WebhookWake) {
        (self.context, self.pki, self.messaging, self.wake) = (context, pki, messaging, wake)
        services = CertificationServices(
            protector: context.protector, clock: context.clock, pki: pki, issuer: issuer, jobs: context.jobs, messaging: messaging,
            wake: wake, codeLifetimeSeconds: context.settings.deviceCodeLifetimeSeconds,
            sessionLifetimeSeconds: context.settings.tokenTTLSeconds)
    }

    /// The certification service the console's user page withdraws certificates through.
    package var certification: CertificationService { services.certification }

    package func install(on routes: any RoutesBuilder) throws {
        let (protector, clock) = (context.protector, context.clock)
        try routes.register(collection: CertificationController(
            auth: CertificationAuthMiddleware(tokens: context.tokens, protector: protector, clock: clock, idempotency: context.idempotency),
            services: services, clock: clock))
        let accreditation = AccreditationAdminService(protector: protector, clock: clock, messaging: messaging, wake: wake)
        try routes.register(collection: AdminCertificationController(secretKeys: context.secretKeys, accreditation: accreditation,
                                                                     clock: clock))
        try routes.register(collection: PKIController(pki: pki, clock: clock))
    }

    /// The accreditation requests a reviewer decides in the console.
    package static func reviews(protector: DataProtector, clock: VerityClock, messaging: CertificationMessaging,
                                wake: WebhookWake?) -> [any ReviewCaseHandler] {
        [AccreditationReview(accreditation: AccreditationAdminService(protector: protector, clock: clock, messaging: messaging, wake: wake))]
    }
}
