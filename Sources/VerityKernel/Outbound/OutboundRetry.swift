import Logging
import VerityCore

/// How Verity calls services a user brings (identity bureau, SMS provider):
/// transport failures, 429 and 5xx are retried with exponential backoff
/// (100 ms, 200 ms, …); anything else, or running out of retries, is
/// `SERVICE_UNAVAILABLE`. Reasons are logged, never request contents.
package enum OutboundRetry {
    package enum Reply<Value> {
        case done(Value)
        case retry(String)
        case fail(String)
    }

    /// `refusal`: thrown instead when the service answers with a final "no"
    /// (`.fail`), for services whose refusals are answers, not outages.
    package static func run<Value>(retries: Int, logger: Logger, service: String, unavailable: String, refusal: VerityError? = nil,
                           _ attempt: () async -> Reply<Value>) async throws -> Value {
        var tries = 0
        while true {
            switch await attempt() {
            case .done(let value):
                return value
            case .retry(let reason) where tries < retries:
                tries += 1
                logger.notice("\(service) retry", metadata: ["reason": .string(reason), "attempt": .stringConvertible(tries)])
                try await Task.sleep(nanoseconds: UInt64(100_000_000) << UInt64(tries - 1))
            case .fail(let reason):
                logger.warning("\(service) \(refusal == nil ? "failed" : "refused")", metadata: ["reason": .string(reason)])
                throw refusal ?? VerityError(.serviceUnavailable, unavailable)
            case .retry(let reason):
                logger.warning("\(service) failed", metadata: ["reason": .string(reason)])
                throw VerityError(.serviceUnavailable, unavailable)
            }
        }
    }
}
