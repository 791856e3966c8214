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
        let engines = engines
        let trust = ChipTrustService(clock: context.clock) { file, anchors in
            try await engines.chipTrust(file: file, signerAnchors: anchors)
        }
        try routes.register(collection: ChipTrustController(secretKeys: context.secretKeys, trust: trust))
    }
}
