import Vapor
import VerityAPI
import VerityCore

/// `/v1/identity/document/…`: the identity API's document flows, for one end
/// user per token. Today: whether a flow needs a face image.
struct DocumentController: RouteCollection {
    let dependencies: ServerDependencies

    func boot(routes: any RoutesBuilder) throws {
        let documents = routes.grouped(dependencies.userTokens)
        documents.get(routePath(IdentityRoute.documentFaceImageRequired.components), use: faceImageRequired)
    }

    /// `?flow=verification` (verifyIdentityDocument) or `?flow=capture` (captureAndVerifyIdentityDocument).
    func faceImageRequired(request: Request) async throws -> FaceImageRequirement {
        let flow = try Self.flow(request.query[String.self, at: "flow"])
        let settings = try request.identityContext().configuration.documents
        return FaceImageRequirement(faceImageRequired: settings.faceImageRequired(for: flow))
    }

    static func flow(_ text: String?) throws -> DocumentFlowSettings.Flow {
        let flows = DocumentFlowSettings.Flow.allCases.map(\.rawValue).joined(separator: " or ")
        guard let text, !text.isEmpty else { throw VerityError.invalid("flow", "flow is required: \(flows)") }
        guard let flow = DocumentFlowSettings.Flow(rawValue: text) else { throw VerityError.invalid("flow", "flow must be \(flows)") }
        return flow
    }
}
