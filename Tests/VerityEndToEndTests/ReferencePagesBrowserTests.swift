import Foundation
import Testing
import VerityTestSupport

/// The home page and the API reference in headless Chromium
/// (`tests-pages/reference_pages.py`): what is running, the link to the
/// reference, its contents, a section and the schemas with every schema link
/// resolving, axe-core clean on a desktop and a phone. Screenshots go to `VERITY_SCREENSHOTS_DIR`.
@Suite("Home page and API reference in a browser", .heavy)
struct ReferencePagesBrowserTests {
    struct Result: Decodable {
        let outcome: String
        let sections: Int
        let operations: Int
        let schemas: Int
    }

    @Test func aPersonFindsTheReferenceFromTheHomePage() async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let run = try await ChildProcess.python("tests-pages/reference_pages.py", ["--url", url.absoluteString])
            #expect(run.status == 0, "\(run.errorText.suffix(2_000))")
            let line = run.lastLine
            let result = try JSONDecoder().decode(Result.self, from: Data(line.utf8))
            // Every tag and the schemas listed; the webhooks section's routes; every schema.
            #expect(result.outcome == "ok" && result.sections >= 14 && result.operations >= 8 && result.schemas > 50)
        }
    }
}
