import ArgumentParser
import Foundation
import VerityCore
import VerityServer
import VerityKernel
import VerityAdmin

extension SanctionsCommand {
    /// `verity sanctions watchlist`: a tenant's own lists.
    struct Watchlist: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "A tenant's own watchlists (internal blocklists), screened like a public list, in that tenant only.",
            subcommands: [Import.self, Show.self, Remove.self])

        struct Import: AsyncParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Import a new version of a tenant's watchlist: CSV with a header row, or a JSON array (docs/screening.md).",
                discussion: """
                    Columns or keys: reference (required, unique), name (required), aliases (in CSV separated by ;), \
                    date_of_birth (YYYY, YYYY-MM or YYYY-MM-DD), nationality (ISO 3166 alpha-2 or alpha-3, or a country's \
                    name), kind (individual or entity), note. Every problem is named by row and field, and nothing is \
                    imported. The entries are sealed in the database. Prints what the version added, removed and changed.
                    """)
            @Option(help: "The tenant.") var tenant: String
            @Option(help: "The watchlist's name: 1 to 40 letters, digits, - or _ (blocklist).") var name: String
            @Argument(help: "The file, CSV or JSON.") var file: String
            @Flag(help: "Print JSON.") var json = false

            func run() async throws {
                let bytes = try SanctionsFile.read(file)
                let settings = try SettingsLoading.load()
                let result = try await CLIOutput.reportingAsync {
                    try await VerityApp.withDatabase(settings) { app in
                        try await AdminOperations(app: app, settings: settings).sanctions.importWatchlist(bytes, name: name, tenant: tenant)
                    }
                }
                if json { try CLIOutput.print(result, json: true); return }
                if result.unchanged { print("\(result.list) of \(tenant): the current version already (\(result.entries) entries); nothing changed."); return }
                print("\(result.list) of \(tenant): \(result.entries) entries, version sha256:\(result.sha256.prefix(12)) (version number \(result.version)).")
                guard !result.first else { print("  the watchlist's first version: screening in \(tenant) now uses it."); return }
                SanctionsPrinting.changes(added: result.added, removed: result.removed, changed: result.changed)
            }
        }

        struct Show: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Print the lists a tenant's screening reads: the public lists and its own watchlists.")
            @Option(help: "The tenant.") var tenant: String

            func run() async throws {
                let settings = try SettingsLoading.load()
                let view = try await CLIOutput.reportingAsync {
                    try await VerityApp.withDatabase(settings) { app in try await AdminOperations(app: app, settings: settings).sanctions.lists(tenant: tenant) }
                }
                for list in view.lists {
                    print("\(list.list)\(list.tenantOwned ? " (\(tenant)'s own)" : ""): \(list.entries) entries, "
                          + "version \(SanctionsListVersion(published: list.published, sha256: list.sha256 ?? "")), imported \(list.importedAt)")
                }
            }
        }

        struct Remove: AsyncParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Remove a tenant's watchlist, its versions and what they changed.")
            @Option(help: "The tenant.") var tenant: String
            @Option(help: "The watchlist's name.") var name: String

            func run() async throws {
                let settings = try SettingsLoading.load()
                let removed = try await CLIOutput.reportingAsync {
                    try await VerityApp.withDatabase(settings) { app in
                        try await AdminOperations(app: app, settings: settings).sanctions.removeWatchlist(name: name, tenant: tenant)
                    }
                }
                print("Removed \(removed.list) of \(tenant).")
            }
        }
    }
}
