import ArgumentParser
import Foundation
import VerityCore
import VerityServer
import VerityKernel
import VerityAdmin

extension SanctionsCommand {
    struct Screen: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Screen one person against the current lists, with the matcher VerifyCompliance uses.",
            discussion: """
                Prints the entries that reach the threshold, best first, each with its list, its reference, its score \
                and why. A person on several lists comes back once per list. A match means a human should look: the \
                date of birth and nationality, when given, raise or lower each score. Exits 0 whether or not anything \
                matched (read "match" in --json); 65 when no list is imported.
                """)
        @Option(help: "The person's name, in any order and script (Latin, Arabic, Cyrillic, Chinese, …); one word is screened as a nickname.")
        var name: String
        @Option(help: "Date of birth, YYYY-MM-DD.") var dob: String?
        @Option(help: "Nationality: ISO 3166 alpha-2 (SY) or alpha-3 (SYR).") var nationality: String?
        @Option(help: "Screen against this list only (ofac, un, dpl); repeatable. Every imported list when left out.") var list: [String] = []
        @Option(help: "Screen against this tenant's own watchlists too.") var tenant: String?
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
            for text in list { _ = try SanctionsPrinting.listID(text) }
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
            let lists = list.isEmpty ? nil : Set(try list.map(SanctionsPrinting.listID))
            let report = try await CLIOutput.reportingAsync {
                try await VerityApp.withDatabase(settings) { app in
                    try await AdminOperations(app: app, settings: settings)
                        .sanctions.screenSanctions(name: query.name, dateOfBirth: query.dob, nationality: query.country,
                                                   kinds: anyKind ? Set(SanctionsEntry.Kind.allCases) : [.individual], lists: lists,
                                                   tenant: tenant)
                }
            }
            if json { try CLIOutput.print(report, json: true); return }
            let against = report.lists.map { "\($0.list) (\($0.entries) entries, \(SanctionsListVersion(published: $0.published, sha256: $0.sha256 ?? "")))" }
            print("Screened \"\(report.name)\" against \(against.joined(separator: ", ")).")
            guard report.match else { print("No match at or above \(report.threshold)."); return }
            for match in report.matches {
                print(String(format: "%.3f  ", match.score)
                      + "\(match.listedName) [\(match.list) \(match.reference), \(match.kind.rawValue), \(match.programs.joined(separator: ", "))]")
                print("       matched \"\(match.matchedName)\": \(match.reasons.joined(separator: "; "))")
            }
        }
    }
}
