import AsyncHTTPClient
import NIOCore
import VerityAPI

/// A load generator's client does what Verity's SDKs do with the overload
/// answer (503 with `Retry-After`): waits as told and sends again. Sixteen
/// clients on one key from one address hold at most 12 of a server's 16
/// large-body slots (`LargeBodies`' shares); the others are told to wait.
enum OverloadRetry {
    static let attempts = 30

    static func execute(_ http: HTTPClient, _ request: HTTPClientRequest, timeout: TimeAmount) async throws -> HTTPClientResponse {
        var attempt = 1
        while true {
            let response = try await http.execute(request, timeout: timeout)
            guard response.status == .serviceUnavailable, attempt < attempts,
                  let wait = response.headers.first(name: WireHeader.retryAfter).flatMap(Int.init) else { return response }
            _ = try? await response.body.collect(upTo: 1 << 16)
            attempt += 1
            try await Task.sleep(for: .seconds(wait))
        }
    }
}
