import Foundation
import Testing
@testable import VerityKernel

/// Every environment variable the server reads is declared once
/// (`SettingVariable`): the reader goes through the declarations, their bounds
/// are the ones enforced, and `docs/operations.md`'s table is theirs.
@Suite("Settings: each variable declared once, read, bounded and documented from its declaration")
struct SettingsDeclarationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let tableStart = "<!-- settings: generated from SettingVariable.all (Sources/VerityKernel/Settings/SettingVariables.swift); SettingsDeclarationTests holds it -->"
    static let tableEnd = "<!-- end of settings -->"

    /// What every check below starts from: a data key, and the services whose variables are read only when they are set.
    static let base = [
        "VERITY_DATA_KEY": Data(repeating: 7, count: 32).base64EncodedString(),
        "VERITY_BUREAU_URL": "https://bureau.example.com/verify", "VERITY_BUREAU_KEY": "bureau-key",
        "VERITY_SMS_URL": "https://sms.example.com/send",
        "VERITY_SMTP_HOST": "smtp.example.com", "VERITY_SMTP_FROM": "codes@example.com",
    ]

    @Test func theOperationsTableIsTheDeclarations() throws {
        let doc = try String(contentsOf: Self.root.appendingPathComponent("docs/operations.md"), encoding: .utf8)
        let start = try #require(doc.range(of: Self.tableStart), "docs/operations.md has no settings table")
        let end = try #require(doc.range(of: Self.tableEnd, range: start.upperBound..<doc.endIndex))
        let table = doc[start.upperBound..<end.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(table == SettingVariable.markdownTable, "docs/operations.md's settings table differs from the declarations; it should read:\n\(SettingVariable.markdownTable)")
    }

    @Test func eachNameIsDeclaredOnceAndTheReaderSpellsNone() throws {
        let names = SettingVariable.all.map(\.name)
        #expect(Set(names).count == names.count, "a variable declared twice")
        let settings = Self.root.appendingPathComponent("Sources/VerityKernel/Settings")
        for file in try FileManager.default.contentsOfDirectory(atPath: settings.path) where file != "SettingVariables.swift" {
            let text = try String(contentsOf: settings.appendingPathComponent(file), encoding: .utf8)
            #expect(text.range(of: #""(VERITY_[A-Z_]+|DATABASE_URL)""#, options: .regularExpression) == nil, "\(file) spells a variable's name")
        }
    }

    /// Every variable the server's code names is declared: the ones not are
    /// the engine worker's own (its launcher sets them), the fuzzer's, and
    /// the CLI's client-side credentials, each said here.
    @Test func everyVariableTheSourcesNameIsDeclared() throws {
        let notTheServers: Set<String> = [
            "VERITY_ENGINE_CPU_MS", "VERITY_ENGINE_MODELS", "VERITY_ENGINE_PROGRAM", // set for the worker by its launcher
            "VERITY_FUZZ_TARGET", "VERITY_PKCS11_MODULE", // the fuzzer's
            "VERITY_CLIENT_KEY", "VERITY_USER_TOKEN", // the CLI acting as an app, not the server
        ]
        let declared = Set(SettingVariable.all.map(\.name))
        let pattern = try NSRegularExpression(pattern: #""(VERITY_[A-Z0-9_]+|DATABASE_URL)""#)
        let files = FileManager.default.enumerator(at: Self.root.appendingPathComponent("Sources"), includingPropertiesForKeys: nil)!
        var named: Set<String> = []
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                named.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        #expect(named.contains("VERITY_MRZ_MODEL"), "the scan finds what is there")
        #expect(named.subtracting(declared).subtracting(notTheServers).isEmpty, "undeclared: \(named.subtracting(declared).subtracting(notTheServers).sorted())")
    }

    @Test func everyWholeNumberIsHeldToItsDeclaredBounds() throws {
        #expect(throws: Never.self) { try Settings.from(environment: Self.base) }
        for variable in SettingVariable.all {
            guard let rule = variable.integer else { continue }
            for refused in ["\(rule.range.lowerBound - 1)", "\(rule.range.upperBound + 1)", "ten", "1.5"] {
                var env = Self.base
                env[variable.name] = refused
                #expect { try Settings.from(environment: env) } throws: { ($0 as? SettingsError)?.variable == variable.name }
            }
            for accepted in [rule.range.lowerBound, rule.range.upperBound, rule.defaultValue] {
                var env = Self.base
                env[variable.name] = String(accepted)
                // Accepted for itself: a rule between two settings may still name the other one.
                do { _ = try Settings.from(environment: env) } catch let error as SettingsError {
                    #expect(error.variable != variable.name, "\(variable.name)=\(accepted): \(error)")
                }
            }
        }
    }
}
