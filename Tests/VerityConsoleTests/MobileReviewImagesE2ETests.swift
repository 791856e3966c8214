import Fluent
import Foundation
import Testing
import Verity
import VerityAPI
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport
@testable import VerityKernel
@testable import VerityMobile
@testable import VerityConsole

/// `mobile-api.txt`: "Image bytes are cleared from the session row as soon as
/// the verification is submitted (pass or fail)". A session held for review
/// too: its reviewer sees the images from the case's own sealed copy, which
/// goes at the decision, past the held-images retention, and, for rows an
/// older release left holding images, at the next housekeeping.
@Suite("Mobile sessions held for review keep no images in the session row", .heavy)
struct MobileReviewImagesE2ETests {
    /// A VerifyCompliance session held for a sanctions review, with its case and the session's row.
    struct Held {
        let caseID: String
        let verificationID: UUID
        let reviewer: ConsoleSignInTests.Browser
    }

    static func held(_ app: VerityTestApp, _ url: URL, _ key: String) async throws -> Held {
        try await ConsoleSanctionsTests.listJohnSmith(app, at: 1)
        let client = MobileVerificationClient(baseURL: url, clientKey: key, requestTimeout: TestDeadlines.requestTimeout)
        let screened = try await ConsoleSanctionsTests.screenJohn(client)
        #expect(screened.outcome == .undetermined, "\(screened)")
        let reviewer = try await ConsoleReviewTests.signedIn(url, app, email: "compliance@example.com", role: .reviewer)
        let queue = try await reviewer.request(.GET, ConsoleRoute.queue.path)
        let caseID = try #require(ConsoleReviewTests.caseIDs(in: queue.body).first)
        let verificationID = try #require(MobileVerificationID(screened.verificationID ?? "")?.id)
        return Held(caseID: caseID, verificationID: verificationID, reviewer: reviewer)
    }

    static func sessionRow(_ app: VerityTestApp, _ held: Held) async throws -> MobileSessionModel {
        try #require(try await MobileSessionRepository(db: app.app.db).session(verificationID: held.verificationID))
    }

    static func imageStatus(_ held: Held, _ side: String) async throws -> Int {
        try await held.reviewer.request(.GET, ConsoleCaseRoute.image(id: held.caseID, side: side).path).status
    }

