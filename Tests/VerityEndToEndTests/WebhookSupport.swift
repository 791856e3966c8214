import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import Verity
import VerityAPI
import VerityTestSupport

/// A real webhook receiver in its own process (`tests-contract/webhook-receiver.py`):
/// what arrived is read back from its log. It stops by itself after 15
/// minutes: on a loaded run a test's first webhook came more than 5 minutes
/// after its receiver started (the 300 s it had), and nothing was listening.
final class WebhookReceiver: Sendable {
    let process: Process
    let log: URL
    let port: Int

    struct Delivery: Decodable {
        let n: Int
        let path: String
        let headers: [String: String]
        let body: String

        var bytes: Data { Data(base64Encoded: body) ?? Data() }
        var signature: String? { headers[WebhookSignature.header.lowercased()] }
    }

    init(failFirst: Int = 0, hangFirst: Int = 0, hangSeconds: Double = 30, redirectTo: String? = nil, answerBytes: Int = 0) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
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

    var url: String { "http://127.0.0.1:\(port)/hooks/verity" }

    func deliveries() throws -> [Delivery] {
        try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map { try JSONDecoder().decode(Delivery.self, from: Data($0.utf8)) }
    }

    /// Every delivery so far, its signature checked with `secrets`. An hour's
    /// tolerance: retries come due as a test moves its clock forward.
    func events(signedWith secrets: [String], now: Date) throws -> [WebhookEvent] {
        try deliveries().map { try Webhook.verify(payload: $0.bytes, header: $0.signature, secrets: secrets, tolerance: 3_600, now: now) }
    }

    /// Waits (up to `seconds`) until `count` deliveries have arrived.
    func waitFor(_ count: Int, seconds: Double = 60) async throws -> [Delivery] {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            let arrived = try deliveries()
            if arrived.count >= count { return arrived }
            try await Task.sleep(for: .milliseconds(100))
        }
        return try deliveries()
    }

    /// Stops the receiver. (Not `waitUntilExit`: on Linux it spins on the
    /// calling thread, one of the two the tests' tasks share.)
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        for _ in 0..<100 where process.isRunning { usleep(20_000) }
        try? FileManager.default.removeItem(at: log)
    }

    deinit { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
}

enum WebhookReceiverError: Error { case noPort(String) }

/// Calls to `/admin/v1/webhooks` with the app's secret key.
struct WebhookAdmin {
    let url: URL
    let secretKey: String

    func call<Output: Decodable>(_ method: String, _ path: String, body: (some Encodable)? = Optional<Int>.none,
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

    func register(_ receiver: WebhookReceiver, events: [WebhookEventType]? = nil) async throws -> WebhookEndpointSecret {
        let (created, status, data) = try await call("POST", WebhookRoute.endpoints.path,
                                                     body: WebhookEndpointInput(url: receiver.url, events: events),
                                                     as: WebhookEndpointSecret.self)
        guard status == 201, let created else { throw WebhookReceiverError.noPort(String(decoding: data, as: UTF8.self)) }
        return created
    }

    func deliveries(_ endpoint: UUID) async throws -> [WebhookDeliveryView] {
        try await call("GET", WebhookRoute.deliveries(id: endpoint.uuidString).path, as: [WebhookDeliveryView].self).0 ?? []
    }

    /// The endpoint's newest delivery once `done` holds for it (the receiver
    /// logs a delivery before it answers, the server records the attempt after).
    func newestDelivery(_ endpoint: UUID, seconds: Double = 60,
                        until done: (WebhookDeliveryView) -> Bool) async throws -> WebhookDeliveryView? {
        let deadline = ContinuousClock.now + .seconds(seconds)
        var newest: WebhookDeliveryView?
        while ContinuousClock.now < deadline {
            newest = try await deliveries(endpoint).first
            if let newest, done(newest) { return newest }
            try await Task.sleep(for: .milliseconds(100))
        }
        return newest
    }
}

extension VerityTestApp {
    /// Waits for `count` deliveries at `receiver`: first as the server sends
    /// them by itself (the outcome's wake), then, if a loaded machine made an
    /// attempt miss its deadline or a batch fail and leave its leases, by
    /// letting retries and lapsed leases come due (this test's clock is
    /// frozen, and no poll runs). What the first wait saw is printed, so a
    /// run that needed the second can be told from one that did not.
    func deliveries(atLeast count: Int, at receiver: WebhookReceiver, seconds: Double = 60) async throws -> [WebhookReceiver.Delivery] {
        let arrived = try await receiver.waitFor(count, seconds: seconds)
        if arrived.count >= count { return arrived }
        print("webhook test: \(arrived.count) of \(count) deliveries arrived in \(Int(seconds)) s; letting retries and leases come due")
        try await runRetries { try receiver.deliveries().count >= count }
        return try receiver.deliveries()
    }

    /// Lets retries come due and runs them, until `arrived` holds (or a minute
    /// passes): the worker writes a retry only after the attempt it follows.
    func runRetries(until arrived: () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while try await !arrived(), ContinuousClock.now < deadline {
            clock.advance(seconds: 6)
            await app.drainJobs()
            try await Task.sleep(for: .milliseconds(200))
        }
    }
}
