import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import VerityAPI

extension CertificationClient {
    /// One call of `endpoint` for this client's entity (and `id`, when its
    /// path has one), with the device token, or the user token when there is
    /// none yet (`userToken`), or `bearer`; tried again by `retries`, a POST
    /// with one `Idempotency-Key` for all its tries.
    func send<Body: Encodable, Answer: Decodable>(_ endpoint: Endpoint<Body, Answer>, id: String? = nil, query: [URLQueryItem] = [],
                                                          body: Body? = nil, userToken: Bool = false,
                                                          bearer: String? = nil) async throws -> Answer {
        let credential: String
        if let bearer {
            credential = bearer
        } else if !userToken, let device = try storedDeviceToken() {
            credential = device
        } else {
            credential = try await userTokenProvider()
        }
        var parameters: [RouteParameter: String] = [.entity: entity]
        parameters[.id] = id
        let transport = ServiceTransport<CertificationError>(baseURL: baseURL, session: session, requestTimeout: requestTimeout)
        return try await transport.call(endpoint, parameters, query: query, body: body,
                                        credential: .bearer(credential), headers: [WireHeader.deviceID: try deviceIdentifier()],
                                        retries: retries)
    }
}