    @Test func heldForReviewTheRowIsClearedAtSubmitAndTheReviewerStillSeesTheImages() async throws {
        try await MobileAPI.withMobile(credits: 120) { app, url, key in
            let held = try await Self.held(app, url, key)
            // The session row, read: no image bytes, sealed or not.
            let row = try await Self.sessionRow(app, held)
            #expect(row.sealedSelfie == nil && row.sealedFront == nil && row.sealedBack == nil)
            #expect(try await DatabaseText.count(app, """
                SELECT COUNT(*) AS n FROM mobile_sessions WHERE sealed_selfie IS NOT NULL OR sealed_front IS NOT NULL OR sealed_back IS NOT NULL
                """) == 0)
            // The case's own copy, sealed: none of the images' bytes is readable in the database.
            let copy = try #require(try await MobileReviewImageRepository(db: app.app.db).images(
                verificationID: held.verificationID, environmentID: row.environmentID))
            #expect(copy.sealedSelfie != nil && copy.sealedFront != nil)
            let selfie = try MobileAPI.fixture("john-smith-selfie.jpg")
            #expect(try await !DatabaseText.holds(app, selfie.subdata(in: (selfie.count / 2)..<(selfie.count / 2 + 48))))
            // The reviewer sees them, as before.
            let image = try await held.reviewer.request(.GET, ConsoleCaseRoute.image(id: held.caseID, side: "selfie").path)
            #expect(image.status == 200 && image.body.utf8.count > 1000)
            #expect(try await Self.imageStatus(held, "front") == 200)

            // The decision erases the copy.
            _ = try await ConsoleReviewTests.post(held.reviewer, .claim(id: held.caseID), caseID: held.caseID)
            let decided = try await ConsoleReviewTests.post(held.reviewer, .decision(id: held.caseID), caseID: held.caseID,
                                                            ["decision": "approve", "reason": "FALSE_POSITIVE_DIFFERENT_PERSON"])
            #expect(decided.status == 303)
            #expect(try await DatabaseText.count(app, "SELECT COUNT(*) AS n FROM mobile_review_images") == 0)
            #expect(try await Self.imageStatus(held, "selfie") == 404)
        }
    }

    @Test func theCopyGoesPastTheHeldImagesRetentionAndTheCaseStaysDecidable() async throws {
        try await MobileAPI.withMobile(credits: 120) { app, url, key in
            try await app.configure { $0.retention.heldImagesDays = 2 }
            let first = try await Self.held(app, url, key)
            // A day on (the reviewer signs in again: a console session does not last a day).
            app.clock.advance(seconds: 86_400)
            #expect(try await app.operations.retention.sweepRetention(tenant: app.tenant, environment: .test).heldImages == 0)
            var held = Held(caseID: first.caseID, verificationID: first.verificationID,
                            reviewer: try await ConsoleReviewTests.signedIn(url, app, email: "day-two@example.com", role: .reviewer))
            #expect(try await Self.imageStatus(held, "selfie") == 200)
            app.clock.advance(seconds: 86_400)
            #expect(try await app.operations.retention.sweepRetention(tenant: app.tenant, environment: .test).heldImages == 1)
            held = Held(caseID: first.caseID, verificationID: first.verificationID,
                        reviewer: try await ConsoleReviewTests.signedIn(url, app, email: "day-three@example.com", role: .reviewer))
            #expect(try await Self.imageStatus(held, "selfie") == 404)
            let page = try await held.reviewer.request(.GET, ConsoleCaseRoute.show(id: held.caseID).path)
            #expect(page.status == 200 && page.body.contains("SMITH, John"))
        }
    }

    /// Rows an older release left: a session held for review kept its images
    /// in the row. Housekeeping moves them to the case's copy (the reviewer
    /// still sees them) and clears every finished session's row.
    @Test func imagesAnOlderReleaseLeftInTheRowMoveToTheCaseCopy() async throws {
        try await MobileAPI.withMobile(credits: 120) { app, url, key in
            let held = try await Self.held(app, url, key)
            // As the release before kept it: the copy's images back in the session row, sealed at its places, and no copy.
            let protector = try DataProtector(dataKey: app.settings.dataKey)
            let copy = try #require(try await MobileReviewImagesModel.find(held.verificationID, on: app.app.db))
            let row = try await Self.sessionRow(app, held)
            let sessionID = try row.requireID()
            row.sealedSelfie = try protector.seal(try protector.open(try #require(copy.sealedSelfie), at: .of(.mobileReviewSelfie, held.verificationID)),
                                                  at: .of(.mobileSelfie, sessionID))
            row.sealedFront = try protector.seal(try protector.open(try #require(copy.sealedFront), at: .of(.mobileReviewFront, held.verificationID)),
                                                 at: .of(.mobileFront, sessionID))
            try await row.update(on: app.app.db)
            try await copy.delete(on: app.app.db)
            #expect(try await Self.imageStatus(held, "selfie") == 404)

            let swept = try await app.operations.retention.housekeeping()
            #expect(swept.mobileImagesMoved == 1)
            let cleared = try await Self.sessionRow(app, held)
            #expect(cleared.sealedSelfie == nil && cleared.sealedFront == nil && cleared.sealedBack == nil)
            #expect(try await Self.imageStatus(held, "selfie") == 200)
            #expect(try await Self.imageStatus(held, "front") == 200)
            #expect(try await app.operations.retention.housekeeping().mobileImagesMoved == 0)
        }
    }
}
