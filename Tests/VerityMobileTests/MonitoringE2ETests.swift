import Foundation
import Testing
import SQLKit
import VerityAPI
@testable import VerityCore
@testable import VerityStore
@testable import VeritySanctions
import VerityStoreTestSupport
import VerityTestSupport

/// Ongoing monitoring as a compliance team relies on it: a person who passed
/// VerifyCompliance is screened again when a list changes; the entry added
/// for them opens one case and one `screening.match_found`, once; the same
/// version again alerts nothing; the entry removed marks the alert as no
/// longer listed.
@Suite("Ongoing monitoring", .heavy)
struct MonitoringE2ETests {
    static let jane = SanctionsEntry(id: 100, name: "DOE, Jane", kind: .individual)
    static let john = SanctionsEntry(id: 99, name: "SMITH, John", kind: .individual, programs: ["TEST"], datesOfBirth: [.init(year: 1975, month: 2, day: 28)])

    static func count(_ app: VerityTestApp, _ sql: String) async throws -> Int { try await DatabaseText.count(app, sql) }

    @Test func aListChangeFindsAMonitoredPersonOnceAndARemovalDelistsThem() async throws {
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        try await MobileAPI.withMobile(credits: 120) { app, url, key in
            try await app.configure { $0.webhooks.allowPrivateAddresses = true }
            _ = try await WebhookAdmin(url: url, secretKey: app.secretKey).register(receiver, events: [.screeningMatchFound])
            try await app.useSanctions([Self.jane], source: "sdn-1.csv", now: 1)
            let passed = try await MobileVerifyComplianceE2ETests.run(url, key)
            #expect(passed.json["outcome"] as? String == "pass", "\(passed.json)")
            // The list's next version adds him: the server's job worker re-screens its monitored people.
            try await app.useSanctions([Self.jane, Self.john], source: "sdn-2.csv", now: 2)
            await app.app.drainJobs()   // a booted server's poller would pick the job up within two seconds
            #expect(try await Self.count(app, "SELECT COUNT(*) AS n FROM monitoring_alerts WHERE state = 'open' AND entry_id = 99") == 1)
            // His birth date agrees with the entry's: the case waits as a likely match.
            #expect(try await Self.count(app, "SELECT COUNT(*) AS n FROM review_cases WHERE kind = 'monitoring_match' AND reasons = 'SANCTIONS_MATCH'") == 1)
            #expect(try await Self.count(app, "SELECT COUNT(*) AS n FROM webhook_events WHERE type = 'screening.match_found'") == 1)
            let row = try #require(try await (app.app.db as? any SQLDatabase)?.raw("SELECT data FROM webhook_events WHERE type = 'screening.match_found'").first())
            let data = String(decoding: try row.decode(column: "data", as: Data.self), as: UTF8.self)
            #expect(data.contains("\"reference\":\"99\"") && data.contains("\"list\":\"ofac-sdn\"") && data.contains("mver_") && !data.contains("JOHN SMITH"))
            // The same change once more finds nothing new; a version that removes him delists the alert.
            let latest = try #require(try await SanctionsRepository(db: app.app.db).versions(of: .init(SanctionsListID.ofacSDN)).first)
            let rescreen = MonitoringRescreen(db: app.app.db, clock: .system, protector: try app.app.dataProtector,
                                              screening: app.app.sanctionsScreening(pool: nil), wake: nil, logger: app.app.logger)
            let again = try await rescreen.rescreen(versionID: latest.id)
            #expect(again.alerts == 0 && again.screened == 1)
            try await app.useSanctions([Self.jane], source: "sdn-3.csv", now: 3)
            await app.app.drainJobs()
            #expect(try await Self.count(app, "SELECT COUNT(*) AS n FROM monitoring_alerts WHERE state = 'delisted'") == 1)
        }
    }
}
