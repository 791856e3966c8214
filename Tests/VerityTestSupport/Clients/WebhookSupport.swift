import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import Verity
import VerityAPI
@testable import VerityStore
import Fluent

/// A real webhook receiver in its own process (`tests-contract/webhook-receiver.py`):
/// what arrived is read back from its log. It stops by itself after 15
/// minutes: on a loaded run a test's first webhook came more than 5 minutes
/// after its receiver started (the 300 s it had), and nothing was listening.
public final class WebhookReceiver: Sendable {
    public let process: Process
    public let log: URL
    public let port: Int

    public struct Delivery: Decodable, Sendable {
        public let n: Int
        public let path: String
        public let headers: [String: String]
        public let body: String

        public var bytes: Data { Data(base64Encoded: body) ?? Data() }
        public var signature: String? { headers[WebhookSignature.header.lowercased()] }
    }

    public init(failFirst: Int = 0, hangFirst: Int = 0, hangSeconds: Double = 30, redirectTo: String? = nil, answerBytes: Int = 0) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        log = FileManager.default.temporaryDirectory.appendingPathComponent("verity-webhooks-\(UUID().uuidString).jsonl")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [root.appendingPathComponent("tests-contract/webhook-receiver.py").path, "--log", log.path,
                             "--fail-first", "\(failFirst)", "--hang-first", "\(hangFirst)", "--hang-seconds", "\(hangSeconds)",
                             "--lifetime", "900", "--answer-bytes", "\(answerBytes)"] + (redirectTo.map { ["--redirect-to", $0] } ?? [])
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        guard let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw WebhookReceiverError.noPort(line)
        }
        self.port = port
    }

    public var url: String { "http://127.0.0.1:\(port)/hooks/verity" }

    public func deliveries() throws -> [Delivery] {
        try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map { try JSONDecoder().decode(Delivery.self, from: Data($0.utf8)) }
    }

    /// Every delivery so far, its signature checked with `secrets`. An hour's
    /// tolerance: retries come due as a test moves its clock forward.
    public func events(signedWith secrets: [String], now: Date) throws -> [WebhookEvent] {
        try deliveries().map { try Webhook.verify(payload: $0.bytes, header: $0.signature, secrets: secrets, tolerance: 3_600, now: now) }
    }

    /// Waits until `count` deliveries have arrived.
    public func waitFor(_ count: Int) async throws -> [Delivery] {
        try await VerityTestSupport.waitFor("\(count) deliveries at the receiver") {
            let arrived = try deliveries()
            return arrived.count >= count ? .ready(arrived) : .notYet("\(arrived.count) arrived")
        }
    }

    /// Stops the receiver. (Not `waitUntilExit`: on Linux it spins on the
    /// calling thread, one of the two the tests' tasks share.)
    public func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        for _ in 0..<100 where process.isRunning { usleep(20_000) }
        try? FileManager.default.removeItem(at: log)
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
}

public enum WebhookReceiverError: Error { case noPort(String) }

/// Calls to `/admin/v1/webhooks` with the app's secret key.
public struct WebhookAdmin {
    public let url: URL
    public let secretKey: String

    public init(url: URL, secretKey: String) { (self.url, self.secretKey) = (url, secretKey) }

