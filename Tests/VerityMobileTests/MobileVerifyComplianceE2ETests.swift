import Foundation
import Testing
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport

/// VerifyCompliance: VerifyIdentity plus the identity read from the document
/// screened against the imported sanctions list.
@Suite("Mobile API: VerifyCompliance", .heavy)
struct MobileVerifyComplianceE2ETests {
    static func run(_ url: URL, _ key: String) async throws -> MobileAPI.Answer {
        let base = "/api/mobile/v1/verifycompliance"
        let start = try await MobileAPI.call(url, base + "/session", method: "POST", headers: ["X-Client-Key": key], json: [:])
        #expect(start.data["credits"] as? Int == 60)
        let session = try #require(start.json["session_id"] as? String)
        let headers = ["X-Client-Key": key, "X-Mobile-Session": session]
        _ = try await MobileAPI.call(url, base + "/upload/selfie", method: "POST", headers: headers,
                                     json: ["selfie_b64": try MobileAPI.johnSelfie])
        _ = try await MobileAPI.call(url, base + "/upload/id-front", method: "POST", headers: headers, json: [
            "id_front_b64": try MobileAPI.selfie("\(DocumentFixtures.directory)/john-smith-passport-front.png"),
            "document_type": "passport", "country": "US"])
        let submitted = try await MobileAPI.call(url, base + "/submit", method: "POST", headers: headers, json: [:])
        if submitted.json["outcome"] is String {
            let result = try await MobileAPI.call(url, base + "/result/\(session)", headers: ["X-Client-Key": key])
            return result
        }
        return submitted
    }

    @Test func aListedHolderFailsWithTheMatchAndAnUnlistedOnePasses() async throws {
        try await MobileAPI.withMobile(credits: 120) { app, url, key in
            try await app.useSanctions([SanctionsEntry(id: 99, name: "SMITH, John", kind: .individual, programs: ["TEST"],
                                                       datesOfBirth: [.init(year: 1975, month: 2, day: 28)])],
                                       source: "test.csv", now: 1)
            let listed = try await Self.run(url, key)
            #expect(listed.json["outcome"] as? String == "fail", "\(listed.json)")
            let result = try #require(listed.data["result"] as? [String: Any])
            #expect((result["reasons"] as? [String])?.contains("SANCTIONS_MATCH") == true)
            let screening = try #require(result["screening"] as? [String: Any])
            let matches = screening["matches"] as? [[String: Any]] ?? []
            #expect(matches.first?["entry_id"] as? Int == 99 && (matches.first?["reasons"] as? [String] ?? []).contains("date of birth agrees"))
            #expect(matches.first?["date_of_birth"] as? String == "agrees")
            // The match names its list, its reference and the list's version (the file's hash).
            #expect(matches.first?["list"] as? String == "ofac-sdn" && matches.first?["reference"] as? String == "99")
            #expect(((matches.first?["list_version"] as? [String: Any])?["sha256"] as? String)?.count == 64)
            // A list without him: the same person passes, screened.
            try await app.useSanctions([SanctionsEntry(id: 100, name: "DOE, Jane", kind: .individual)], source: "other.csv", now: 2)
            let clear = try await Self.run(url, key)
            #expect(clear.json["outcome"] as? String == "pass", "\(clear.json)")
            #expect(((clear.data["result"] as? [String: Any])?["screening"] as? [String: Any])?["matches"] as? [Any] != nil)
            #expect(try await MobileAPI.balance(app) == 0)
        }
    }

    @Test func aNameMatchNoDateOfBirthConfirmsIsUndeterminedForAPerson() async throws {
        try await MobileAPI.withMobile(credits: 60) { app, url, key in
            // Listed without a date of birth: the name alone cannot say it is him.
            try await app.useSanctions([SanctionsEntry(id: 42, name: "SMITH, John", kind: .individual, programs: ["TEST"])], source: "name-only.csv", now: 3)
            let answer = try await Self.run(url, key)
            #expect(answer.json["outcome"] as? String == "undetermined", "\(answer.json)")
            let result = try #require(answer.data["result"] as? [String: Any])
            #expect(result["decision"] as? String == "undetermined" && result["reasons"] as? [String] == ["SANCTIONS_REVIEW"])
            let match = try #require(((result["screening"] as? [String: Any])?["matches"] as? [[String: Any]])?.first)
            #expect(match["entry_id"] as? Int == 42 && match["date_of_birth"] == nil)
            #expect(try await MobileAPI.balance(app) == 0, "an undetermined session was verified, and is charged")
        }
    }

