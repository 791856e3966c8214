import AsyncHTTPClient
import Fluent
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import VerityAPI
import VerityCore
import VerityStore

/// Delivers one event to one endpoint: the `webhook.deliver` jobs that
/// `WebhookOutbox` queues with each outcome. A delivery is signed afresh at
/// each attempt (`WebhookSignature`, both secrets during a rotation), posted
/// with a deadline, never following a redirect, and only to a public address
/// unless the environment allows private ones. A 2xx answer delivers it;
/// anything else is retried with growing waits over three days; an endpoint
/// that has failed for a day is disabled, and says so to `verity doctor`.
final class WebhookDeliverer: JobHandler {
    let db: any Database
    let protector: DataProtector
    let clock: VerityClock
    let client: HTTPClient
    let logger: Logger
    /// How long a receiver has to answer.
    let timeout: TimeAmount

    var kind: String { WebhookOutbox.jobKind }
    /// Waits after each failed attempt, about three days in all.
    static let retrySchedule: [Int64] = [5, 30, 120, 600, 1_800, 3_600, 7_200, 14_400, 28_800, 43_200, 86_400, 86_400].map { $0 * 1000 }
    var maximumAttempts: Int { Self.retrySchedule.count + 1 }
    /// An endpoint failing this long is disabled.
    static let disableAfterMilliseconds: Int64 = 86_400_000

    init(db: any Database, protector: DataProtector, clock: VerityClock, client: HTTPClient, logger: Logger,
         timeout: TimeAmount = .seconds(10)) {
        self.db = db
        self.protector = protector
        self.clock = clock
        self.client = client
        self.logger = logger
        self.timeout = timeout
    }

    func retryDelayMilliseconds(afterAttempt attempts: Int) -> Int64 {
        Self.retrySchedule[min(max(attempts - 1, 0), Self.retrySchedule.count - 1)]
    }

    func run(subject id: UUID) async throws {
        let deliveries = WebhookDeliveryRepository(db: db)
        guard let delivery = try await deliveries.delivery(id: id), delivery.status == .pending else { return }
        let endpoint = delivery.endpoint
        guard endpoint.status == .enabled else {
            try await deliveries.markFailed(id: id)
            return
        }
        // The event's environment is the endpoint's: read once for the body and the address rule.
        let environment = try await TenantRepository(db: db).environment(id: delivery.event.environmentID)
        let body = try await body(of: delivery.event, environment: environment?.kind ?? "unknown")
        let now = clock.nowMillis()
        let secrets = try secrets(of: endpoint, now: now)
        let attempt = await post(body, to: endpoint, secrets: secrets, timestamp: now / 1000,
                                 allowPrivate: environment?.configuration.webhooks.allowPrivateAddresses ?? false)
        let delivered = attempt.statusCode.map { (200..<300).contains($0) } ?? false
        try await deliveries.recordAttempt(id: id, statusCode: attempt.statusCode, latencyMilliseconds: attempt.latencyMilliseconds,
                                           error: delivered ? nil : attempt.error, delivered: delivered, now: clock.nowMillis())
        let endpoints = WebhookEndpointRepository(db: db)
        let endpointID = try endpoint.requireID()
        if delivered {
            try await endpoints.recordSuccess(id: endpointID)
            return
        }
        let failingSince = try await endpoints.recordFailure(id: endpointID, now: now)
        if now - failingSince >= Self.disableAfterMilliseconds {
            try await endpoints.setStatus(id: endpointID, .disabled, reason: "failing")
            try await AuditRepository(db: db).record("webhook.endpoint.disabled", actor: "system", environmentID: endpoint.$environment.id,
                                                     userID: nil, now: now)
            logger.warning("webhook endpoint disabled after a day of failures", metadata: ["endpoint_id": .string(endpointID.uuidString)])
            throw VerityError(.webhookEndpointDisabled, "The endpoint failed for a day and was disabled.")
        }
        throw VerityError(.serviceUnavailable, "The receiver did not accept the delivery (\(attempt.error ?? "no answer")).")
    }

