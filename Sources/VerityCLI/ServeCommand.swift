import ArgumentParser
import Foundation
import Vapor
import VerityCore
import VerityServer
import VerityVision

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the Verity server.",
        discussion: "Settings come from environment variables:\n"
            + Settings.documentation.map { "  \($0.name) (default \($0.defaultValue)): \($0.meaning)" }.joined(separator: "\n")
    )

    @ArgumentParser.Flag(help: "Run pending database migrations before serving.") var autoMigrate = false

    func run() async throws {
        let settings = try SettingsLoading.load()
        try await ServerRunner.run(settings: settings, autoMigrate: autoMigrate)
    }
}

/// Starts the HTTP server and blocks until SIGINT or SIGTERM.
enum ServerRunner {
    static func run(settings: Settings, autoMigrate: Bool, beforeServing: (@Sendable (Application) async throws -> Void)? = nil) async throws {
        // Refuse to start with missing or altered face models rather than fail on the first face.
        do {
            _ = try FaceModelFiles(directory: settings.modelsDirectory)
        } catch {
            throw SettingsError(variable: "VERITY_MODELS_DIR", problem: error.message)
        }
        VerityApp.bootstrapLogging(settings)
        let app = try await Application.make(Vapor.Environment(name: "production", arguments: ["verity", "serve"]))
        do {
            try await VerityApp.configure(app, settings: settings, autoMigrate: autoMigrate)
            try await beforeServing?(app)
            try await app.execute()
            try await app.asyncShutdown()
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
    }
}
