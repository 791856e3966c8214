import Fluent
import Foundation
import NIOHTTP1
import SQLKit
import Testing
import Verity
import VerityAPI
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport
@testable import VerityKernel
@testable import VerityIdentity
@testable import VerityConsole

/// A document check the engines were unsure of, decided by a person in the
/// console over HTTP (as a browser's requests arrive): the check waits, a
/// reviewer claims and decides it, and the user's status, the tenant's
/// webhooks and the audit trail follow. Two reviewers never decide one case.
@Suite("Console review of held document checks", .heavy)
struct ConsoleReviewTests {
    typealias Browser = ConsoleSignInTests.Browser

    /// John Smith's own selfie is 0.31 from his passport's portrait: a
    /// match at a 0.4 threshold, and within a 0.1 margin of it, so held.
    static func holdNearMatches(_ app: VerityTestApp) async throws {
        try await app.configure {
            $0.documents.faceImageRequiredForVerification = true
            $0.faces.matchThreshold = 0.4
            $0.documents.review = DocumentReviewSettings(enabled: true, faceMargin: 0.1)
            $0.webhooks.allowPrivateAddresses = true
        }
    }

    /// A PII attempt that did not verify, then the passport and selfie: held.
    static func submitHeld(_ client: IdentityVerificationClient) async throws -> VerifiedIdentity {
        try await client.consent()
        _ = try await client.verifyIdentity(input: IdentityDocuments.johnWithTypo)
        return try await client.verifyIdentityDocumentToEnd(
            input: try IdentityDocuments.passport("john-smith-passport", selfie: "john-smith-selfie.jpg"))
    }

    /// The case ids linked from a queue page, in its order.
    static func caseIDs(in html: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"href="/console/cases/([0-9A-Fa-f-]{36})\?"#)
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap {
            Range($0.range(at: 1), in: html).map { String(html[$0]) }
        }
    }

    static func signedIn(_ url: URL, _ app: VerityTestApp, email: String, role: OperatorRole, tenant: String = "acme") async throws -> Browser {
        let created = try await app.operations.operators.createOperator(tenant: tenant, email: email, role: role, password: nil, secondFactor: false)
        let browser = Browser(url)
        let answer = try await browser.signIn(email: email, password: created.password)
        try #require(answer.status == 303)
        return browser
    }

    /// Posts one of a case page's forms with the page's own CSRF token (or `csrf`).
    static func post(_ browser: Browser, _ route: ConsoleCaseRoute, caseID: String, csrf: String? = nil,
                     _ fields: [String: String] = [:]) async throws -> Browser.Answer {
        let page = try await browser.request(.GET, ConsoleCaseRoute.show(id: caseID).path)
        let token = csrf ?? Browser.csrf(in: page.body) ?? ""
        return try await browser.request(.POST, route.path, form: fields.merging(["csrf": token]) { mine, _ in mine })
    }

    /// The overview's counters agree with a recount of the checks, status by status.
    static func expectCountersMatchTheChecks(_ app: VerityTestApp, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let sql = app.app.db as! any SQLDatabase
        var counted: [String: Int64] = [:], recounted: [String: Int64] = [:]
        for row in try await sql.raw("SELECT status, CAST(SUM(n) AS BIGINT) AS n FROM document_check_counts GROUP BY status").all() {
            let n = try row.decode(column: "n", as: Int64.self)
            if n != 0 { counted[try row.decode(column: "status", as: String.self)] = n }
        }
        for row in try await sql.raw("SELECT status, COUNT(*) AS n FROM document_checks WHERE status <> 'pending' GROUP BY status").all() {
            recounted[try row.decode(column: "status", as: String.self)] = try row.decode(column: "n", as: Int64.self)
        }
        #expect(counted == recounted, sourceLocation: sourceLocation)
    }

