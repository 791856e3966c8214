import Vapor
import VerityAPI

/// The mobile envelope (`VerityAPI/MobileTypes.swift`) as an HTTP answer:
/// always 200 with JSON; errors go through `MobileErrorMiddleware`.
extension MobileEnvelope: AsyncResponseEncodable {
    public func encodeResponse(for request: Request) async throws -> Response {
        let response = Response(status: .ok)
        try response.content.encode(self, as: .json)
        return response
    }
}
