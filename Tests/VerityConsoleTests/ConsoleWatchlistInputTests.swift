import Foundation
import Testing
import Verity
import VerityAPI
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport
@testable import VerityConsole

/// Hostile forms to the console's watchlist routes: each answered with a
/// typed refusal (never a 500), the page escaping what was sent, and no
/// watchlist written.
@Suite("Console watchlists: hostile input")
struct ConsoleWatchlistInputTests {
    typealias Browser = ConsoleSignInTests.Browser

    static func multipart(csrf: String, name: String?, file: String?, reason: String? = "Our blocklist.", close: Bool = true) -> String {
        let boundary = "----verity-test"
        var body = "--\(boundary)\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n\(csrf)\r\n"
        if let name { body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\n\(name)\r\n" }
        if let reason { body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"reason\"\r\n\r\n\(reason)\r\n" }
        if let file {
            body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"list.csv\"\r\nContent-Type: text/csv\r\n\r\n\(file)\r\n"
        }
        return body + (close ? "--\(boundary)--\r\n" : "")
    }

    @Test func hostileWatchlistFormsAreRefusedAndWriteNothing() async throws {
        try await withLiveClient { _, app, url async throws in
            let viewer = try await ConsoleReviewTests.signedIn(url, app, email: "viewer@example.com", role: .viewer)
            #expect(try await viewer.request(.GET, ConsoleRoute.settingsSanctions.path).status == 403)
            let admin = try await ConsoleReviewTests.signedIn(url, app, email: "admin@example.com", role: .admin)
            let page = try await admin.request(.GET, ConsoleRoute.settingsSanctions.path)
            let csrf = try #require(Browser.csrf(in: page.body))
            func post(_ body: String) async throws -> Browser.Answer {
                try await admin.request(.POST, ConsoleRoute.settingsSanctionsImport.path, rawBody: body,
                                        contentType: "multipart/form-data; boundary=----verity-test")
            }
            let good = "reference,name\nB-1,John Smith\n"
            let answers: [(String, Browser.Answer, Int)] = [
                ("no CSRF token", try await post(Self.multipart(csrf: "forged", name: "blocklist", file: good)), 403),
                ("a path for a name", try await post(Self.multipart(csrf: csrf, name: "../../etc/passwd", file: good)), 400),
                ("markup for a name", try await post(Self.multipart(csrf: csrf, name: "<script>alert(1)</script>", file: good)), 400),
                ("no name", try await post(Self.multipart(csrf: csrf, name: nil, file: good)), 400),
                ("no file", try await post(Self.multipart(csrf: csrf, name: "blocklist", file: nil)), 400),
                ("no reason", try await post(Self.multipart(csrf: csrf, name: "blocklist", file: good, reason: nil)), 400),
                ("JSON of the wrong types", try await post(Self.multipart(csrf: csrf, name: "blocklist", file: #"[{"reference": 5, "name": ["x"]}]"#)), 400),
                ("markup in a row", try await post(Self.multipart(csrf: csrf, name: "blocklist",
                                                                   file: "reference,name,date_of_birth\nB-1,<img src=x onerror=alert(1)>,<b>soon</b>\n")), 400),
                ("a truncated body", try await post(Self.multipart(csrf: csrf, name: "blocklist", file: good, close: false)), 400),
                ("a file over the limit", try await post(Self.multipart(csrf: csrf, name: "blocklist",
                                                                         file: String(repeating: "B-1,John Smith\n", count: 2_300_000))), 413),
            ]
            for (what, answer, status) in answers {
                #expect(answer.status == status, "\(what): \(answer.status) \(answer.body.prefix(300))")
                #expect(!answer.body.contains("<script>alert") && !answer.body.contains("<img src=x"), "\(what) came back unescaped")
            }
            let removed = try await admin.request(.POST, ConsoleRoute.settingsSanctionsRemove.path,
                                                  form: ["csrf": csrf, "name": "never-imported", "reason": "Tidy."])
            #expect(removed.status == 404)
            #expect(try await SanctionsRepository(db: app.app.db).statuses(tenantID: try await TenantRepository(db: app.app.db)
                .tenant(named: app.tenant)?.requireID()).allSatisfy { $0.tenantID == nil })
        }
    }
}