    func gaveUp(subject id: UUID, reason: String) async {
        try? await WebhookDeliveryRepository(db: db).markFailed(id: id)
    }

    // MARK: Steps

    private func body(of event: WebhookEventModel, environment: String) async throws -> Data {
        var userRef: String?
        if let userID = event.userID {
            let users = UserRepository(db: db, protector: protector)
            userRef = try await users.user(id: userID).flatMap { try users.userRef(of: $0) }
        }
        return try WebhookEvents.body(of: event, environment: environment, userRef: userRef)
    }

    private func secrets(of endpoint: WebhookEndpointModel, now: Int64) throws -> [String] {
        var secrets = [String(decoding: try protector.open(endpoint.secretSealed), as: UTF8.self)]
        if let previous = endpoint.previousSecretSealed, let until = endpoint.previousSecretUntil, until > now {
            secrets.append(String(decoding: try protector.open(previous), as: UTF8.self))
        }
        return secrets
    }

    struct Attempt {
        var statusCode: Int?
        var latencyMilliseconds: Int?
        /// A short code: `timeout`, `connection`, `http_503`, `redirect_refused`, `address_refused`.
        var error: String?
    }

    private func post(_ body: Data, to endpoint: WebhookEndpointModel, secrets: [String], timestamp: Int64,
                      allowPrivate: Bool) async -> Attempt {
        guard let url = URL(string: endpoint.url), let host = url.host else { return Attempt(error: "bad_url") }
        if !allowPrivate {
            guard let addresses = try? await WebhookResolver.addresses(of: host), !addresses.isEmpty else { return Attempt(error: "dns") }
            guard addresses.allSatisfy(WebhookAddress.isPublic) else { return Attempt(error: "address_refused") }
        }
        var request = HTTPClientRequest(url: endpoint.url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "User-Agent", value: "Verity-Webhooks/1")
        request.headers.add(name: WebhookSignature.header, value: WebhookSignature.header(for: body, secrets: secrets, timestamp: timestamp))
        request.body = .bytes(ByteBuffer(data: body))
        let started = ContinuousClock.now
        do {
            let response = try await client.execute(request, timeout: timeout)
            // Read (and drop) at most a little of the answer: a receiver's body is never kept.
            _ = try? await response.body.collect(upTo: 64 * 1024)
            let latency = Int((ContinuousClock.now - started) / .milliseconds(1))
            let code = Int(response.status.code)
            if (300..<400).contains(code) { return Attempt(statusCode: code, latencyMilliseconds: latency, error: "redirect_refused") }
            return Attempt(statusCode: code, latencyMilliseconds: latency, error: (200..<300).contains(code) ? nil : "http_\(code)")
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout || error == .connectTimeout {
            return Attempt(latencyMilliseconds: Int((ContinuousClock.now - started) / .milliseconds(1)), error: "timeout")
        } catch {
            return Attempt(latencyMilliseconds: Int((ContinuousClock.now - started) / .milliseconds(1)), error: "connection")
        }
    }
}

/// Name resolution off the event loops (getaddrinfo blocks).
enum WebhookResolver {
    /// Every address `host` resolves to, as raw bytes (4 or 16).
    static func addresses(of host: String) async throws -> [[UInt8]] {
        let name = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        return try await NIOThreadPool.singleton.runIfActive {
            var hints = addrinfo()
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            var list: UnsafeMutablePointer<addrinfo>?
            guard getaddrinfo(name, nil, &hints, &list) == 0, let first = list else { return [] }
            defer { freeaddrinfo(list) }
            var found: [[UInt8]] = []
            var cursor: UnsafeMutablePointer<addrinfo>? = first
            while let entry = cursor {
                if let address = entry.pointee.ai_addr {
                    switch Int32(address.pointee.sa_family) {
                    case AF_INET:
                        address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                            withUnsafeBytes(of: v4.pointee.sin_addr) { found.append(Array($0)) }
                        }
                    case AF_INET6:
                        address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                            withUnsafeBytes(of: v6.pointee.sin6_addr) { found.append(Array($0)) }
                        }
                    default: break
                    }
                }
                cursor = entry.pointee.ai_next
            }
            return found
        }
    }
}
