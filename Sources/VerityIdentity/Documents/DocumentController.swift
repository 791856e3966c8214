import Vapor
import VerityAPI
import VerityCore
import VerityEnginePool
import VerityKernel

/// `/v1/identity/document/…`: the identity API's document flows, for one end
/// user per token.
struct DocumentController: RouteCollection {
    let userTokens: UserTokenMiddleware
    /// Built once at start-up; a request brings its context.
    let submissions: DocumentSubmissionService
    let captureLinks: CaptureLinkService

    func boot(routes: any RoutesBuilder) throws {
        let documents = routes.grouped(userTokens)
        documents.on(IdentityEndpoint.faceImageRequired, use: faceImageRequired)
        // Three images in base64: larger bodies than the JSON routes take.
        documents.on(IdentityEndpoint.verifyDocument, maxBytes: DocumentImages.maximumRequestBytes, use: verify)
        documents.on(IdentityEndpoint.captureAndVerifyDocument, maxBytes: DocumentImages.maximumRequestBytes, use: captureAndVerify)
        documents.on(IdentityEndpoint.initiateDocumentCapture, use: initiateCapture)
        documents.on(IdentityEndpoint.chipChallenge, use: chipChallenge)
    }

    /// A challenge for the passport's chip to sign, bound to this user, for the next document.
    func chipChallenge(request: Request) async throws -> ChipChallenge {
        try await submissions.chipChallenge(context: try request.identityContext())
    }

    /// `?flow=verification` (verifyIdentityDocument) or `?flow=capture` (captureAndVerifyIdentityDocument).
    func faceImageRequired(request: Request) async throws -> FaceImageRequirement {
        let flow = try Self.flow(request.query[String.self, at: "flow"])
        let settings = try request.identityContext().configuration.documents
        return FaceImageRequirement(faceImageRequired: settings.faceImageRequired(for: flow))
    }

    /// `verifyIdentityDocument`: a document matched against the PII on file.
    func verify(request: Request, input: VerifyIdentityDocumentInput) async throws -> VerifiedIdentity {
        try await submissions.submit(input, flow: .verification, context: try request.identityContext())
    }

    /// `captureAndVerifyIdentityDocument`: the identity read from the document, verified against the data source.
    func captureAndVerify(request: Request, input: VerifyIdentityDocumentInput) async throws -> VerifiedIdentity {
        try await submissions.submit(input, flow: .capture, context: try request.identityContext())
    }

    /// `initiateIdentityDocumentCapture`: a link to the capture page, replacing any earlier one.
    func initiateCapture(request: Request) async throws -> IdDocumentCaptureInitiationInfo {
        try await captureLinks.initiate(context: try request.identityContext())
    }

    static func flow(_ text: String?) throws -> DocumentFlowSettings.Flow {
        let flows = DocumentFlowSettings.Flow.allCases.map(\.rawValue).joined(separator: " or ")
        guard let text, !text.isEmpty else { throw VerityError.invalid("flow", "flow is required: \(flows)") }
        guard let flow = DocumentFlowSettings.Flow(rawValue: text) else { throw VerityError.invalid("flow", "flow must be \(flows)") }
        return flow
    }

    init(userTokens: UserTokenMiddleware, submissions: DocumentSubmissionService, captureLinks: CaptureLinkService) {
        self.userTokens = userTokens
        self.submissions = submissions
        self.captureLinks = captureLinks
    }
}
