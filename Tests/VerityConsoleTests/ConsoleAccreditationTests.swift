import Fluent
import Foundation
import Testing
import Verity
import VerityAPI
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport
@testable import VerityKernel
@testable import VerityConsole

/// Accreditation requests at levels 2–4 in the console's queue, decided by
/// a reviewer as the admin API decides them: an approval accredits the user
/// and issues their activation code (shown once, sent by SMS), a rejection
/// reaches the user's request, and a request decided through the admin API
/// leaves the queue.
@Suite("Console review of accreditation requests")
struct ConsoleAccreditationTests {
    static func pending(_ harness: CertificationHarness) async throws -> [AccreditationRequestView] {
        try await harness.admin("GET", CertificationAdminRoute.accreditationRequests.path + "?status=pending",
                                as: [AccreditationRequestView].self).0 ?? []
    }

    static func diac(in html: String) -> String? {
        guard let range = html.range(of: #"<p class="diac"><code>[^<]+</code>"#, options: .regularExpression) else { return nil }
        return String(html[range]).replacingOccurrences(of: #"<[^>]+>"#, with: "", options: .regularExpression)
    }

    @Test func aReviewerApprovesALevelTwoRequestAndTheCodeCertifies() async throws {
        try await withCertification { harness async throws in
            let client = try await harness.accreditationRequested("acc-user", email: nil)
            let reviewer = try await ConsoleReviewTests.signedIn(harness.url, harness.app, email: "accreditation@example.com", role: .reviewer,
                                                                 tenant: harness.app.tenant)
            let queue = try await reviewer.request(.GET, ConsoleRoute.queue.path)
            #expect(queue.body.contains("Accreditation request") && queue.body.contains("Level 2 asked for") && queue.body.contains("acc-user"))
            let caseID = try #require(ConsoleReviewTests.caseIDs(in: queue.body).first)

            // What is asked, what the user holds, the evidence on file; never the registration's fields.
            let page = try await reviewer.request(.GET, ConsoleCaseRoute.show(id: caseID).path)
            #expect(page.body.contains("Example Bank") && page.body.contains("Level asked for") && page.body.contains("Level 2 needs no recorded"))
            #expect(!page.body.contains("Alice") && !page.body.contains("1990-04-01"))

            _ = try await ConsoleReviewTests.post(reviewer, .claim(id: caseID), caseID: caseID)
            let claimed = try await reviewer.request(.GET, ConsoleCaseRoute.show(id: caseID).path)
            #expect(claimed.body.contains("name=\"delivery\""))
            harness.app.clock.advance(seconds: 1)
            let approved = try await ConsoleReviewTests.post(reviewer, .decision(id: caseID), caseID: caseID, [
                "decision": "approve", "reason": "IDENTITY_EVIDENCE_CHECKED", "delivery": "sms", "note": "Called the branch."])
            #expect(approved.status == 200 && approved.body.contains("Activation code issued"), "\(approved.body.prefix(400))")
            #expect(approved.headers.first(name: "cache-control")?.contains("no-store") == true)
            let code = try #require(Self.diac(in: approved.body))
            #expect(approved.body.contains("By SMS to the user"))
            // The same code went to the user's phone, and certifies them.
            #expect(try await harness.lastMessage().contains(code))
            #expect(try await client.certifyUser(withDIAC: code).status == .certificatePending)

            // Through the admin API: decided; the case says who decided, and the trail has the note.
            #expect(try await Self.pending(harness).isEmpty)
            let after = try await reviewer.request(.GET, ConsoleCaseRoute.show(id: caseID).path)
            #expect(after.body.contains("Approved by accreditation@example.com") && !after.body.contains(code))
            let trail = try await reviewer.request(.GET, ConsoleRoute.audit.path + "?action=accreditation.approve")
            #expect(trail.body.contains("IDENTITY_EVIDENCE_CHECKED: Called the branch. (level 2)"))
        }
    }

    @Test func aLevelThreeRequestWithoutEvidenceIsRefusedThenRejected() async throws {
        try await withCertification { harness async throws in
            let client = try await harness.registeredClient("acc-three")
            try await client.requestAccreditation(level: 3)
            let reviewer = try await ConsoleReviewTests.signedIn(harness.url, harness.app, email: "accreditation@example.com", role: .reviewer,
                                                                 tenant: harness.app.tenant)
            let caseID = try #require(ConsoleReviewTests.caseIDs(in: try await reviewer.request(.GET, ConsoleRoute.queue.path).body).first)
            _ = try await ConsoleReviewTests.post(reviewer, .claim(id: caseID), caseID: caseID)

            // No document check, no checkpoint: the approval is refused plainly, and nothing changes.
            let refused = try await ConsoleReviewTests.post(reviewer, .decision(id: caseID), caseID: caseID,
                                                            ["decision": "approve", "reason": "IDENTITY_EVIDENCE_CHECKED"])
            #expect(refused.status == 400 && refused.body.contains("needs a recorded identity check"))
            #expect(try await Self.pending(harness).count == 1)
            #expect(try await ReviewCaseModel.query(on: harness.app.app.db).filter(\.$decidedAt == nil).count() == 1)
            let email = try await ConsoleReviewTests.post(reviewer, .decision(id: caseID), caseID: caseID,
                                                          ["decision": "approve", "reason": "EVIDENCE_CONSISTENT", "delivery": "pigeon"])
            #expect(email.status == 400)

            let rejected = try await ConsoleReviewTests.post(reviewer, .decision(id: caseID), caseID: caseID,
                                                             ["decision": "reject", "reason": "NOT_ELIGIBLE", "note": "Branch says no."])
            #expect(rejected.status == 303)
            let (requests, _) = try await harness.admin("GET", CertificationAdminRoute.accreditationRequests.path + "?status=rejected",
                                                        as: [AccreditationRequestView].self)
            // The user's request carries the code; the note stays in the trail.
            #expect(requests?.first?.reason == "NOT_ELIGIBLE")
        }
    }

    @Test func aRequestDecidedThroughTheAdminAPILeavesTheQueue() async throws {
        try await withCertification { harness async throws in
            _ = try await harness.accreditationRequested("api-decided", email: nil)
            let reviewer = try await ConsoleReviewTests.signedIn(harness.url, harness.app, email: "accreditation@example.com", role: .reviewer,
                                                                 tenant: harness.app.tenant)
            let caseID = try #require(ConsoleReviewTests.caseIDs(in: try await reviewer.request(.GET, ConsoleRoute.queue.path).body).first)
            _ = try await ConsoleReviewTests.post(reviewer, .claim(id: caseID), caseID: caseID)
            #expect(try await harness.approveNewest() != "")

            let queue = try await reviewer.request(.GET, ConsoleRoute.queue.path)
            #expect(ConsoleReviewTests.caseIDs(in: queue.body).isEmpty)
            let late = try await ConsoleReviewTests.post(reviewer, .decision(id: caseID), caseID: caseID,
                                                         ["decision": "reject", "reason": "NOT_ELIGIBLE"])
            #expect(late.status == 409 && late.body.contains("decided already"))
            let page = try await reviewer.request(.GET, ConsoleCaseRoute.show(id: caseID).path)
            #expect(page.body.contains("Decided through the admin API or the CLI"))
            // The admin API's decision has the row a console decision writes, naming the key; the late refusal none.
            let rows = try await AuditEventModel.query(on: harness.app.app.db).filter(\.$action ~~ ["accreditation.approve", "accreditation.reject"]).all()
            #expect(rows.count == 1 && rows.first?.actor.hasPrefix("key:vk_") == true && rows.first?.userID != nil, "\(rows.map(\.actor))")
            #expect(rows.first?.reason == "level 2")
        }
    }
}
