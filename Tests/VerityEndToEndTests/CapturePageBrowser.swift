import Foundation

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
        /// What the script said on stderr (why an outcome was an error).
        var log = ""

        enum CodingKeys: String, CodingKey { case outcome, steps, language, direction, desktop, reason }
    }

    static func run(_ scenario: String, url: String, _ arguments: [String] = []) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ".venv/bin/python")
        process.arguments = ["tests-pages/capture_page.py", scenario, "--url", url] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Read before waiting: a full pipe would block the script.
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let complaints = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "capture_page.py \(scenario) exited \(process.terminationStatus): "
                          + String(decoding: complaints, as: UTF8.self).suffix(2_000))
        }
        let lastLine = String(decoding: printed, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        do {
            var result = try JSONDecoder().decode(Result.self, from: Data(lastLine.utf8))
            result.log = String(decoding: complaints, as: UTF8.self)
            return result
        } catch {
            throw Failure(description: "capture_page.py \(scenario) printed no result: \(lastLine)")
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
