import Foundation
import VerityAPI

/// How a client tries a call again. Retryable failures (`RATE_LIMITED`,
/// `SERVICE_UNAVAILABLE`, an unreachable service) are tried again after each
/// of `delays` in turn, or after the `Retry-After` the service asks for when
/// that is no longer than `maximumWait`. A POST travels with one
/// `Idempotency-Key` for all its tries, so a retry after a lost answer is
/// answered with the first answer instead of running twice; when the first
/// try is still running there (`IDEMPOTENCY_KEY_IN_USE`), the client waits
/// for it, asking every 2 s, for up to `inUsePatience`.
public struct ServiceRetries: Sendable {
    public var delays: [Duration]
    public var maximumWait: Duration
    public var inUsePatience: Duration

    public init(delays: [Duration] = [.seconds(1), .seconds(3), .seconds(9)], maximumWait: Duration = .seconds(60),
                inUsePatience: Duration = .seconds(300)) {
        self.delays = delays
        self.maximumWait = maximumWait
        self.inUsePatience = inUsePatience
    }

    /// One try, no retry.
    public static let never = ServiceRetries(delays: [], inUsePatience: .zero)

    /// `attempt` until it succeeds, fails for good, or the retries run out.
    /// `idempotent`: the tries share an `Idempotency-Key`, so an answer still
    /// being made for an earlier try is worth waiting for.
    func run<Answer>(idempotent: Bool, _ attempt: () async throws(ServiceFailure) -> Answer) async throws(ServiceFailure) -> Answer {
        var retries = 0
        let clock = ContinuousClock()
        let patience = clock.now.advanced(by: inUsePatience)
        while true {
            let failure: ServiceFailure
            do {
                return try await attempt()
            } catch {
                failure = error
            }
            if Task.isCancelled { throw failure }
            // Our own first try is still running there: its answer will be replayed to us. Not a retry spent.
            if failure.code == ErrorCode.idempotencyKeyInUse.rawValue, idempotent, clock.now < patience {
                await Self.sleep(failure.retryAfterSeconds.map { Duration.seconds(min($0, 10)) } ?? .seconds(2))
                continue
            }
            guard failure.retryable, retries < delays.count else { throw failure }
            let asked = failure.retryAfterSeconds.map { Duration.seconds($0) } ?? delays[retries]
            guard asked <= maximumWait else { throw failure }
            await Self.sleep(asked)
            retries += 1
        }
    }

    /// A pause between tries; a cancelled task stops waiting, and its next failure ends the call.
    private static func sleep(_ duration: Duration) async {
        try? await Task.sleep(for: duration)
    }
}

extension ServiceTransport {
    /// One call of `endpoint`, tried again by `retries`: `parameters` fill its
    /// path, `body` is sent as JSON (none for a `NoBody` endpoint), and a call
    /// that honours `Idempotency-Key` carries one new key for all its tries.
    func call<Body: Encodable, Answer: Decodable>(
        _ endpoint: Endpoint<Body, Answer>, _ parameters: [RouteParameter: String] = [:], query: [URLQueryItem] = [],
        body: Body? = nil, credential: ServiceCredential, headers: [String: String] = [:], retries: ServiceRetries) async throws(Failure) -> Answer {
        var headers = headers
        if endpoint.honoursIdempotencyKey { headers[WireHeader.idempotencyKey] = UUID().uuidString }
        let encoded: Data?
        if let body, !(body is NoBody) {
            guard let json = try? JSONEncoder().encode(body) else {
                throw Failure(ServiceFailure(.invalidInput, message: "the request could not be encoded as JSON"))
            }
            encoded = json
        } else {
            encoded = nil
        }
        let path = endpoint.path(parameters)
        let raw = ServiceTransport<ServiceFailure>(baseURL: baseURL, http: http, requestTimeout: requestTimeout)
        do {
            return try await retries.run(idempotent: endpoint.honoursIdempotencyKey) { () async throws(ServiceFailure) -> Answer in
                try await raw.send(endpoint.verb.rawValue, path, query: query, body: encoded, credential: credential, headers: headers)
            }
        } catch {
            throw Failure(error)
        }
    }
}
