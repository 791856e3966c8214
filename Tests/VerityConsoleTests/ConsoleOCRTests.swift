import Fluent
import Foundation
import Testing
import Verity
import VerityAPI
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport
@testable import VerityKernel
@testable import VerityDocumentOCR
@testable import VerityConsole

/// National-ID OCR combinations the engines passed with a doubt, held for a
/// person in an environment that asks for review: the combined fields and
/// the card's sides stay (sealed) for the reviewer, outlive the session's
/// 15 minutes while the case waits, and go with the decision, which the
/// tenant's backend hears as `ocr.combination_decided`.
@Suite("Console review of OCR combinations", .heavy)
struct ConsoleOCRTests {
    typealias OCR = OCRHarness

    /// Combines card `card`'s two sides for `userRef`; returns the combination id.
    static func combine(_ app: VerityTestApp, _ url: URL, card: String, userRef: String) async throws -> String {
        let client = try await OCR.Client.open(url, token: try await app.token(for: userRef))
        let front = try await client.side("front", sealed: try client.sealed(try OCR.card("\(card)-front.png"), as: .frontRequest))
        try #require(front.status == 200, "\(front.json)")
        let back = try await client.side("back", sealed: try client.sealed(try OCR.card("\(card)-back.png"), as: .backRequest))
        try #require(back.status == 200, "\(back.json)")
        let combined = try await client.combine(front: try JSONDecoder().decode(OCRSideAccepted.self, from: front.body).transactionId,
                                                back: try JSONDecoder().decode(OCRSideAccepted.self, from: back.body).transactionId)
        try #require(combined.status == 200, "\(combined.json)")
        return try JSONDecoder().decode(OCRCombineResponse.self, from: combined.body).combinationID
    }

    @Test func aDoubtfulCombinationWaitsForAReviewerAndTheBackendHearsTheDecision() async throws {
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        try await OCR.withOCR { app, url, _ in
            try await app.configure {
                $0.documents.review = DocumentReviewSettings(enabled: true, faceMargin: 0.04)
                $0.webhooks.allowPrivateAddresses = true
            }
            let endpoint = try await WebhookAdmin(url: url, secretKey: app.secretKey).register(receiver, events: [.ocrCombinationDecided])
            // Card 000 leaves four fields for review (its answer says success: false). (Which results are not
            // held, a clean card's and a covered one's, is `OCRReviewTests`: each combination reads two sides.)
            let held = try await Self.combine(app, url, card: "egypt_id-000-clean", userRef: "ocr-held")
            let cases = try await ReviewCaseModel.query(on: app.app.db).all()
            try #require(cases.count == 1 && cases[0].kind == .ocrCombination && cases[0].reasons == "FIELDS_TO_REVIEW",
                         "\(cases.map(\.reasons))")

            // Past the session's 15 minutes, housekeeping keeps what the case needs.
            app.clock.advance(seconds: 20 * 60)
            _ = try await OCRSessionRepository(db: app.app.db).purge(expiredBefore: app.clock.now)
            let reviewer = try await ConsoleReviewTests.signedIn(url, app, email: "ocr@example.com", role: .reviewer, tenant: app.tenant)
            let queue = try await reviewer.request(.GET, ConsoleRoute.queue.path)
            #expect(queue.body.contains("OCR combination") && queue.body.contains("ocr-held"))
            let caseID = try #require(ConsoleReviewTests.caseIDs(in: queue.body).first)
            let page = try await reviewer.request(.GET, ConsoleCaseRoute.show(id: caseID).path)
            let nid = try OCR.truth("front_nid")
            #expect(page.status == 200 && page.body.contains(held) && page.body.contains(nid))
            #expect(page.body.contains("marked"))
            let front = try await reviewer.request(.GET, ConsoleCaseRoute.image(id: caseID, side: "front").path)
            #expect(front.status == 200 && front.headers.first(name: "content-type") == "image/png")

            _ = try await ConsoleReviewTests.post(reviewer, .claim(id: caseID), caseID: caseID)
            let decided = try await ConsoleReviewTests.post(reviewer, .decision(id: caseID), caseID: caseID,
                                                            ["decision": "reject", "reason": "SOURCES_DISAGREE", "note": "Numbers differ on the back."])
            #expect(decided.status == 303)
            let deliveries = try await app.deliveries(atLeast: 1, at: receiver)
            let now = Date(timeIntervalSince1970: Double(app.clock.now) / 1000)
            let delivery = try #require(deliveries.first, "no webhook arrived")
            let event = try Webhook.verify(payload: delivery.bytes, header: delivery.signature, secrets: [endpoint.secret],
                                           tolerance: 3_600, now: now)
            #expect(event.type == .ocrCombinationDecided && event.userRef == "ocr-held")
            #expect(try event.payload(OCRCombinationDecided.self) == OCRCombinationDecided(combinationId: held, decision: .rejected,
                                                                                          reason: "SOURCES_DISAGREE"))
            // The evidence went with the decision; the next sweep takes the session.
            #expect(try await reviewer.request(.GET, ConsoleCaseRoute.image(id: caseID, side: "front").path).status == 404)
            #expect(try await OCRSessionRepository(db: app.app.db).purge(expiredBefore: app.clock.now) == 1)
            let trail = try await reviewer.request(.GET, ConsoleRoute.audit.path + "?action=case.reject")
            #expect(trail.body.contains("SOURCES_DISAGREE: Numbers differ on the back."))
        }
    }
}
