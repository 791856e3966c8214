import Fluent
import Vapor
import VerityStore
import VerityKernel

extension VerityApp {
    /// Runs `body` with the database open and no HTTP server, for CLI tasks.
    public static func withDatabase<T: Sendable>(_ settings: Settings, migrate: Bool = true,
                                                 _ body: @Sendable (Application) async throws -> T) async throws -> T {
        let app = try await Application.make(Environment(name: "production", arguments: ["verity"]))
        do {
            app.logger.logLevel = .warning
            try VerityDatabase.use(on: app.databases, postgresURL: settings.databaseURL, sqlitePath: settings.sqlitePath)
            app.migrations.add(VerityMigrations.all)
            try await VerityDatabase.prepare(app.databases, on: app.eventLoopGroup, logger: app.logger)
            if migrate { try await app.autoMigrate() }
            // A wrong key fails the commands that use it, not `verity doctor`, which says so.
            await app.findDataProtector(settings, clock: .system)
            let result = try await body(app)
            try await app.asyncShutdown()
            return result
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
    }
}
