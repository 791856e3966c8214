import Vapor
import VerityKernel

/// The admin API's webhook endpoints (`/v1/admin/webhooks`).
package struct WebhookSurface: Surface {
    private let context: SurfaceContext
    private let wake: WebhookWake

    package init(_ context: SurfaceContext, wake: WebhookWake) {
        (self.context, self.wake) = (context, wake)
    }

    package func install(on routes: any RoutesBuilder) throws {
        try routes.register(collection: WebhookController(
            secretKeys: context.secretKeys,
            endpoints: WebhookEndpointService(protector: context.protector, clock: context.clock, wake: wake)))
    }
}
