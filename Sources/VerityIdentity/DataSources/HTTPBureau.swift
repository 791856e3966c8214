import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import VerityCore
import VerityKernel

/// An outside identity bureau reached over HTTP(S).
///
/// Request: `POST <url>` with `Authorization: Bearer <key>` and a JSON
/// `BureauRequest`. Response: `200` with `{"result": "match" | "no_match" |
/// "deceased" | "fraud_alert"}`. Timeouts, 429 and 5xx are retried with
/// backoff; anything else, or running out of retries, is `SERVICE_UNAVAILABLE`.
package struct HTTPBureau: IdentityDataSource {
    let settings: BureauSettings
    let client: HTTPClient
    package let logger: Logger

    package var name: String { "bureau" }

    struct BureauRequest: Encodable {
        var firstName, lastName, address: String
        var city, state: String?
        var postalCode, country, dateOfBirth: String
    }

    struct BureauResponse: Decodable {
        var result: String
    }

    package func check(_ claim: IdentityClaim) async throws -> DataSourceOutcome {
        let body = try JSONEncoder().encode(BureauRequest(
            firstName: claim.firstName, lastName: claim.lastName, address: claim.address, city: claim.city,
            state: claim.state, postalCode: claim.postalCode.canonical, country: claim.country,
            dateOfBirth: claim.dateOfBirth.description))
        return try await OutboundRetry.run(retries: settings.retries, logger: logger, service: "bureau",
                                           unavailable: "the identity bureau is unavailable; try again later") {
            await send(body)
        }
    }

    private func send(_ body: Data) async -> OutboundRetry.Reply<DataSourceOutcome> {
        var request = HTTPClientRequest(url: settings.url.absoluteString)
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(settings.apiKey)")
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Accept", value: "application/json")
        request.body = .bytes(ByteBuffer(data: body))
        do {
            let response = try await client.execute(request, timeout: .milliseconds(Int64(settings.timeoutMilliseconds)))
            let bytes = try await response.body.collect(upTo: 64 * 1024)
            switch response.status.code {
            case 200:
                guard let reply = try? JSONDecoder().decode(BureauResponse.self, from: Data(buffer: bytes)),
                      let outcome = Self.outcome(reply.result)
                else { return .fail("unreadable response") }
                return .done(outcome)
            case 429, 500...599:
                return .retry("status \(response.status.code)")
            default:
                return .fail("status \(response.status.code)")
            }
        } catch {
            return .retry("transport: \(type(of: error))")
        }
    }

    static func outcome(_ result: String) -> DataSourceOutcome? {
        switch result {
        case "match": .matched
        case "no_match": .notMatched
        case "deceased": .deceased
        case "fraud_alert": .fraudAlert
        default: nil
        }
    }

    package init(settings: BureauSettings, client: HTTPClient, logger: Logger) {
        self.settings = settings
        self.client = client
        self.logger = logger
    }
}
