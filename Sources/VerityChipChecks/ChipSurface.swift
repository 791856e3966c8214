import Vapor
import VerityEnginePool
import VerityKernel

/// The admin API's chip trust (`/admin/v1/chip/trust`): its import reads the
/// file in the engines' sandbox, as every parser of outside bytes runs.
package struct ChipSurface: Surface {
    private let context: SurfaceContext
    private let engines: DocumentEngines

    package init(_ context: SurfaceContext, engines: DocumentEngines) {
        (self.context, self.engines) = (context, engines)
    }

    package func install(on routes: any RoutesBuilder) throws {
        try routes.register(collection: ChipTrustController(secretKeys: context.secretKeys, trust: Self.trust(context, engines: engines)))
    }

    /// The trust service whose imports read files in the engines' sandbox (the console's page uses it too).
    package static func trust(_ context: SurfaceContext, engines: DocumentEngines) -> ChipTrustService {
        ChipTrustService(clock: context.clock) { file, anchors in
            try await engines.chipTrust(file: file, signerAnchors: anchors)
        }
    }
}
