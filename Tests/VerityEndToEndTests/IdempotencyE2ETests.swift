import Crypto
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import VerityAPI
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport

/// `Idempotency-Key` on the `/v1` and `/admin/v1` POSTs: a retry with the
/// same key and body gets the first answer and the work is not done again,
/// on any server; the same key on another body is 422; a key still running
/// is 409 until its server stops saying its claim is alive (it died).
@Suite("Idempotency-Key on /v1 and /admin/v1")
struct IdempotencyE2ETests {
    struct Answer {
        let status: Int
        let replayed: Bool
        let data: Data
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:] }
        var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }
    }

    static func post(_ url: URL, _ path: String, bearer: String, key: String?, body: some Encodable) async throws -> Answer {
        try await post(url, path, bearer: bearer, key: key, raw: try JSONEncoder().encode(body))
    }

    static func post(_ url: URL, _ path: String, bearer: String, key: String?, raw: Data) async throws -> Answer {
        var request = URLRequest(url: URL(string: url.absoluteString + path)!)
        request.httpMethod = "POST"
        request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let key { request.setValue(key, forHTTPHeaderField: "Idempotency-Key") }
        request.httpBody = raw
        let (data, response) = try await TestHTTP.data(for: request)
        let http = response as? HTTPURLResponse
        return Answer(status: http?.statusCode ?? 0, replayed: http?.value(forHTTPHeaderField: "Idempotent-Replayed") == "true", data: data)
    }

    @Test func aRetriedWebhookRegistrationMakesOneEndpointOnAnyServer() async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let input = WebhookEndpointInput(url: "https://hooks.example.com/verity", events: [.certificateIssued])
            let first = try await Self.post(url, WebhookRoute.endpoints.path, bearer: app.secretKey, key: "register-hook-1", body: input)
            #expect(first.status == 201 && !first.replayed)
            // The retry reaches another server: the same answer (the same secret, shown once), no second endpoint.
            let again = try await app.withSecondServer { second in
                try await Self.post(second, WebhookRoute.endpoints.path, bearer: app.secretKey, key: "register-hook-1", body: input)
            }
            #expect(again.status == 201 && again.replayed && again.data == first.data)
            let listed = try await WebhookAdmin(url: url, secretKey: app.secretKey).call("GET", WebhookRoute.endpoints.path,
                                                                                         as: [WebhookEndpointView].self).0
            #expect(listed?.count == 1)
            // The same JSON spelled otherwise (keys in another order, spaces) is the same request.
            let respelled = #"{ "events" : ["certificate.issued"], "url" : "https://hooks.example.com/verity" }"#
            let third = try await Self.post(url, WebhookRoute.endpoints.path, bearer: app.secretKey, key: "register-hook-1", raw: Data(respelled.utf8))
            #expect(third.status == 201 && third.replayed && third.data == first.data)
            // The same key on another request is refused, naming the header.
            let other = try await Self.post(url, WebhookRoute.endpoints.path, bearer: app.secretKey, key: "register-hook-1",
                                            body: WebhookEndpointInput(url: "https://hooks.example.com/other"))
            #expect(other.status == 422 && other.errorCode == "IDEMPOTENCY_KEY_REUSED")
            // Without a key, each request is its own.
            _ = try await Self.post(url, WebhookRoute.endpoints.path, bearer: app.secretKey, key: nil, body: input)
            _ = try await Self.post(url, WebhookRoute.endpoints.path, bearer: app.secretKey, key: nil, body: input)
            #expect(try await WebhookAdmin(url: url, secretKey: app.secretKey).call("GET", WebhookRoute.endpoints.path,
                                                                                    as: [WebhookEndpointView].self).0?.count == 3)
        }
    }

    @Test func aRetriedPIIAttemptIsChargedOnce() async throws {
        try await withLiveClient(userRef: "idem-user") { client, app, url async throws in
            try await client.consent()
            let token = try await app.token(for: "idem-user")
            let typo = IdentityDocuments.johnWithTypo
            let first = try await Self.post(url, IdentityRoute.verify.path, bearer: token, key: "attempt-1", body: typo)
            let retry = try await Self.post(url, IdentityRoute.verify.path, bearer: token, key: "attempt-1", body: typo)
            #expect(first.status == 200 && retry.status == 200 && retry.replayed && retry.data == first.data, "\(first.status) \(retry.status) \(String(decoding: retry.data, as: UTF8.self))")
            let remaining = first.json["attemptsRemaining"] as? Int
            // The retry charged nothing: the user's attempts are where the first left them.
            let status = try await client.checkIdentityVerification()
            #expect(status.attemptsRemaining == remaining)
            // A new key is a new attempt.
            let second = try await Self.post(url, IdentityRoute.verify.path, bearer: token, key: "attempt-2", body: typo)
            #expect(second.json["attemptsRemaining"] as? Int == (remaining ?? 0) - 1)
            // A refusal is kept too: the retry of a bad request is the same 400.
            var bad = typo
            bad.dateOfBirth = "yesterday"
            let refused = try await Self.post(url, IdentityRoute.verify.path, bearer: token, key: "attempt-3", body: bad)
            let refusedAgain = try await Self.post(url, IdentityRoute.verify.path, bearer: token, key: "attempt-3", body: bad)
            #expect(refused.status == 400 && refusedAgain.status == 400 && refusedAgain.replayed && refusedAgain.data == refused.data)
            // Keys belong to their user: another user's same key is theirs alone.
            let stranger = try await app.token(for: "idem-stranger")
            let theirs = try await Self.post(url, IdentityRoute.verify.path, bearer: stranger, key: "attempt-1", body: typo)
            #expect(!theirs.replayed)
        }
    }

    @Test func aKeyStillRunningIsBusyUntilItsServerStopsSayingItIsAlive() async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let environmentID = try #require(try await TenantRepository(db: app.app.db).environment(tenant: app.tenant, kind: .test)?.requireID())
            let input = WebhookEndpointInput(url: "https://hooks.example.com/verity")
            let fingerprint = Self.fingerprint(WebhookRoute.endpoints.path, input, try app.app.dataProtector)
            // A claim with no answer yet, as a server mid-request (or one that died) leaves it.
            let repository = IdempotencyRepository(db: app.app.db)
            let first = try #require(Self.claimed(try await repository.claim(scopeID: environmentID, keyHash: DataProtector.hashSecret("busy-1"),
                                                                             requestHash: fingerprint, now: app.clock.now,
                                                                             protector: try app.app.dataProtector)))
            let busy = try await Self.post(url, WebhookRoute.endpoints.path, bearer: app.secretKey, key: "busy-1", body: input)
            #expect(busy.status == 409 && busy.errorCode == "IDEMPOTENCY_KEY_IN_USE")
            // Its server says it still runs it (a long request): not taken over, however old.
            for _ in 0..<6 {
                app.clock.advance(seconds: 15)
                #expect(try await repository.heartbeat([first], now: app.clock.now) == 1)
            }
            let alive = try await Self.post(url, WebhookRoute.endpoints.path, bearer: app.secretKey, key: "busy-1", body: input)
            #expect(alive.status == 409 && alive.errorCode == "IDEMPOTENCY_KEY_IN_USE")
            // Then its server stops saying so (it died): 20 s on, the retry does the work.
            app.clock.advance(seconds: 21)
            let taken = try await Self.post(url, WebhookRoute.endpoints.path, bearer: app.secretKey, key: "busy-1", body: input)
            #expect(taken.status == 201 && !taken.replayed)
            // The first request, only slow, ends now and gives its claim up: the one that took it over keeps it.
            try await repository.release(first)
            let replayed = try await Self.post(url, WebhookRoute.endpoints.path, bearer: app.secretKey, key: "busy-1", body: input)
            #expect(replayed.replayed && replayed.data == taken.data)
        }
    }

    @Test func workCommittedBeforeItsServerDiedIsNeverDoneAgain() async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let environmentID = try #require(try await TenantRepository(db: app.app.db).environment(tenant: app.tenant, kind: .test)?.requireID())
            let input = WebhookEndpointInput(url: "https://hooks.example.com/verity")
            let repository = IdempotencyRepository(db: app.app.db)
            let protector = try app.app.dataProtector
            let keyHash = DataProtector.hashSecret("died-1")
            // A server claimed the key, committed its work (any write it makes
            // under the claim marks it, in the write's transaction), and died before answering.
            let died = try #require(Self.claimed(try await repository.claim(scopeID: environmentID, keyHash: keyHash,
                                           requestHash: Self.fingerprint(WebhookRoute.endpoints.path, input, protector),
                                           now: app.clock.now, protector: protector)))
            try await IdempotentWork.$current.withValue(died) {
                try await app.app.db.write { _ in }
            }
            let busy = try await Self.post(url, WebhookRoute.endpoints.path, bearer: app.secretKey, key: "died-1", body: input)
            #expect(busy.status == 409 && busy.errorCode == "IDEMPOTENCY_KEY_IN_USE")
            // Abandoned, it is not taken over: the work was done, its answer is lost, and the client is told so.
            app.clock.advance(seconds: 121)
            let lost = try await Self.post(url, WebhookRoute.endpoints.path, bearer: app.secretKey, key: "died-1", body: input)
            #expect(lost.status == 409 && lost.errorCode == "IDEMPOTENCY_ANSWER_LOST", "\(lost.status) \(lost.errorCode ?? "")")
            #expect(try await DatabaseText.count(app, "SELECT COUNT(*) AS n FROM webhook_endpoints") == 0, "the work was not done again")

            // A server that failed after committing says so at once.
            let failedHash = DataProtector.hashSecret("failed-1")
            let failed = try #require(Self.claimed(try await repository.claim(scopeID: environmentID, keyHash: failedHash, requestHash: "r",
                                                                     now: app.clock.now, protector: protector)))
            try await IdempotentWork.$current.withValue(failed) {
                try await app.app.db.write { _ in }
            }
            try await repository.release(failed)
            guard case .answerLost = try await repository.claim(scopeID: environmentID, keyHash: failedHash, requestHash: "r",
                                                                now: app.clock.now, protector: protector) else {
                Issue.record("a released claim whose work was committed was taken again")
                return
            }
            // The identity hot path's own statements (prepared, on PostgreSQL) mark the claim too.
            let userID = try #require(try await UserRepository(db: app.app.db, protector: try app.app.dataProtector)
                .findOrCreate(userRef: "idem-marked", environmentID: environmentID, now: app.clock.now).id)
            let attemptHash = DataProtector.hashSecret("attempt-marked")
            let attemptClaim = try #require(Self.claimed(try await repository.claim(scopeID: userID, keyHash: attemptHash, requestHash: "r",
                                                                           now: app.clock.now, protector: protector)))
            let charged = try await IdempotentWork.$current.withValue(attemptClaim) {
                try await VerificationRepository(db: app.app.db).chargeAttempt(userID: userID, environmentID: environmentID, maxAttempts: 3,
                                                                               source: "registry", inputDigest: "d", now: app.clock.now)
            }
            #expect(charged != nil)
            #expect(try await DatabaseText.count(app, "SELECT COUNT(*) AS n FROM idempotency_keys WHERE work_committed = 1") == 3)

            // One that failed before committing anything is free for the retry.
            let cleanHash = DataProtector.hashSecret("failed-2")
            try await repository.release(try #require(Self.claimed(try await repository.claim(scopeID: environmentID, keyHash: cleanHash,
                                                                                     requestHash: "r", now: app.clock.now, protector: protector))))
            guard case .claimed = try await repository.claim(scopeID: environmentID, keyHash: cleanHash, requestHash: "r",
                                                             now: app.clock.now, protector: protector) else {
                Issue.record("a released claim with nothing committed was not free")
                return
            }
        }
    }

    /// A copy of the database cannot confirm a guess at a request's body: the
    /// stored fingerprint is keyed (issue 47, finding 4). A claim stored
    /// before fingerprints were keyed (the plain digest) still matches its retry.
    @Test func theStoredFingerprintIsKeyedAndAnUnkeyedClaimStillMatchesItsRetry() async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let input = WebhookEndpointInput(url: "https://hooks.example.com/keyed")
            let first = try await Self.post(url, WebhookRoute.endpoints.path, bearer: app.secretKey, key: "keyed-1", body: input)
            #expect(first.status == 201)
            let stored = try await DatabaseText.strings(app, "SELECT request_hash AS s FROM idempotency_keys")
            let guess = Self.digest(WebhookRoute.endpoints.path, input)
            #expect(stored.count == 1 && !stored.contains(guess), "the fingerprint is the body's plain digest")
            #expect(stored == [Self.fingerprint(WebhookRoute.endpoints.path, input, try app.app.dataProtector)])

            let environmentID = try #require(try await TenantRepository(db: app.app.db).environment(tenant: app.tenant, kind: .test)?.requireID())
            let legacy = WebhookEndpointInput(url: "https://hooks.example.com/legacy")
            let claim = try #require(Self.claimed(try await IdempotencyRepository(db: app.app.db).claim(
                scopeID: environmentID, keyHash: DataProtector.hashSecret("legacy-1"), requestHash: Self.digest(WebhookRoute.endpoints.path, legacy),
                now: app.clock.now, protector: try app.app.dataProtector)))
            try await IdempotencyRepository(db: app.app.db).release(claim)
            let retried = try await Self.post(url, WebhookRoute.endpoints.path, bearer: app.secretKey, key: "legacy-1", body: legacy)
            #expect(retried.status == 201, "\(retried.status) \(retried.errorCode ?? "")")
            let other = try await Self.post(url, WebhookRoute.endpoints.path, bearer: app.secretKey, key: "legacy-1", body: input)
            #expect(other.status == 422 && other.errorCode == "IDEMPOTENCY_KEY_REUSED")
        }
    }

    @Test func malformedKeysAreRefusedByName() async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let input = WebhookEndpointInput(url: "https://hooks.example.com/verity")
            for bad in [String(repeating: "k", count: 256), "has space", "naïve"] {
                let answer = try await Self.post(url, WebhookRoute.endpoints.path, bearer: app.secretKey, key: bad, body: input)
                #expect(answer.status == 400 && (answer.json["error"] as? [String: Any])?["field"] as? String == "Idempotency-Key", "\(bad.prefix(20))")
            }
        }
    }

    /// The claim a first request with a key holds; nil if the key was not free.
    static func claimed(_ claim: IdempotencyRepository.Claim) -> IdempotentWork? {
        guard case .claimed(let work) = claim else { return nil }
        return work
    }

    /// The request's fingerprint as the server makes it (method, path, the body's JSON with its keys sorted).
    static func digest(_ path: String, _ body: some Encodable) -> String {
        var bytes = Data("POST \(path)\n".utf8)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        bytes.append(try! encoder.encode(body))
        return SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    /// The fingerprint as stored: the digest, keyed like every index.
    static func fingerprint(_ path: String, _ body: some Encodable, _ protector: DataProtector) -> String {
        protector.blindIndex(digest(path, body), domain: "idempotency-request")
    }
}
