import ArgumentParser
import VerityServer

struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "migrate", abstract: "Create or upgrade the database schema.")

    func run() async throws {
        let settings = try SettingsLoading.load()
        try await VerityApp.withDatabase(settings, migrate: true) { _ in }
        print("Database is up to date.")
    }
}
