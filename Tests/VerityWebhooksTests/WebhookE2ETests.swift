import Fluent
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import Verity
import VerityAPI
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport

/// Webhooks against a real receiver process: a document check's outcome is
/// told to the backend, signed, naming the user by the integrator's reference
/// and carrying no PII; a receiver that fails or hangs gets the event again
/// later; the delivery log says what happened.
@Suite("Webhooks to a real receiver")
struct WebhookE2ETests {
    static func allowLoopbackReceivers(_ app: VerityTestApp) async throws {
        try await app.configure { $0.webhooks.allowPrivateAddresses = true }
    }

    static func now(_ app: VerityTestApp) -> Date { Date(timeIntervalSince1970: Double(app.clock.now) / 1000) }

    /// An outcome with no engine work behind it, for the delivery tests: the
    /// user's capture page opened through a new link (`capture_link.opened`).
    static func openCapturePage(_ client: IdentityVerificationClient) async throws {
        try await client.consent()
        let link = try await client.initiateIdentityDocumentCapture()
        let (_, response) = try await TestHTTP.data(from: try #require(URL(string: link.documentCaptureUrl)))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
    }

    @Test func aDocumentChecksOutcomeReachesTheReceiverSignedAndWithoutPII() async throws {
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        try await withLiveClient(userRef: "customer-4711") { client, app, url async throws in
            try await Self.allowLoopbackReceivers(app)
            let admin = WebhookAdmin(url: url, secretKey: app.secretKey)
            let endpoint = try await admin.register(receiver, events: [.documentCheckCompleted])
            #expect(endpoint.secret.hasPrefix("whsec_") && endpoint.endpoint.status == "enabled")
            try await client.consent()
            _ = try await client.verifyIdentity(input: IdentityDocuments.johnWithTypo)
            let verified = try await client.verifyIdentityDocumentToEnd(input: try IdentityDocuments.passport("john-smith-passport"))
            #expect(verified.verified)

            let arrived = try await app.deliveries(atLeast: 1, at: receiver)
            try #require(arrived.count == 1)
            let delivery = arrived[0]
            let event = try Webhook.verify(payload: delivery.bytes, header: delivery.signature, secrets: [endpoint.secret], now: Self.now(app))
            #expect(event.type == .documentCheckCompleted)
            #expect(event.userRef == "customer-4711" && event.environment == "test")
            // The backend reads the data as its type's struct (docs/webhooks.md).
            let completed = try event.payload(DocumentCheckCompleted.self)
            #expect(completed.outcome == .succeeded && completed.decidedBy == .engine && completed.reasons == "")
            #expect(completed.checkId == verified.documentCheck?.checkId && completed.documentVerificationStatus == .succeeded)
            #expect(try event.anyPayload() as? DocumentCheckCompleted == completed)
            #expect(throws: WebhookPayloadError.self) { try event.payload(DocumentCheckDecided.self) }
            // The backend fetches what was read with its key: no name, date of birth or address rides along.
            let text = String(decoding: delivery.bytes, as: UTF8.self).uppercased()
            for pii in ["SMITH", "JOHN", "1986", "30318", "PEACHTREE"] { #expect(!text.contains(pii), "\(pii) in the event") }
            #expect(delivery.headers["content-type"] == "application/json")

            // A signature under another secret, or an old one, is refused by the SDK.
            #expect(throws: Webhook.VerificationError.invalidSignature) {
                try Webhook.verify(payload: delivery.bytes, header: delivery.signature, secrets: ["whsec_other"], now: Self.now(app))
            }
            #expect(throws: Webhook.VerificationError.timestampOutsideTolerance) {
                try Webhook.verify(payload: delivery.bytes, header: delivery.signature, secrets: [endpoint.secret],
                                   now: Self.now(app).addingTimeInterval(600))
            }
            var tampered = delivery.bytes
            tampered[tampered.startIndex + 10] ^= 0x01
            #expect(throws: Webhook.VerificationError.invalidSignature) {
                try Webhook.verify(payload: tampered, header: delivery.signature, secrets: [endpoint.secret], now: Self.now(app))
            }

            // The log says it was delivered at the first attempt.
            let logged = try await admin.newestDelivery(endpoint.endpoint.id) { $0.status == "delivered" }
            #expect(logged.status == "delivered" && logged.attempts == 1 && logged.lastStatusCode == 200)
            #expect(logged.eventID == event.id)
            #expect(try await admin.deliveries(endpoint.endpoint.id).count == 1)
            // Nothing is left queued: the delivery is due for nothing and leased to nobody.
            let stored = try await WebhookDeliveryModel.query(on: app.app.db).all()
            #expect(stored.count == 1 && stored.allSatisfy { $0.runAfter == nil && $0.leaseUntil == nil })
        }
    }

    @Test func eachPIIAttemptsDecisionIsToldWithoutTheClaim() async throws {
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        try await withLiveClient(userRef: "customer-pii") { client, app, url async throws in
            try await Self.allowLoopbackReceivers(app)
            let admin = WebhookAdmin(url: url, secretKey: app.secretKey)
            let endpoint = try await admin.register(receiver, events: [.identityVerificationDecided])
            try await client.consent()
            // A wrong postal code does not match; the right one verifies.
            let missed = try await client.verifyIdentity(input: IdentityDocuments.johnWithTypo)
            #expect(!missed.verified)
            let first = try await app.deliveries(atLeast: 1, at: receiver)
            let verified = try await client.verifyIdentity(input: TestData.johnSmith)
            #expect(verified.verified)
            let both = try await app.deliveries(atLeast: 2, at: receiver)
            try #require(first.count == 1 && both.count == 2)
            let events = try both.map { try Webhook.verify(payload: $0.bytes, header: $0.signature, secrets: [endpoint.secret], now: Self.now(app)) }
                .sorted { $0.createdAtEpochMs < $1.createdAtEpochMs }
            #expect(events.allSatisfy { $0.type == .identityVerificationDecided && $0.userRef == "customer-pii" })
            let (missedEvent, verifiedEvent) = (try events[0].payload(IdentityVerificationDecided.self),
                                                try events[1].payload(IdentityVerificationDecided.self))
            #expect(missedEvent.decision == .retryAllowed && missedEvent.attemptsRemaining == missed.attemptsRemaining)
            #expect(verifiedEvent.decision == .verified && verifiedEvent.verificationMethod == .knowledgeOfPII)
            #expect(missedEvent.attemptId != verifiedEvent.attemptId)
            for delivery in both {
                let text = String(decoding: delivery.bytes, as: UTF8.self).uppercased()
                for pii in ["SMITH", "JOHN", "1986", "30318", "30319", "PEACHTREE"] { #expect(!text.contains(pii), "\(pii) in the event") }
            }
            // A verified user's further call charges nothing and decides nothing new.
            _ = try await client.verifyIdentity(input: TestData.johnSmith)
            await app.app.drainJobs()
            #expect(try receiver.deliveries().count == 2)
        }
    }

    @Test func aCaptureLinkThatLapsesIsToldOnceWithoutAnyoneAsking() async throws {
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        try await withLiveClient(userRef: "customer-lapse") { client, app, url async throws in
            try await Self.allowLoopbackReceivers(app)
            let admin = WebhookAdmin(url: url, secretKey: app.secretKey)
            let endpoint = try await admin.register(receiver, events: [.captureLinkExpired])
            try await client.consent()
            _ = try await client.initiateIdentityDocumentCapture()
            // Nobody opens it; its hour passes; the minute's housekeeping finds it.
            app.clock.advance(seconds: 3_601)
            let swept = try await app.operations.retention.housekeeping()
            #expect(swept.captureLinksLapsed == 1)
            await app.app.drainJobs()
            // At least once: on a loaded machine a first attempt can miss its
            // deadline, and its retry comes due only as the test's clock moves.
            let arrived = try await app.deliveries(atLeast: 1, at: receiver)
            try #require(arrived.count >= 1)
            let event = try Webhook.verify(payload: arrived[0].bytes, header: arrived[0].signature, secrets: [endpoint.secret],
                                           tolerance: 3_600, now: Self.now(app))
            #expect(event.type == .captureLinkExpired && event.userRef == "customer-lapse")
            #expect(try event.payload(CaptureLinkExpired.self).reason == .expired)
            // The user's status says so; a second sweep and a status read tell nobody again.
            // (the user's token has expired with the hour: the backend asks with its key)
            let (_, _, status) = try await admin.call("GET", AdminRoute.userVerification(userRef: "customer-lapse").path, as: Int.self)
            #expect(String(decoding: status, as: UTF8.self).contains(DocumentVerificationStatus.captureLinkExpired.rawValue))
            #expect(try await app.operations.retention.housekeeping().captureLinksLapsed == 0)
            await app.app.drainJobs()
            // One event, however many times it was sent (the receiver deduplicates on its id).
            let events = try receiver.events(signedWith: [endpoint.secret], now: Self.now(app))
            #expect(Set(events.map(\.id)) == [event.id])
        }
    }

    @Test func aReceiverAnswering500GetsTheSameEventAgainLater() async throws {
        let receiver = try WebhookReceiver(failFirst: 1)
        defer { receiver.stop() }
        try await withLiveClient(userRef: "customer-500") { client, app, url async throws in
            try await Self.allowLoopbackReceivers(app)
            let admin = WebhookAdmin(url: url, secretKey: app.secretKey)
            let endpoint = try await admin.register(receiver)
            // No poll runs in these tests: the server that wrote the outcome wakes its own worker.
            try await Self.openCapturePage(client)
            // (If a loaded machine holds the first attempt back past its lease,
            // the lapsed lease sends it: the receiver still answers it 500.)
            let first = try await app.deliveries(atLeast: 1, at: receiver)
            try #require(first.count == 1)
            let failed = try await admin.newestDelivery(endpoint.endpoint.id) { $0.attempts >= 1 }
            #expect(failed.status == "pending" && failed.lastError == "http_500" && failed.lastStatusCode == 500)
            // when: the retry's wait has passed
            try await app.runRetries { try receiver.deliveries().count >= 2 }
            // then: the same event, signed again, is delivered. (At least once:
            // on a loaded machine the test's clock, moved 6 s a round, can
            // outrun an attempt still in flight, whose lease then lapses and
            // which is sent once more; the receiver deduplicates on the id.)
            let events = try receiver.events(signedWith: [endpoint.secret], now: Self.now(app))
            try #require(events.count >= 2)
            #expect(Set(events.map(\.id)).count == 1 && events[0].type == .captureLinkOpened && events[0].userRef == "customer-500")
            let delivered = try await admin.newestDelivery(endpoint.endpoint.id) { $0.status == "delivered" }
            #expect(delivered.status == "delivered" && delivered.attempts >= 2)
        }
    }

    @Test func aHangingReceiverIsCutOffAndTriedAgain() async throws {
        // The receiver hangs far longer than the test waits, then answers 500:
        // an attempt recorded as `timeout` was cut off by the sender's deadline.
        let receiver = try WebhookReceiver(hangFirst: 1, hangSeconds: 240)
        defer { receiver.stop() }
        try await withVerityApp(settings: { $0.webhookTimeoutMilliseconds = 1_000 }) { app async throws in
            let url = try await app.startServer()
            try await Self.allowLoopbackReceivers(app)
            let admin = WebhookAdmin(url: url, secretKey: app.secretKey)
            let endpoint = try await admin.register(receiver, events: [.captureLinkOpened])
            let client = IdentityVerificationClient(baseURL: url, token: try await app.token(for: "customer-hang"), requestTimeout: TestDeadlines.requestTimeout)
            try await Self.openCapturePage(client)
            // The page's opening is delivered by the worker's next round (the poll, here a drain).
            await app.app.drainJobs()
            _ = try await receiver.waitFor(1)
            // The attempt ends at the deadline (1 s), not when the receiver wakes
            // up (240 s) and answers 500.
            let cutOff = try await admin.newestDelivery(endpoint.endpoint.id) { $0.attempts >= 1 }
            #expect(cutOff.lastError == "timeout" && cutOff.lastStatusCode == nil && cutOff.status == "pending")
            // A retry that the loaded machine answers late is cut off too and
            // tried again: the event is delivered in the end, however many tries.
            try await app.runRetries { try await admin.deliveries(endpoint.endpoint.id).first?.status == "delivered" }
            let delivered = try await admin.deliveries(endpoint.endpoint.id).first
            #expect(delivered?.status == "delivered" && (delivered?.attempts ?? 0) >= 2)
            let events = try receiver.events(signedWith: [endpoint.secret], now: Self.now(app))
            #expect(events.count >= 2 && Set(events.map(\.id)).count == 1)
        }
    }

    @Test func endpointsAreCheckedWhenRegistered() async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let admin = WebhookAdmin(url: url, secretKey: app.secretKey)
            for bad in ["", "ftp://example.com/x", "http://example.com/hook", "https://user:pw@example.com/hook", "not a url",
                        "https://example.com/" + String(repeating: "a", count: 2100)] {
                let (_, status, data) = try await admin.call("POST", WebhookRoute.endpoints.path, body: WebhookEndpointInput(url: bad),
                                                           as: WebhookEndpointSecret.self)
                #expect(status == 400, "\(bad.prefix(40)) → \(status)")
                #expect(String(decoding: data, as: UTF8.self).contains("\"field\":\"url\""))
            }
            let (_, unknownEvent, _) = try await admin.call("POST", WebhookRoute.endpoints.path,
                                                            body: ["url": "https://example.com/hook", "events": ["nothing.happened"]] as [String: AnyEncodable],
                                                            as: WebhookEndpointSecret.self)
            #expect(unknownEvent == 400)
            let (_, noKey, _) = try await WebhookAdmin(url: url, secretKey: "vk_test_wrong").call("GET", WebhookRoute.endpoints.path,
                                                                                                 as: [WebhookEndpointView].self)
            #expect(noKey == 401)
            // No events named: every type.
            let (created, status, _) = try await admin.call("POST", WebhookRoute.endpoints.path,
                                                            body: WebhookEndpointInput(url: "https://example.com/hook"), as: WebhookEndpointSecret.self)
            #expect(status == 201 && Set(created?.endpoint.events ?? []) == Set(WebhookEventType.allCases))
            // The secret is shown once: listing never shows it.
            let (_, _, listed) = try await admin.call("GET", WebhookRoute.endpoints.path, as: [WebhookEndpointView].self)
            #expect(!String(decoding: listed, as: UTF8.self).contains(created?.secret ?? "whsec_"))
        }
    }

    @Test func aReceiverOnAPrivateAddressIsNotCalledUnlessTheEnvironmentAllowsIt() async throws {
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        try await withLiveClient(userRef: "customer-ssrf") { client, app, url async throws in
            let admin = WebhookAdmin(url: url, secretKey: app.secretKey)
            let endpoint = try await admin.register(receiver, events: [.captureLinkOpened])
            try await Self.openCapturePage(client)
            await app.app.drainJobs()
            let refused = try await admin.newestDelivery(endpoint.endpoint.id) { $0.attempts >= 1 }
            #expect(refused.lastError == "address_refused" && refused.status == "pending")
            #expect(try receiver.deliveries().isEmpty)
            // when: the operator allows private receivers (development) and the retry comes
            try await Self.allowLoopbackReceivers(app)
            try await app.runRetries { try receiver.deliveries().count >= 1 }
            #expect(try receiver.deliveries().count == 1)
        }
    }
}

/// A JSON value of either shape, for sending bodies the typed inputs would not let through.
struct AnyEncodable: Encodable, ExpressibleByStringLiteral, ExpressibleByArrayLiteral {
    let encode: @Sendable (any Encoder) throws -> Void
    init(stringLiteral value: String) { encode = { var c = $0.singleValueContainer(); try c.encode(value) } }
    init(arrayLiteral elements: String...) { encode = { var c = $0.singleValueContainer(); try c.encode(elements) } }
    func encode(to encoder: any Encoder) throws { try encode(encoder) }
}
