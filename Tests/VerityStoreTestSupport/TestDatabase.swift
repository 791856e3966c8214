import Fluent
import FluentPostgresDriver
import Foundation
import Vapor

/// A database of its own for one test: a temporary SQLite file, or — when
/// `TEST_DATABASE_URL` names a PostgreSQL server — a fresh database on it.
public struct TestDatabase: Sendable {
    /// Set for PostgreSQL runs.
    public let postgresURL: String?
    /// The SQLite file's folder, for SQLite runs.
    public let directory: String
    private let postgresAdminURL: String?
    private let databaseName: String?

    public static var isPostgres: Bool { ProcessInfo.processInfo.environment["TEST_DATABASE_URL"]?.isEmpty == false }

    public static func make() async throws -> TestDatabase {
        let directory = NSTemporaryDirectory() + "verity-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        guard let adminURL = ProcessInfo.processInfo.environment["TEST_DATABASE_URL"], !adminURL.isEmpty else {
            return TestDatabase(postgresURL: nil, directory: directory, postgresAdminURL: nil, databaseName: nil)
        }
        let name = "verity_t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(20)
        try await runAdmin(adminURL, "CREATE DATABASE \(name)")
        guard var components = URLComponents(string: adminURL) else { throw Abort(.internalServerError, reason: "bad TEST_DATABASE_URL") }
        components.path = "/" + name
        return TestDatabase(postgresURL: components.string, directory: directory, postgresAdminURL: adminURL, databaseName: String(name))
    }

    public func drop() async {
        try? FileManager.default.removeItem(atPath: directory)
        if let postgresAdminURL, let databaseName {
            try? await Self.runAdmin(postgresAdminURL, "DROP DATABASE IF EXISTS \(databaseName) WITH (FORCE)")
        }
    }

    private static func runAdmin(_ url: String, _ statement: String) async throws {
        let app = try await Application.make(.testing)
        do {
            app.logger.logLevel = .warning
            app.databases.use(.postgres(configuration: try SQLPostgresConfiguration(url: url)), as: .psql)
            try await (app.db as! any SQLDatabase).raw(SQLQueryString(statement)).run()
            try await app.asyncShutdown()
        } catch {
            try? await app.asyncShutdown()
            throw error
        }
    }
}