    /// Two lists: the holder is on the UN's (made up here), not on OFAC's. The
    /// match names the UN entry; an environment that screens OFAC's list alone passes him.
    @Test func everyListIsScreenedUnlessTheEnvironmentChoosesAndTheMatchNamesItsList() async throws {
        try await MobileAPI.withMobile(credits: 120) { app, url, key in
            try await app.useSanctions([SanctionsEntry(id: 100, name: "DOE, Jane", kind: .individual)], source: "sdn.csv", now: 1)
            try await app.useSanctions([SanctionsEntry(list: SanctionsListID.unConsolidated, id: 6_900_001, reference: "QDi.900",
                                                       name: "JOHN SMITH", kind: .individual, programs: ["Al-Qaida"],
                                                       datesOfBirth: [.init(year: 1975, month: 2, day: 28)])],
                                       list: SanctionsListID.unConsolidated, source: "consolidated.xml", now: 2)
            let listed = try await Self.run(url, key)
            #expect(listed.json["outcome"] as? String == "fail", "\(listed.json)")
            let matches = (((listed.data["result"] as? [String: Any])?["screening"] as? [String: Any])?["matches"] as? [[String: Any]]) ?? []
            #expect(matches.count == 1 && matches.first?["list"] as? String == "un-consolidated" && matches.first?["reference"] as? String == "QDi.900")
            #expect(matches.first?["entry_id"] as? Int == 6_900_001 && matches.first?["programs"] as? [String] == ["Al-Qaida"])
            try await app.configure { $0.screening.lists = ["ofac"] }
            let ofacOnly = try await Self.run(url, key)
            #expect(ofacOnly.json["outcome"] as? String == "pass", "\(ofacOnly.json)")
            // A list that does not exist is refused when set.
            await #expect(throws: VerityError.self) { try await app.configure { $0.screening.lists = ["eu"] } }
        }
    }

    /// Whoever VerifyCompliance screened stays under screening: one sealed row
    /// a person an environment, refreshed by the next session of the same person.
    @Test func aScreenedHolderIsKeptUnderMonitoringOnceSealed() async throws {
        try await MobileAPI.withMobile(credits: 120) { app, url, key in
            try await app.useSanctions([SanctionsEntry(id: 100, name: "DOE, Jane", kind: .individual)], source: "sdn.csv", now: 1)
            for _ in 0..<2 {
                let answer = try await Self.run(url, key)
                #expect(answer.json["outcome"] as? String == "pass", "\(answer.json)")
            }
            #expect(try await DatabaseText.count(app, "SELECT COUNT(*) AS n FROM monitored_subjects WHERE source = 'verifycompliance'") == 1)
            let row = try #require(try await MonitoredSubjectModel.query(on: app.app.db).first())
            let subject = try app.app.dataProtector.open(json: MonitoredSubject.self, from: row.sealedSubject, at: .of(.monitoredSubject, row.requireID()))
            #expect(subject == MonitoredSubject(name: "JOHN SMITH", dateOfBirth: "1975-02-28", nationality: "US"))
            #expect(row.lastSeenAt > row.createdAt || row.lastSeenAt == row.createdAt)
        }
    }

    @Test func withoutAListComplianceIsASystemErrorAndUncharged() async throws {
        try await MobileAPI.withMobile(credits: 60) { app, url, key in
            let answer = try await Self.run(url, key)
            // The specification's one 5xx code, the fault's own in `cause`; the status and retry rules are the fault's.
            #expect(answer.status == 503 && answer.code == "SYSTEM_ERROR" && answer.json["cause"] as? String == "SERVICE_UNAVAILABLE"
                    && answer.json["retryable"] as? Bool == true)
            // The session is still at its submit: the error says so, as the envelope would.
            #expect(answer.json["next_step"] as? String == "submit" && (answer.json["meta"] as? [String: Any])?["step"] as? String == "submit")
            #expect(try await MobileAPI.balance(app) == 60)
        }
    }
}
