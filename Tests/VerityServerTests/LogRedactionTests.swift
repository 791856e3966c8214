import Foundation
import Logging
import Testing
@testable import VerityStore
import VerityTestSupport
@testable import VerityKernel

/// Every credential Verity issues is redacted from every log line, and the
/// values database drivers bind never reach the log (issue 47, finding 18).
@Suite("Log redaction covers every credential the code issues and every bound value")
struct LogRedactionTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    /// The prefixes minted in the sources: a literal followed by a random
    /// part (`"whsec_" + Base62.random`), a prefix constant, or a client key
    /// kind's prefix. An environment kind interpolated into a prefix stands
    /// for each kind.
    static func issuedPrefixes() throws -> Set<String> {
        var found: Set<String> = []
        let minted = try NSRegularExpression(pattern: #""([a-z_]+(?:\\\([^)]*\)_)?)"\s*\+\s*Base62\.random"#)
        let constant = try NSRegularExpression(pattern: #"static let prefix = "([a-z]+_)""#)
        let kind = try NSRegularExpression(pattern: #"case \.\w+: "([a-z]+_(?:[a-z]+_)?)""#)
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        for case let file as URL in files where file.pathExtension == "swift" && !file.path.contains("VerityFuzz") {
            let text = try String(contentsOf: file, encoding: .utf8)
            let range = NSRange(text.startIndex..., in: text)
            var literals: [String] = []
            for expression in [minted, constant] {
                literals += expression.matches(in: text, range: range).map { String(text[Range($0.range(at: 1), in: text)!]) }
            }
            if file.lastPathComponent == "ClientKeyKind.swift" {
                literals += kind.matches(in: text, range: range).map { String(text[Range($0.range(at: 1), in: text)!]) }
            }
            for literal in literals {
                if let open = literal.range(of: "\\(") {
                    let stem = String(literal[..<open.lowerBound])
                    for environment in ["test", "live", "demo"] where !(stem == "vk_" && environment == "demo") {
                        found.insert(stem + environment + "_")
                    }
                } else {
                    found.insert(literal)
                }
            }
        }
        return found
    }

    @Test func everyPrefixTheCodeIssuesIsRedacted() throws {
        let issued = try Self.issuedPrefixes()
        // The scan itself must find what we know is there, or it proves nothing.
        #expect(issued.isSuperset(of: ["vk_test_", "vdt_", "vas_", "whsec_", "vhk_live_", "pk_demo_", "msess_demo_", "ocrs_"]), "\(issued.sorted())")
        for prefix in issued.sorted() {
            let secret = "Q7x" + String(repeating: "k3Z", count: 12)
            let line = LogRedaction.redactingCredentials("sent \(prefix)\(secret) to the client")
            #expect(!line.contains(secret), "\(prefix) is not redacted: \(line)")
        }
    }

    @Test func jwtsSecondFactorURIsAndCaptureLinksAreRedacted() {
        let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJlLWJ5dGVz"
        let uri = "otpauth://totp/Verity:ops@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Verity"
        let link = "/capture/" + String(repeating: "aB3-_", count: 8) + "xyz"
        for text in [jwt, uri, link] {
            let line = LogRedaction.redactingCredentials("value \(text) end")
            #expect(!line.contains(text.suffix(12)), "\(line)")
        }
        #expect(LogRedaction.redactingCredentials("canvas_width vas_ is a word") == "canvas_width vas_ is a word")
    }

    /// At debug level the drivers log each statement with its bound values:
    /// key hashes, sealed fields, certificate PEMs. Their values are withheld.
    @Test func statementsAreLoggedWithoutTheirBoundValues() async throws {
        CapturedLogs.install
        let (lines, values) = try await withVerityApp(settings: { $0.logLevel = "trace" }) { app async throws -> ([String], [String]) in
            let http = RawHTTP(baseURL: try await app.startServer())
            let token = try await app.token(for: "bound-values-user")
            _ = try await http.send("GET", "/v1/identity/verification", bearer: token)
            return (CapturedLogs.all, [DataProtector.hashSecret(app.secretKey), app.secretKey, token])
        }
        #expect(lines.contains { $0.contains("\"binds\":\"[withheld]\"") }, "no statement was logged with its binds withheld")
        for value in values {
            let leaking = lines.filter { $0.contains(value) }
            #expect(leaking.isEmpty, "a log line holds a bound value: \(leaking.first?.prefix(300) ?? "")")
        }
    }
}
