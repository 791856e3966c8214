import Fluent
import Foundation
import Testing
import Verity
import VerityAPI
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport
@testable import VerityMobile
@testable import VerityConsole

/// Monitoring alerts decided in the console: the person kept under monitoring
/// beside the entry a list's new version added; a false positive clears them
/// of that entry until it changes (a re-screen and a new check both skip it);
/// a true match is confirmed; the tenant's backend hears each decision.
@Suite("Console review of monitoring alerts", .heavy)
struct ConsoleMonitoringTests {
    static let jane = SanctionsEntry(id: 100, name: "DOE, Jane", kind: .individual)

    /// John passes VerifyCompliance while only Jane is listed; the next version lists him: an alert and its case.
    static func alertOnJohn(_ app: VerityTestApp, _ client: MobileVerificationClient, aliases: [String] = []) async throws -> DocumentSessionVerification {
        try await app.useSanctions([Self.jane], source: "sdn-1.csv", now: 1)
        let passed = try await ConsoleSanctionsTests.screenJohn(client)
        try #require(passed.outcome == .pass, "\(passed)")
        try await app.useSanctions([Self.jane, SanctionsEntry(id: 99, name: "SMITH, John", kind: .individual, programs: ["TEST"],
                                                              aliases: aliases, nationalities: ["Atlantis"])],
                                   source: "sdn-2.csv", now: 2)
        await app.app.drainJobs()
        return passed
    }

    static func alertStates(_ app: VerityTestApp) async throws -> [String] {
        try await MonitoringAlertModel.query(on: app.app.db).sort(\.$createdAt).all().map(\.state.rawValue)
    }

    @Test func aFalsePositiveClearsThePersonOfTheEntryUntilItChanges() async throws {
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        try await MobileAPI.withMobile(credits: 240) { app, url, key in
            try await app.configure { $0.webhooks.allowPrivateAddresses = true }
            let endpoint = try await WebhookAdmin(url: url, secretKey: app.secretKey).register(receiver, events: [.screeningMatchFound, .screeningMatchDecided])
            let client = MobileVerificationClient(baseURL: url, clientKey: key, requestTimeout: TestDeadlines.requestTimeout)
            let passed = try await Self.alertOnJohn(app, client)

            let reviewer = try await ConsoleReviewTests.signedIn(url, app, email: "compliance@example.com", role: .reviewer)
            let queue = try await reviewer.request(.GET, ConsoleRoute.queue.path)
            #expect(queue.body.contains("Monitoring match") && queue.body.contains("Sanctions match, birth date not confirmed"))
            let caseID = try #require(ConsoleReviewTests.caseIDs(in: queue.body).first)

            // The person as the session read them, beside the entry as the version listed it.
            let page = try await reviewer.request(.GET, ConsoleCaseRoute.show(id: caseID).path)
            #expect(page.status == 200 && page.body.contains("Listed: OFAC SDN 99") && page.body.contains("SMITH, John"))
            #expect(page.body.contains("JOHN SMITH") && page.body.contains("Atlantis") && page.body.contains("TEST"))
            #expect(page.body.contains("VerifyCompliance session") && page.body.contains(passed.verificationID ?? "—"))
            #expect(page.body.contains("Open") && page.body.contains("sha256:"))
            #expect(try await reviewer.request(.GET, ConsoleCaseRoute.image(id: caseID, side: "selfie").path).status == 404)

            _ = try await ConsoleReviewTests.post(reviewer, .claim(id: caseID), caseID: caseID)
            let claimed = try await reviewer.request(.GET, ConsoleCaseRoute.show(id: caseID).path)
            #expect(claimed.body.contains("Record a false positive") && claimed.body.contains("Confirm the match"))
            #expect(try await ConsoleReviewTests.post(reviewer, .decision(id: caseID), caseID: caseID,
                                                      ["decision": "approve", "reason": "FACE_CONFIRMED"]).status == 400)
            let decided = try await ConsoleReviewTests.post(reviewer, .decision(id: caseID), caseID: caseID, [
                "decision": "approve", "reason": "FALSE_POSITIVE_NATIONALITY_DIFFERS", "note": "Holder is American."])
            #expect(decided.status == 303)
            #expect(try await Self.alertStates(app) == ["cleared"])
            #expect(try await SanctionsClearanceModel.query(on: app.app.db).count() == 1)
            let trail = try await reviewer.request(.GET, ConsoleRoute.audit.path + "?action=sanctions.false_positive")
            #expect(trail.body.contains("FALSE_POSITIVE_NATIONALITY_DIFFERS: Holder is American. [entries ofac-sdn 99 @ sha256:"))

