import Vapor
import VerityEnginePool
import VerityKernel
import VerityPages
import VerityStore
import VerityWebhooks

/// The document OCR service (`/v1/ocr`) and the admin API's view of it.
package struct DocumentOCRSurface: Surface {
    private let context: SurfaceContext
    private let engines: DocumentEngines
    private let wake: WebhookWake

    package init(_ context: SurfaceContext, engines: DocumentEngines, wake: WebhookWake) {
        (self.context, self.engines, self.wake) = (context, engines, wake)
    }

    package func install(on routes: any RoutesBuilder) throws {
        let (protector, clock) = (context.protector, context.clock)
        try routes.register(collection: OCRController(
            userTokens: context.userTokens, ocr: OCRService(protector: protector, clock: clock, engines: engines, wake: wake)))
        try routes.register(collection: AdminOCRController(secretKeys: context.secretKeys, protector: protector, clock: clock))
    }

    /// The OCR results a reviewer decides in the console.
    package static func reviews(protector: DataProtector) -> [any ReviewCaseHandler] {
        [OCRCombinationReview(protector: protector)]
    }
}
