import ArgumentParser
import Foundation
import VerityCore
import VerityServer

/// `verity sanctions`: the sanctions list screening uses.
struct SanctionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sanctions", abstract: "The sanctions list (OFAC SDN) that compliance screening uses.", subcommands: [Import.self, Show.self])

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import OFAC's SDN list (the CSV OFAC publishes); it replaces the current list in one go, or nothing changes.")
        @Argument(help: "The sdn.csv file.") var file: String

        func run() async throws {
            guard let data = FileManager.default.contents(atPath: file) else { throw ValidationError("cannot read \(file)") }
            // OFAC's file is Latin-1 in places; read it as UTF-8 when it is, Latin-1 otherwise.
            guard let text = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .isoLatin1) else {
                throw ValidationError("\(file) is not text")
            }
            let settings = try SettingsLoading.load()
            let bar = ProgressBar()
            let count = try await CLIOutput.reportingAsync {
                try await VerityApp.withDatabase(settings) { app in
                    try await AdminOperations(db: app.db, settings: settings)
                        .importSanctions(csv: text, source: (file as NSString).lastPathComponent) { bar.update(done: $0, total: $1) }
                }
            }
            bar.finish()
            print("Imported \(count) entries; they are now the list screening uses.")
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the current list's source, size and import time.")

        func run() async throws {
            let settings = try SettingsLoading.load()
            let status = try await VerityApp.withDatabase(settings) { app in
                try await AdminOperations(db: app.db, settings: settings).sanctionsStatus()
            }
            guard let status else { print("No sanctions list imported (verity sanctions import sdn.csv)."); return }
            let when = Date(timeIntervalSince1970: Double(status.importedAt) / 1000).ISO8601Format()
            print("\(status.source): \(status.entries) entries, imported \(when)")
        }
    }
}
