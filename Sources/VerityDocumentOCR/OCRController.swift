import Vapor
import VerityAPI
import VerityCore
import VerityEnginePool
import VerityKernel

/// `/v1/documents/ocr/…`: the national-ID OCR service, for one end user per token.
struct OCRController: RouteCollection {
    let userTokens: UserTokenMiddleware
    /// Built once at start-up; a request brings its context.
    let ocr: OCRService

    func boot(routes: any RoutesBuilder) throws {
        let ocr = routes.grouped(userTokens)
        ocr.on(OCREndpoint.open, use: open)
        // One sealed image in base64: a larger body than the JSON routes take.
        for side in [DocumentSide.front, .back] {
            ocr.on(OCREndpoint.side(side), maxBytes: DocumentImages.maximumRequestBytes) { request, input in
                try await self.side(request, input, side)
            }
        }
        ocr.on(OCREndpoint.combine, use: combine)
    }

    func open(request: Request, input: OCRSessionRequest) async throws -> OCRSessionInfo {
        try await ocr.open(input, context: try request.identityContext())
    }

    func side(_ request: Request, _ input: OCRSideRequest, _ side: DocumentSide) async throws -> OCRSideAccepted {
        try await ocr.takeSide(input, side: side, context: try request.identityContext())
    }

    func combine(request: Request, input: OCRCombineRequest) async throws -> OCRCombineResponse {
        try await ocr.combine(input, context: try request.identityContext())
    }

    init(userTokens: UserTokenMiddleware, ocr: OCRService) {
        self.userTokens = userTokens
        self.ocr = ocr
    }
}
