import ArgumentParser
import Foundation
import VerityCore
import VerityServer
import VerityKernel
import VerityAdmin

/// `verity sanctions`: the sanctions lists screening uses.
struct SanctionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sanctions", abstract: "The sanctions lists (OFAC SDN, UN Consolidated, BIS Denied Persons) that compliance screening uses.",
        subcommands: [Import.self, ImportFolder.self, Show.self, Versions.self, Changes.self, Screen.self, Watchlist.self])

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import a new version of a list, as its publisher publishes it; it replaces the list's current version in one go, or nothing changes.",
            discussion: """
                The list is recognised from the file: the UN Security Council's Consolidated List (consolidated.xml), \
                BIS's Denied Persons List (dpl.txt), or OFAC's SDN list (sdn.csv). OFAC publishes its list as sdn.csv \
                (the entries), alt.csv (their other names) and add.csv (their addresses): give all three, or the names \
                people are known by (press spellings, former names) are not screened. A malformed line in any file \
                refuses the import, naming it. Prints what the version added, removed and changed since the one before; \
                the same file twice changes nothing.
                """)
        @Argument(help: "The list's file: consolidated.xml, dpl.txt or sdn.csv.") var file: String
        @Option(help: "The list, when not recognised from the file: ofac, un or dpl.") var list: String?
        @Option(help: "OFAC's alt.csv: alternate names (a.k.a., f.k.a., n.k.a.), joined to the entries by ent_num.") var alt: String?
        @Option(help: "OFAC's add.csv: addresses, joined to the entries by ent_num.") var add: String?
        @Option(help: "The publication date (YYYY-MM-DD), for a file that gives none (OFAC's CSVs).") var published: String?
        @Flag(help: "Print JSON: the version and every entry added, removed and changed.") var json = false

        func validate() throws {
            if let list { _ = try SanctionsPrinting.listID(list) }
            if let published, !UNConsolidatedList.isDate(published) { throw ValidationError("--published takes a date, YYYY-MM-DD") }
        }

        func run() async throws {
            var files = try SanctionsFile.list(main: file, alt: alt, add: add)
            files.list = try list.map(SanctionsPrinting.listID)
            files.published = published
            let chosen = files
            let settings = try SettingsLoading.load()
            let bar = ProgressBar()
            let report = try await CLIOutput.reportingAsync {
                try await VerityApp.withDatabase(settings) { app in
                    try await AdminOperations(app: app, settings: settings).sanctions.importSanctions(chosen) { bar.update(done: $0, total: $1) }
                }
            }
            bar.finish()
            if json { try CLIOutput.print(report, json: true); return }
            SanctionsPrinting.imported(report)
        }
    }

    struct ImportFolder: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import-folder",
            abstract: "Import each list of a folder whose files changed, as a server with VERITY_SANCTIONS_FOLDER does every interval.",
            discussion: """
                sdn.csv (with alt.csv and add.csv beside it) is OFAC's list; every other .xml, .txt or .csv file is                 recognised from its content. A file changed in the last minute is left for the next read (copy a file                 in under another name and rename it). Prints each file's outcome: imported, unchanged, refused (with                 why), skipped or waiting.
                """)
        @Argument(help: "The folder.") var folder: String
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let settings = try SettingsLoading.load()
            let report = try await CLIOutput.reportingAsync {
                try await VerityApp.withDatabase(settings) { app in try await AdminOperations(app: app, settings: settings).sanctions.importFolder(folder) }
            }
            if json { try CLIOutput.print(report, json: true); return }
            if report.files.isEmpty { print("\(folder) holds no list file.") }
            for file in report.files { print("\(file.outcome)  \(file.name)\(file.list.map { " (\($0))" } ?? ""): \(file.detail)") }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print each imported list's version, source, size and import time.")

        func run() async throws {
            let settings = try SettingsLoading.load()
            let statuses = try await VerityApp.withDatabase(settings) { app in
                try await AdminOperations(app: app, settings: settings).sanctions.sanctionsStatuses()
            }
            guard !statuses.isEmpty else { print("No sanctions list imported (verity sanctions import sdn.csv)."); return }
            for status in statuses {
                let when = Date(timeIntervalSince1970: Double(status.importedAt) / 1000).ISO8601Format()
                print("\(status.list): \(status.source): \(status.entries) entries, version \(status.listVersion?.description ?? "before versions were kept"), imported \(when)")
            }
        }
    }

    struct Versions: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print a list's versions, newest first, with what each changed.")
        @Option(help: "The list: ofac, un or dpl.") var list: String

        func run() async throws {
            let id = try SanctionsPrinting.listID(list)
            let settings = try SettingsLoading.load()
            let versions = try await VerityApp.withDatabase(settings) { app in
                try await AdminOperations(app: app, settings: settings).sanctions.versions(list: id)
            }
            guard !versions.isEmpty else { print("\(id) has not been imported."); return }
            for (index, version) in versions.enumerated() {
                let when = Date(timeIntervalSince1970: Double(version.importedAt) / 1000).ISO8601Format()
                let changes = index == versions.count - 1 ? "the first version" : "+\(version.added) -\(version.removed) ~\(version.changed)"
                print("\(version.version)  \(version.listVersion)  \(version.entries) entries, \(changes); \(version.source), imported \(when)")
            }
        }
    }

    struct Changes: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print what a version of a list added, removed and changed, entry by entry.")
        @Option(help: "The list: ofac, un or dpl.") var list: String
        @Option(help: "The version (as `verity sanctions versions` prints it); the newest when left out.") var version: Int64?
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            let id = try SanctionsPrinting.listID(list)
            let settings = try SettingsLoading.load()
            let report = try await CLIOutput.reportingAsync {
                try await VerityApp.withDatabase(settings) { app in
                    try await AdminOperations(app: app, settings: settings).sanctions.changes(list: id, version: version)
                }
            }
            if json { try CLIOutput.print(report, json: true); return }
            SanctionsPrinting.imported(report)
        }
    }
}

/// A list's files read from disk, named by their file names (`sdn.csv + alt.csv`).
enum SanctionsFile {
    static func list(main: String, alt: String? = nil, add: String? = nil) throws -> SanctionsListFiles {
        let source = [main, alt, add].compactMap { $0.map { ($0 as NSString).lastPathComponent } }.joined(separator: " + ")
        return SanctionsListFiles(main: try read(main), alternateNames: try alt.map(read), addresses: try add.map(read), source: source)
    }

    static func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw ValidationError("cannot read \(path)") }
        return Array(data)
    }
}
