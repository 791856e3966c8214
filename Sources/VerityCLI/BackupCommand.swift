import ArgumentParser
import Foundation
import VerityServer
import VerityAdmin

/// `verity backup` and `verity restore` (docs/operations.md).
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Write a consistent backup of the database while servers serve (SQLite: VACUUM INTO; PostgreSQL: pg_dump).")
    @Option(help: "The file to write (it must not exist; it is made readable by its owner only).") var output: String

    func run() async throws {
        let settings = try SettingsLoading.load()
        let made = try await CLIOutput.reportingAsync {
            try await VerityApp.withDatabase(settings) { app in try await VerityBackup.make(db: app.db, settings: settings, to: output) }
        }
        print(try JSONOutput.render(made))
    }
}

struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Restore a backup into an empty database (no server running), then start servers as usual.")
    @Option(help: "The backup file `verity backup` wrote.") var input: String

    func run() throws {
        let settings = try SettingsLoading.load()
        try CLIOutput.reporting { try VerityBackup.restore(from: input, settings: settings) }
        print("Restored \(input). Start the servers with the data key the backup was made with.")
    }
}
