import Foundation
import VerityTestSupport

/// Runs one scenario of `tests-pages/capture_page.py` (headless Chromium with
/// Selenium and axe-core) and returns the JSON line it prints. Screenshots go
/// to `VERITY_SCREENSHOTS_DIR` when set (docs/screenshots are made that way).
enum CapturePageBrowser {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// What the script saw.
    struct Result: Decodable, Sendable {
        var outcome: String?
        var steps: [String]?
        var language: String?
        var direction: String?
        var desktop: String?
        var reason: String?
        /// The angled run: what the page decided of its crop, and what it sent.
        var crop: String?
        var uploaded: [Int]?
        var aspect: Double?
        var documentAspect: Double?
        /// How like the document the upload was, and the camera's frame (1: the same picture).
        var likeness: Double?
        var frameLikeness: Double?
        /// The upload runs: the page's crop of each document photo (sure, unsure, none).
        var crops: [String: String]?
        /// What the script said on stderr (why an outcome was an error).
        var log = ""

        enum CodingKeys: String, CodingKey {
            case outcome, steps, language, direction, desktop, reason, crop, uploaded, aspect, documentAspect, likeness, frameLikeness, crops
        }
    }

    static func run(_ scenario: String, url: String, _ arguments: [String] = []) async throws -> Result {
        let run = try await ChildProcess.python("tests-pages/capture_page.py", [scenario, "--url", url] + arguments)
        guard run.status == 0 else {
            throw Failure(description: "capture_page.py \(scenario) exited \(run.status): " + run.errorText.suffix(2_000))
        }
        do {
            var result = try JSONDecoder().decode(Result.self, from: Data(run.lastLine.utf8))
            result.log = run.errorText
            return result
        } catch {
            throw Failure(description: "capture_page.py \(scenario) printed no result: \(run.lastLine)")
        }
    }

    static func fixture(_ name: String) -> String { "\(DocumentFixturesPath.directory)/\(name)" }
}

/// Where the document fixtures are, as a path the script can open.
enum DocumentFixturesPath {
    static var directory: String {
        ProcessInfo.processInfo.environment["VERITY_DOCGEN_FIXTURES_DIR"] ?? ".build/docgen-fixtures"
    }
}