    public func call<Output: Decodable>(_ method: String, _ path: String, body: (some Encodable)? = Optional<Int>.none,
                                 as: Output.Type) async throws -> (Output?, Int, Data) {
        var request = URLRequest(url: URL(string: url.absoluteString + path)!)
        request.httpMethod = method
        request.setValue("Bearer \(secretKey)", forHTTPHeaderField: "Authorization")
        if let body {
            request.httpBody = try JSONEncoder().encode(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await TestHTTP.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        return ((200..<300).contains(status) ? try? JSONDecoder().decode(Output.self, from: data) : nil, status, data)
    }

    public func register(_ receiver: WebhookReceiver, events: [WebhookEventType]? = nil) async throws -> WebhookEndpointSecret {
        let (created, status, data) = try await call("POST", WebhookRoute.endpoints.path,
                                                     body: WebhookEndpointInput(url: receiver.url, events: events),
                                                     as: WebhookEndpointSecret.self)
        guard status == 201, let created else { throw WebhookReceiverError.noPort(String(decoding: data, as: UTF8.self)) }
        return created
    }

    public func deliveries(_ endpoint: UUID) async throws -> [WebhookDeliveryView] {
        try await call("GET", WebhookRoute.deliveries(id: endpoint.uuidString).path, as: [WebhookDeliveryView].self).0 ?? []
    }

    /// The endpoint's newest delivery once `done` holds for it (the receiver
    /// logs a delivery before it answers, the server records the attempt after).
    public func newestDelivery(_ endpoint: UUID, until done: (WebhookDeliveryView) -> Bool) async throws -> WebhookDeliveryView {
        try await waitFor("the endpoint's newest delivery to be as expected") { () async throws -> Observed<WebhookDeliveryView> in
            guard let newest = try await deliveries(endpoint).first else { return .notYet("no delivery") }
            return done(newest) ? .ready(newest) : .notYet("\(newest.status), \(newest.attempts) attempts, \(newest.lastError ?? "no error")")
        }
    }
}

extension VerityTestApp {
    /// Waits for `count` deliveries at `receiver`, as the server sends them
    /// by itself (the outcome's wake). A delivery that waits for this test's
    /// frozen clock (a retry after an attempt a loaded machine cut off at its
    /// deadline, or a lease a failed batch left) is brought due and sent.
    public func deliveries(atLeast count: Int, at receiver: WebhookReceiver) async throws -> [WebhookReceiver.Delivery] {
        let leases = LeaseWatch()
        return try await waitFor("\(count) deliveries at the receiver") { () async throws -> Observed<[WebhookReceiver.Delivery]> in
            let arrived = try receiver.deliveries()
            if arrived.count >= count { return .ready(arrived) }
            let moved = try await bringWebhookRetriesDue(leases)
            return .notYet("\(arrived.count) arrived\(moved ? "; a retry was brought due" : "")")
        }
    }

    /// Brings retries due and runs them until `arrived` holds: the worker
    /// writes a retry only after the attempt it follows.
    public func runRetries(until arrived: () async throws -> Bool) async throws {
        let leases = LeaseWatch()
        try await waitUntil("the retried deliveries to arrive", every: .milliseconds(200)) {
            if try await arrived() { return true }
            _ = try await bringWebhookRetriesDue(leases)
            return false
        }
    }

    /// Moves this test's clock to the first pending delivery that waits for
    /// it, and runs the worker: a retry due later, or a lease held longer
    /// than any attempt lasts (the batch that took it failed). Leases of
    /// attempts in flight are left alone; whether one is would otherwise be
    /// a guess, and a lapsed one sends the event twice. Whether it moved.
    private func bringWebhookRetriesDue(_ leases: LeaseWatch) async throws -> Bool {
        let now = clock.now
        let pending = try await WebhookDeliveryModel.query(on: app.db).filter(\.$status == .pending).all()
        let retries = pending.filter { ($0.runAfter ?? 0) > now && ($0.leaseUntil ?? 0) <= now }.compactMap(\.runAfter)
        let abandoned = pending.filter { leases.heldTooLong($0, now: now, attemptLimit: settings.webhookTimeoutMilliseconds) }
            .compactMap(\.leaseUntil)
        guard let due = (retries + abandoned.map { $0 + 1 }).min() else { return false }
        clock.advance(milliseconds: due - now)
        await app.drainJobs()
        return true
    }
}

/// When each delivery's lease was first seen, by the wall clock: a lease
/// still held long after its attempt must have ended belongs to a batch that failed.
public final class LeaseWatch {
    private var firstSeen: [String: ContinuousClock.Instant] = [:]

    public func heldTooLong(_ delivery: WebhookDeliveryModel, now: Int64, attemptLimit: Int) -> Bool {
        guard let lease = delivery.leaseUntil, lease > now, let id = delivery.id else { return false }
        let key = "\(id)@\(lease)"
        let seen = firstSeen[key] ?? ContinuousClock.now
        firstSeen[key] = seen
        return ContinuousClock.now - seen > .milliseconds(attemptLimit) + .seconds(30)
    }
}
