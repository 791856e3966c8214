import Vapor
import VerityEnginePool
import VerityKernel
import VerityPages
import VeritySanctions
import VerityStore
import VerityWebhooks

/// The mobile verification API (`/v1/mobile`, client keys) and the admin
/// API's client keys, credits and sessions.
package struct MobileSurface: Surface {
    private let context: SurfaceContext
    private let engines: DocumentEngines
    private let sanctions: SanctionsScreening
    private let wake: WebhookWake

    package init(_ context: SurfaceContext, engines: DocumentEngines, sanctions: SanctionsScreening, wake: WebhookWake) {
        (self.context, self.engines, self.sanctions, self.wake) = (context, engines, sanctions, wake)
    }

    package func install(on routes: any RoutesBuilder) throws {
        let (protector, clock) = (context.protector, context.clock)
        try routes.register(collection: MobileController(protector: protector, clock: clock, engines: engines, sanctions: sanctions,
                                                         wake: wake, idempotency: context.idempotency))
        try routes.register(collection: AdminMobileController(secretKeys: context.secretKeys, protector: protector, clock: clock))
    }

    /// The mobile sessions a reviewer decides in the console.
    package static func reviews(protector: DataProtector) -> [any ReviewCaseHandler] {
        [MobileSessionReview(protector: protector)]
    }
}