            // The backend heard the alert and the decision, signed, with no name and no note.
            let deliveries = try await app.deliveries(atLeast: 2, at: receiver)
            let now = Date(timeIntervalSince1970: Double(app.clock.now) / 1000)
            let events = try deliveries.map { try Webhook.verify(payload: $0.bytes, header: $0.signature, secrets: [endpoint.secret], now: now) }
            let found = try #require(events.first { $0.type == .screeningMatchFound }).payload(ScreeningMatchFound.self)
            let answer = try #require(events.first { $0.type == .screeningMatchDecided }).payload(ScreeningMatchDecided.self)
            #expect(found.verificationId == passed.verificationID && found.reference == "99" && found.list == "ofac-sdn")
            #expect(answer.alertId == found.alertId && answer.decision == .approved && answer.reason == "FALSE_POSITIVE_NATIONALITY_DIFFERS")
            for delivery in deliveries {
                let text = String(decoding: delivery.bytes, as: UTF8.self)
                #expect(!text.contains("American") && !text.contains("JOHN SMITH"))
            }

            // Cleared: a new check of the same person passes, and the same version re-screened alerts nothing.
            #expect(try await ConsoleSanctionsTests.screenJohn(client).outcome == .pass)
            await app.app.drainJobs()
            #expect(try await Self.alertStates(app) == ["cleared"])
            // The list changes the entry (a new a.k.a.): he is alerted on again, once.
            try await app.useSanctions([Self.jane, SanctionsEntry(id: 99, name: "SMITH, John", kind: .individual, programs: ["TEST"],
                                                                  aliases: ["SMITH, Johnny"], nationalities: ["Atlantis"])],
                                       source: "sdn-3.csv", now: 3)
            await app.app.drainJobs()
            #expect(try await Self.alertStates(app) == ["cleared", "open"])
            #expect(ConsoleReviewTests.caseIDs(in: try await reviewer.request(.GET, ConsoleRoute.queue.path).body).count == 1)
        }
    }

    @Test func aTrueMatchIsConfirmedAndOtherTenantsCannotTouchIt() async throws {
        try await MobileAPI.withMobile(credits: 60) { app, url, key in
            let client = MobileVerificationClient(baseURL: url, clientKey: key, requestTimeout: TestDeadlines.requestTimeout)
            _ = try await Self.alertOnJohn(app, client)
            let reviewer = try await ConsoleReviewTests.signedIn(url, app, email: "compliance@example.com", role: .reviewer)
            let caseID = try #require(ConsoleReviewTests.caseIDs(in: try await reviewer.request(.GET, ConsoleRoute.queue.path).body).first)

            _ = try await app.operations.tenants.createKey(tenant: "globex", environment: .test)
            let stranger = try await ConsoleReviewTests.signedIn(url, app, email: "stranger@example.com", role: .admin, tenant: "globex")
            #expect(try await stranger.request(.GET, ConsoleCaseRoute.show(id: caseID).path).status == 404)
            #expect(ConsoleReviewTests.caseIDs(in: try await stranger.request(.GET, ConsoleRoute.queue.path).body).isEmpty)

            _ = try await ConsoleReviewTests.post(reviewer, .claim(id: caseID), caseID: caseID)
            let decided = try await ConsoleReviewTests.post(reviewer, .decision(id: caseID), caseID: caseID,
                                                            ["decision": "reject", "reason": "SANCTIONS_MATCH"])
            #expect(decided.status == 303)
            #expect(try await Self.alertStates(app) == ["confirmed"])
            #expect(try await SanctionsClearanceModel.query(on: app.app.db).count() == 0)
            let trail = try await reviewer.request(.GET, ConsoleRoute.audit.path + "?action=sanctions.true_match")
            #expect(trail.body.contains("SANCTIONS_MATCH [entries ofac-sdn 99 @ sha256:"))
            // The entry leaves the list: the confirmed alert is noted as no longer listed, and the decided case shows it.
            try await app.useSanctions([Self.jane], source: "sdn-3.csv", now: 3)
            await app.app.drainJobs()
            #expect(try await Self.alertStates(app) == ["delisted"])
            let page = try await reviewer.request(.GET, ConsoleCaseRoute.show(id: caseID).path)
            #expect(page.body.contains("The entry has since left its list"))
        }
    }
}
