import Foundation
import Testing
import VerityAPI
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport

/// A tenant's own watchlist, as a compliance team uses it: imported through
/// the admin API, screened by VerifyCompliance like a public list, in that
/// tenant only, sealed in the database, refused whole when malformed, removed.
@Suite("Admin API and VerifyCompliance: a tenant's watchlist", .heavy)
struct WatchlistE2ETests {
    static let blocklist = SanctionsRoute.watchlist(name: "blocklist").path
    static let file = """
        reference,name,aliases,date_of_birth,nationality,kind,note
        B-7,"SMITH, John",Johnny Smith,1975-02-28,US,individual,chargeback ring 2025
        B-8,Acme Shell Ltd,,,,entity,
        """

    static func upload(_ text: String) -> WatchlistImportInput { WatchlistImportInput(fileBase64: Data(text.utf8).base64EncodedString()) }

    @Test func aWatchlistScreensLikeAPublicListInItsOwnTenantOnly() async throws {
        try await MobileAPI.withMobile(credits: 240) { app, url, key in
            let http = RawHTTP(baseURL: url)
            try await app.useSanctions([SanctionsEntry(id: 100, name: "DOE, Jane", kind: .individual)], source: "sdn.csv", now: 1)
            // given John Smith on acme's own blocklist
            let imported = try await http.send("POST", Self.blocklist, bearer: app.secretKey, json: Self.upload(Self.file))
            #expect(imported.status == 200, "\(String(decoding: imported.body, as: UTF8.self))")
            let result = try imported.decode(WatchlistImportResult.self)
            #expect(result.list == "watchlist:blocklist" && result.entries == 2 && result.first && !result.unchanged)
            // then acme's VerifyCompliance finds him there, naming the list and the entry
            let listed = try await MobileVerifyComplianceE2ETests.run(url, key)
            #expect(listed.json["outcome"] as? String == "fail", "\(listed.json)")
            let matches = (((listed.data["result"] as? [String: Any])?["screening"] as? [String: Any])?["matches"] as? [[String: Any]]) ?? []
            #expect(matches.count == 1 && matches.first?["list"] as? String == "watchlist:blocklist" && matches.first?["reference"] as? String == "B-7")
            #expect((matches.first?["reasons"] as? [String] ?? []).contains("date of birth agrees"))
            // and another tenant's does not
            _ = try await app.operations.tenants.createKey(tenant: "globex", environment: .test)
            let globexKey = try await app.operations.mobile.createClientKey(tenant: "globex", environment: .test, scopes: MobileProduct.allCases, demo: false)
            _ = try await app.operations.mobile.grantCredits(tenant: "globex", environment: .test, amount: 120, note: "test")
            let elsewhere = try await MobileVerifyComplianceE2ETests.run(url, globexKey)
            #expect(elsewhere.json["outcome"] as? String == "pass", "\(elsewhere.json)")
            // The lists as the tenant sees them: OFAC's, and its own.
            let lists = try await http.send("GET", SanctionsRoute.lists.path, bearer: app.secretKey).decode(SanctionsListsView.self)
            #expect(lists.lists.map(\.list) == ["ofac-sdn", "watchlist:blocklist"] && lists.lists.map(\.tenantOwned) == [false, true])
            // The entries are sealed: no name in clear, in the entries or anywhere in the lists' tables.
            for table in ["sanctions_entries", "sanctions_list_changes"] {
                let clear = try await DatabaseText.count(app, "SELECT COUNT(*) AS n FROM \(table) WHERE detail LIKE '%SMITH%' OR name LIKE '%SMITH%'")
                #expect(clear == 0, "\(table)")
            }
            #expect(try await DatabaseText.count(app, "SELECT COUNT(*) AS n FROM sanctions_entries WHERE sealed_detail IS NOT NULL") == 2)
            // A new version: one removed, one added, one changed, reported exactly.
            let next = """
                reference,name,aliases,date_of_birth,nationality,kind,note
                B-7,"SMITH, John",Johnny Smith;J. Smith,1975-02-28,US,individual,chargeback ring 2025
                B-9,Jane Roe,,1980,GB,,
                """
            let second = try await http.send("POST", Self.blocklist, bearer: app.secretKey, json: Self.upload(next)).decode(WatchlistImportResult.self)
            #expect(second.added.map(\.reference) == ["B-9"] && second.removed.map(\.reference) == ["B-8"] && second.changed.map(\.reference) == ["B-7"])
            // Removed, it screens no more.
            let removed = try await http.send("DELETE", Self.blocklist, bearer: app.secretKey)
            let gone = try removed.decode(WatchlistRemoved.self)
            #expect(removed.status == 200 && gone.removed)
            let clear = try await MobileVerifyComplianceE2ETests.run(url, key)
            #expect(clear.json["outcome"] as? String == "pass", "\(clear.json)")
            #expect(try await http.send("DELETE", Self.blocklist, bearer: app.secretKey).status == 404)
            #expect(try await DatabaseText.count(app, "SELECT COUNT(*) AS n FROM sanctions_entries WHERE sealed_detail IS NOT NULL") == 0)
        }
    }

    @Test func aBadWatchlistIsRefusedWholeNamingTheRowAndField() async throws {
        try await withVerityApp { app async throws in
            let http = RawHTTP(baseURL: try await app.startServer())
            let bad = try await http.send("POST", Self.blocklist, bearer: app.secretKey,
                                          json: Self.upload("reference,name,date_of_birth\nB-1,Jane,1980-13-01\nB-2,,\n"))
            #expect(bad.status == 400 && bad.error?.code == "INVALID_INPUT", "\(String(decoding: bad.body, as: UTF8.self))")
            #expect(bad.error?.message.contains("line 2 date_of_birth") == true && bad.error?.message.contains("line 3 name: missing") == true)
            let notBase64 = try await http.send("POST", Self.blocklist, bearer: app.secretKey, json: WatchlistImportInput(fileBase64: "***"))
            #expect(notBase64.status == 400 && notBase64.error?.code == "INVALID_INPUT")
            let badName = try await http.send("POST", SanctionsRoute.watchlist(name: "no%20spaces").path, bearer: app.secretKey, json: Self.upload(Self.file))
            #expect(badName.status == 400 && badName.error?.code == "INVALID_INPUT")
            #expect(try await http.send("POST", Self.blocklist, json: Self.upload(Self.file)).status == 401)
            #expect(try await DatabaseText.count(app, "SELECT COUNT(*) AS n FROM sanctions_lists") == 0)
        }
    }
}