    @Test func aReviewerApprovesAHeldCheckAndTheUserAndTheWebhooksFollow() async throws {
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        try await withLiveClient { client, app, url async throws in
            try await Self.holdNearMatches(app)
            let admin = WebhookAdmin(url: url, secretKey: app.secretKey)
            let endpoint = try await admin.register(receiver, events: [.documentCheckReviewRequired, .documentCheckCompleted, .documentCheckDecided])

            // The engines hold the check: the user waits, the backend hears why.
            let held = try await Self.submitHeld(client)
            #expect(!held.verified && held.documentVerificationStatus == .pending)
            #expect(held.documentCheck?.status == "review" && held.documentCheck?.reasons.contains("FACE_NEAR_THRESHOLD") == true)
            let first = try await app.deliveries(atLeast: 1, at: receiver)
            let now = Date(timeIntervalSince1970: Double(app.clock.now) / 1000)
            let firstDelivery = try #require(first.first, "no webhook arrived")
            let waiting = try Webhook.verify(payload: firstDelivery.bytes, header: firstDelivery.signature, secrets: [endpoint.secret], now: now)
            #expect(waiting.type == .documentCheckReviewRequired && waiting.userRef == "user-1")
            let review = try waiting.payload(DocumentCheckReviewRequired.self)
            #expect(review.checkId == held.documentCheck?.checkId && review.documentVerificationStatus == .pending)

            // The reviewer finds it in the queue, oldest first, with why it waits.
            let reviewer = try await Self.signedIn(url, app, email: "rev@example.com", role: .reviewer)
            let queue = try await reviewer.request(.GET, ConsoleRoute.queue.path)
            #expect(queue.status == 200 && queue.body.contains("Face match near the threshold") && queue.body.contains("user-1"))
            let caseID = try #require(Self.caseIDs(in: queue.body).first)

            // The case shows the images while they are kept; deciding needs a claim.
            let unclaimed = try await reviewer.request(.GET, ConsoleCaseRoute.show(id: caseID).path)
            #expect(unclaimed.status == 200 && unclaimed.body.contains("Claim this case") && !unclaimed.body.contains("name=\"decision\""))
            #expect(unclaimed.body.contains("0.31") && unclaimed.body.contains("Fields read"))
            let front = try await reviewer.request(.GET, ConsoleCaseRoute.image(id: caseID, side: "front").path)
            #expect(front.status == 200 && front.headers.first(name: "content-type") == "image/png")
            #expect(front.headers.first(name: "cache-control") == "no-store")
            #expect(Data(front.body.utf8).count > 0)
            let face = try await reviewer.request(.GET, ConsoleCaseRoute.image(id: caseID, side: "face").path)
            #expect(face.status == 200 && face.headers.first(name: "content-type") == "image/jpeg")

            let claimed = try await Self.post(reviewer, .claim(id: caseID), caseID: caseID)
            #expect(claimed.status == 303 && claimed.location?.contains("done=claimed") == true)
            let mine = try await reviewer.request(.GET, ConsoleCaseRoute.show(id: caseID).path)
            #expect(mine.body.contains("You hold this case") && mine.body.contains("name=\"decision\" value=\"approve\""))

            let decided = try await Self.post(reviewer, .decision(id: caseID), caseID: caseID,
                                              ["decision": "approve", "reason": "FACE_CONFIRMED", "note": "Compared the portrait by eye."])
            #expect(decided.status == 303 && decided.location?.hasPrefix(ConsoleRoute.queue.path) == true)

            // The user is verified as if the engines had passed the check.
            let checked = try await client.checkIdentityVerification()
            #expect(checked.verified && checked.verificationMethod == .governmentID && checked.documentVerificationStatus == .succeeded)
            #expect(checked.documentCheck?.status == "succeeded" && checked.documentCheck?.reasons == [])

            // The backend hears the outcome as it always does, and who decided.
            let all = try await app.deliveries(atLeast: 3, at: receiver)
            let events = try all.map { try Webhook.verify(payload: $0.bytes, header: $0.signature, secrets: [endpoint.secret], now: now) }
            let completed = try #require(events.first { $0.type == .documentCheckCompleted })
            let settled = try completed.payload(DocumentCheckCompleted.self)
            #expect(settled.outcome == .succeeded && settled.decidedBy == .reviewer && settled.documentVerificationStatus == .succeeded)
            let decision = try #require(events.first { $0.type == .documentCheckDecided }).payload(DocumentCheckDecided.self)
            #expect(decision.decision == .approved && decision.reason == "FACE_CONFIRMED" && decision.outcome == .succeeded)
            for delivery in all { #expect(!String(decoding: delivery.bytes, as: UTF8.self).contains("portrait by eye")) }

            // The images went with the decision; the case says who decided.
            let gone = try await reviewer.request(.GET, ConsoleCaseRoute.image(id: caseID, side: "front").path)
            #expect(gone.status == 404)
            let check = try #require(try await DocumentCheckModel.find(UUID(uuidString: held.documentCheck?.checkId ?? ""), on: app.app.db))
            #expect(check.sealedFront == nil && check.sealedBack == nil && check.sealedFace == nil && check.status == .succeeded)
            let after = try await reviewer.request(.GET, ConsoleCaseRoute.show(id: caseID).path)
            #expect(after.body.contains("Approved by rev@example.com") && after.body.contains("The images were erased"))

            // The trail has the decision, the reviewer and the note.
            let trail = try await reviewer.request(.GET, ConsoleRoute.audit.path + "?action=case.approve")
            #expect(trail.body.contains("FACE_CONFIRMED: Compared the portrait by eye.") && trail.body.contains("rev@example.com"))

            // A decision is made once; the queue is empty.
            let again = try await Self.post(reviewer, .decision(id: caseID), caseID: caseID, ["decision": "reject", "reason": "FACE_MISMATCH"])
            #expect(again.status == 409 && again.body.contains("decided already"))
            let empty = try await reviewer.request(.GET, ConsoleRoute.queue.path)
            #expect(empty.body.contains("Nothing is waiting for a person.") && Self.caseIDs(in: empty.body).isEmpty)
            try await Self.expectCountersMatchTheChecks(app)
        }
    }

    @Test func aRejectionFailsTheCheckWithTheReviewersReason() async throws {
        try await withLiveClient(userRef: "user-rejected") { client, app, url async throws in
            try await Self.holdNearMatches(app)
            let held = try await Self.submitHeld(client)
            try #require(held.documentCheck?.status == "review")
            let reviewer = try await Self.signedIn(url, app, email: "rev@example.com", role: .admin)
            let caseID = try #require(Self.caseIDs(in: try await reviewer.request(.GET, ConsoleRoute.queue.path).body).first)
            _ = try await Self.post(reviewer, .claim(id: caseID), caseID: caseID)
            let rejected = try await Self.post(reviewer, .decision(id: caseID), caseID: caseID,
                                               ["decision": "reject", "reason": "DOCUMENT_TAMPERED"])
            #expect(rejected.status == 303)
            let checked = try await client.checkIdentityVerification()
            #expect(!checked.verified && checked.documentVerificationStatus == .failed)
            #expect(checked.documentCheck?.status == "failed" && checked.documentCheck?.reasons == ["DOCUMENT_TAMPERED"])
            // A failed document verification has ended, as after the engines' own failure.
            let again = await verityError {
                try await client.verifyIdentityDocument(
                    input: try IdentityDocuments.passport("john-smith-passport", selfie: "john-smith-selfie.jpg"))
            }
            #expect(again?.code == .documentVerificationClosed)
        }
    }

    @Test func aResetWithdrawsAHeldCheckWithItsCaseAndImages() async throws {
        try await withLiveClient(userRef: "user-reset") { client, app, url async throws in
            try await Self.holdNearMatches(app)
            let held = try await Self.submitHeld(client)
            try #require(held.documentCheck?.status == "review")
            let reviewer = try await Self.signedIn(url, app, email: "rev@example.com", role: .reviewer)
            let caseID = try #require(Self.caseIDs(in: try await reviewer.request(.GET, ConsoleRoute.queue.path).body).first)
            _ = try await Self.post(reviewer, .claim(id: caseID), caseID: caseID)

            let admin = WebhookAdmin(url: url, secretKey: app.secretKey)
            let (_, status, _) = try await admin.call("POST", AdminRoute.resetVerification(userRef: "user-reset").path, as: VerifiedIdentity.self)
            #expect(status == 200)
            // The check is withdrawn with its images; the case is gone, and a decision now would verify nobody.
            let check = try #require(try await DocumentCheckModel.find(UUID(uuidString: held.documentCheck?.checkId ?? ""), on: app.app.db))
            #expect(check.status == .withdrawn && check.sealedFront == nil && check.sealedFace == nil)
            let late = try await reviewer.request(.POST, ConsoleCaseRoute.decision(id: caseID).path,
                                                  form: ["csrf": Browser.csrf(in: try await reviewer.request(.GET, ConsoleRoute.queue.path).body) ?? "",
                                                         "decision": "approve", "reason": "FACE_CONFIRMED"])
            #expect(late.status == 404)
            #expect(!(try await client.checkIdentityVerification().verified))
            #expect(Self.caseIDs(in: try await reviewer.request(.GET, ConsoleRoute.queue.path).body).isEmpty)
            try await Self.expectCountersMatchTheChecks(app)
        }
    }

    @Test func aClaimedCaseIsNotDecidedTwiceAndBadFormsChangeNothing() async throws {
        try await withLiveClient(userRef: "user-claimed") { client, app, url async throws in
            try await Self.holdNearMatches(app)
            try #require(try await Self.submitHeld(client).documentCheck?.status == "review")
            let first = try await Self.signedIn(url, app, email: "first@example.com", role: .reviewer)
            let second = try await Self.signedIn(url, app, email: "second@example.com", role: .reviewer)
            let viewer = try await Self.signedIn(url, app, email: "viewer@example.com", role: .viewer)
            _ = try await app.operations.tenants.createKey(tenant: "globex", environment: .test)
            let stranger = try await Self.signedIn(url, app, email: "stranger@example.com", role: .admin, tenant: "globex")
            let caseID = try #require(Self.caseIDs(in: try await first.request(.GET, ConsoleRoute.queue.path).body).first)

            // The first reviewer claims it: the second no longer sees it, and cannot take or decide it.
            #expect(try await Self.post(first, .claim(id: caseID), caseID: caseID).status == 303)
            let hidden = try await second.request(.GET, ConsoleRoute.queue.path)
            #expect(Self.caseIDs(in: hidden.body).isEmpty && hidden.body.contains("Held by other reviewers"))
            let taken = try await Self.post(second, .claim(id: caseID), caseID: caseID)
            #expect(taken.status == 409 && taken.body.contains("Another reviewer holds this case"))
            let secondDecides = try await Self.post(second, .decision(id: caseID), caseID: caseID, ["decision": "reject", "reason": "FACE_MISMATCH"])
            #expect(secondDecides.status == 409)
            let secondPage = try await second.request(.GET, ConsoleCaseRoute.show(id: caseID).path)
            #expect(secondPage.body.contains("first@example.com holds this case") && !secondPage.body.contains("name=\"decision\""))

            // A viewer reads but cannot claim; another tenant's operator finds nothing.
            let viewed = try await viewer.request(.GET, ConsoleCaseRoute.show(id: caseID).path)
            #expect(viewed.status == 200 && !viewed.body.contains("Claim this case"))
            #expect(try await Self.post(viewer, .release(id: caseID), caseID: caseID).status == 403)
            #expect(try await stranger.request(.GET, ConsoleCaseRoute.show(id: caseID).path).status == 404)
            #expect(try await stranger.request(.GET, ConsoleCaseRoute.image(id: caseID, side: "front").path).status == 404)
            let strangerPage = try await stranger.request(.GET, ConsoleRoute.queue.path)
            #expect(Self.caseIDs(in: strangerPage.body).isEmpty)
            let strangerToken = Browser.csrf(in: strangerPage.body)
            let strangerClaim = try await stranger.request(.POST, ConsoleCaseRoute.claim(id: caseID).path, form: ["csrf": strangerToken ?? ""])
            #expect(strangerClaim.status == 404)
            #expect(try await first.request(.GET, ConsoleCaseRoute.show(id: "not-a-case").path).status == 404)

            // Bad forms from the holder change nothing.
            let forged = try await Self.post(first, .decision(id: caseID), caseID: caseID, csrf: "forged",
                                             ["decision": "approve", "reason": "FACE_CONFIRMED"])
            #expect(forged.status == 403 && forged.body.contains("This form had expired"))
            let wrongReason = try await Self.post(first, .decision(id: caseID), caseID: caseID, ["decision": "approve", "reason": "FACE_MISMATCH"])
            #expect(wrongReason.status == 400 && wrongReason.body.contains("Choose a reason from the list."))
            let noDecision = try await Self.post(first, .decision(id: caseID), caseID: caseID, ["decision": "maybe", "reason": "FACE_CONFIRMED"])
            #expect(noDecision.status == 400 && noDecision.body.contains("Choose approve or reject."))
            let long = try await Self.post(first, .decision(id: caseID), caseID: caseID,
                                           ["decision": "approve", "reason": "FACE_CONFIRMED", "note": String(repeating: "n", count: 401)])
            #expect(long.status == 400 && long.body.contains("The note is longer than 400 characters."))
            #expect(try await client.checkIdentityVerification().documentVerificationStatus == .pending)

            // The claim lapses after 15 minutes: the holder's decision is refused, the other reviewer takes it.
            app.clock.advance(seconds: 16 * 60)
            let later = IdentityVerificationClient(baseURL: url, token: try await app.token(for: "user-claimed"), requestTimeout: TestDeadlines.requestTimeout)
            let stale = try await Self.post(first, .decision(id: caseID), caseID: caseID, ["decision": "approve", "reason": "FACE_CONFIRMED"])
            #expect(stale.status == 409 && stale.body.contains("Your claim on this case lapsed"))
            #expect(try await Self.post(second, .claim(id: caseID), caseID: caseID).status == 303)
            let decided = try await Self.post(second, .decision(id: caseID), caseID: caseID, ["decision": "approve", "reason": "EVIDENCE_CONSISTENT"])
            #expect(decided.status == 303)
            let late = try await Self.post(first, .claim(id: caseID), caseID: caseID)
            #expect(late.status == 409 && late.body.contains("decided already"))

            // One decision stands, recorded once.
            #expect(try await later.checkIdentityVerification().verified)
            let decisions = try await AuditEventModel.query(on: app.app.db).filter(\.$action ~~ ["case.approve", "case.reject"]).all()
            #expect(decisions.count == 1 && decisions.first?.reason == "EVIDENCE_CONSISTENT")
            try await Self.expectCountersMatchTheChecks(app)
        }
    }
}
