import ArgumentParser
import Foundation
import VerityCore
import VerityServer
import VerityKernel
import VerityAdmin

/// `verity sanctions`: the sanctions list screening uses.
struct SanctionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sanctions", abstract: "The sanctions list (OFAC SDN) that compliance screening uses.", subcommands: [Import.self, Show.self, Screen.self])

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import OFAC's SDN list (the CSVs OFAC publishes); it replaces the current list in one go, or nothing changes.",
            discussion: """
                OFAC publishes the list as sdn.csv (the entries), alt.csv (their other names) and add.csv (their \
                addresses). Give all three: without alt.csv the names people are known by (press spellings, \
                former names) are not screened. A malformed line in any file refuses the import, naming it.
                """)
        @Argument(help: "The sdn.csv file.") var file: String
        @Option(help: "OFAC's alt.csv: alternate names (a.k.a., f.k.a., n.k.a.), joined to the entries by ent_num.") var alt: String?
        @Option(help: "OFAC's add.csv: addresses, joined to the entries by ent_num.") var add: String?

        func run() async throws {
            let files = try SanctionsFile.list(sdn: file, alt: alt, add: add)
            let settings = try SettingsLoading.load()
            let bar = ProgressBar()
            let joined = try await CLIOutput.reportingAsync {
                try await VerityApp.withDatabase(settings) { app in
                    try await AdminOperations(app: app, settings: settings).sanctions.importSanctions(files) { bar.update(done: $0, total: $1) }
                }
            }
            bar.finish()
            var parts = ["Imported \(joined.entries.count) entries"]
            if alt != nil { parts.append("\(joined.alternateNames) alternate names") }
            if add != nil { parts.append("\(joined.addresses) addresses") }
            let skipped = joined.unmatchedRows > 0 ? " (\(joined.unmatchedRows) rows of entries no longer listed left out)" : ""
            print(parts.joined(separator: ", ") + skipped + "; they are now the list screening uses.")
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the current list's source, size and import time.")

        func run() async throws {
            let settings = try SettingsLoading.load()
            let status = try await VerityApp.withDatabase(settings) { app in
                try await AdminOperations(app: app, settings: settings).sanctions.sanctionsStatus()
            }
            guard let status else { print("No sanctions list imported (verity sanctions import sdn.csv)."); return }
            let when = Date(timeIntervalSince1970: Double(status.importedAt) / 1000).ISO8601Format()
            print("\(status.source): \(status.entries) entries, imported \(when)")
        }
    }

    struct Screen: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Screen one person against the current list, with the matcher VerifyCompliance uses.",
            discussion: """
                Prints the entries that reach the threshold, best first, each with its score and why. A match means \
                a human should look: the date of birth and nationality, when given, raise or lower each score. \
                Exits 0 whether or not anything matched (read "match" in --json); 65 when no list is imported.
                """)
        @Option(help: "The person's name, in any order and script (Latin, Arabic, Cyrillic, Chinese, …); one word is screened as a nickname.")
        var name: String
        @Option(help: "Date of birth, YYYY-MM-DD.") var dob: String?
        @Option(help: "Nationality: ISO 3166 alpha-2 (SY) or alpha-3 (SYR).") var nationality: String?
        @Flag(help: "Screen against organisations, vessels and aircraft too, not only listed people (for a name that may not be a person's).")
        var anyKind = false
        @Flag(help: "Print JSON.") var json = false

        func validate() throws {
            let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { throw ValidationError("--name must not be empty") }
            guard trimmed.count <= 200 else { throw ValidationError("--name must be at most 200 characters") }
            guard !NameForm(trimmed).tokens.isEmpty else { throw ValidationError("--name must contain letters") }
            if let dob { _ = try birthDate(dob) }
            if let nationality { _ = try country(nationality) }
        }

        func birthDate(_ text: String) throws -> DateOfBirth {
            do { return try DateOfBirth.parse(text, today: DateOfBirth(year: CLIClock.today.year, month: CLIClock.today.month, day: CLIClock.today.day)) }
            catch { throw ValidationError("--dob: \(error.message.replacingOccurrences(of: "dateOfBirth", with: "the date of birth"))") }
        }

        /// Alpha-2 as the matcher compares countries; alpha-3 converted.
        func country(_ text: String) throws -> String {
            let code = text.uppercased()
            if code.count == 2, CountryCode.parse(code) != nil { return code }
            if code.count == 3, let alpha2 = ICAOCountryCode.alpha2(code) { return alpha2 }
            throw ValidationError("--nationality must be an ISO 3166 alpha-2 or alpha-3 country code, e.g. SY or SYR")
        }

        func run() async throws {
            let settings = try SettingsLoading.load()
            let query = (name: name.trimmingCharacters(in: .whitespacesAndNewlines), dob: try dob.map(birthDate), country: try nationality.map(country))
            let report = try await CLIOutput.reportingAsync {
                try await VerityApp.withDatabase(settings) { app in
                    try await AdminOperations(app: app, settings: settings)
                        .sanctions.screenSanctions(name: query.name, dateOfBirth: query.dob, nationality: query.country,
                                         kinds: anyKind ? Set(SanctionsEntry.Kind.allCases) : [.individual])
                }
            }
            if json { try CLIOutput.print(report, json: true); return }
            print("Screened \"\(report.name)\" against \(report.list.source) (\(report.list.entries) entries, imported \(report.list.importedAt)).")
            guard report.match else { print("No match at or above \(report.threshold)."); return }
            for match in report.matches {
                print(String(format: "%.3f  ", match.score) + "\(match.listedName) [entry \(match.entryID), \(match.kind.rawValue), \(match.programs.joined(separator: ", "))]")
                print("       matched \"\(match.matchedName)\": \(match.reasons.joined(separator: "; "))")
            }
        }
    }
}

/// An SDN CSV as text: OFAC's file is Latin-1 in places, so UTF-8 when it is, Latin-1 otherwise.
enum SanctionsFile {
    /// OFAC's files read, named by their file names (`sdn.csv + alt.csv`).
    static func list(sdn: String, alt: String? = nil, add: String? = nil) throws -> SanctionsListFiles {
        let source = [sdn, alt, add].compactMap { $0.map { ($0 as NSString).lastPathComponent } }.joined(separator: " + ")
        return SanctionsListFiles(sdn: try read(sdn), alternateNames: try alt.map(read), addresses: try add.map(read), source: source)
    }

    static func read(_ path: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path) else { throw ValidationError("cannot read \(path)") }
        guard let text = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1) else {
            throw ValidationError("\(path) is not text")
        }
        return text
    }
}
