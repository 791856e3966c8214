import Vapor
import VerityAPI
import VerityCore

/// `/v1/documents/ocr/…`: the national-ID OCR service, for one end user per token.
struct OCRController: RouteCollection {
    let userTokens: UserTokenMiddleware
    /// Built once at start-up; a request brings its context.
    let ocr: OCRService

    func boot(routes: any RoutesBuilder) throws {
        let ocr = routes.grouped(userTokens)
        ocr.post(routePath(OCRRoute.sessions.components), use: open)
        // One sealed image in base64: a larger body than the JSON routes take.
        for side in [DocumentSide.front, .back] {
            ocr.postCollecting(routePath(OCRRoute.side(side).components), maxBytes: DocumentImages.maximumRequestBytes) { request in
                try await self.side(request, side)
            }
        }
        ocr.post(routePath(OCRRoute.combine.components), use: combine)
    }

    func open(request: Request) async throws -> OCRSessionInfo {
        try await ocr.open(try RequestBody.decode(OCRSessionRequest.self, from: request), context: try request.identityContext())
    }

    func side(_ request: Request, _ side: DocumentSide) async throws -> OCRSideAccepted {
        try await ocr.takeSide(try RequestBody.decode(OCRSideRequest.self, from: request), side: side,
                                            context: try request.identityContext())
    }

    func combine(request: Request) async throws -> OCRCombineResponse {
        try await ocr.combine(try RequestBody.decode(OCRCombineRequest.self, from: request), context: try request.identityContext())
    }
}
