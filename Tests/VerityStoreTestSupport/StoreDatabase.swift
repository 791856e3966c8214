import Fluent
import Foundation
import NIOCore
import NIOPosix
@testable import VerityStore

/// A database a test reads behind the code's back: its handle, and where
/// its bytes lie (the SQLite files' folder, or the PostgreSQL URL), so
/// `DatabaseText` can look for what must not be there.
public protocol DatabaseUnderTest: Sendable {
    var db: any Database { get }
    /// The folder of the SQLite files (`verity.sqlite` and its log).
    var dataDirectory: String { get }
    /// Set on PostgreSQL runs.
    var postgresURL: String? { get }
}

/// The store alone on a fresh database, migrated as a server migrates it:
/// what the store's own tests run on, with no server, no HTTP and no engines.
public struct StoreDatabase: DatabaseUnderTest {
    public let db: any Database
    public let dataDirectory: String
    public let postgresURL: String?
    /// A data protector with a key of its own, for the repositories that seal.
    public let protector: DataProtector
    /// When the test's writes happen (milliseconds since 1970), fixed for the test.
    public let now: Int64

    /// A tenant with its test and live environments, as `verity tenant create` makes them; the test environment's id.
    public func testEnvironment(tenant: String = "acme") async throws -> UUID {
        _ = try await TenantRepository(db: db).ensureTenant(named: tenant, now: now)
        guard let environment = try await TenantRepository(db: db).environment(tenant: tenant, kind: .test) else {
            throw StoreDatabaseError.noTestEnvironment(tenant)
        }
        return try environment.requireID()
    }
}

public enum StoreDatabaseError: Error {
    case noDatabase
    case noTestEnvironment(String)
}

/// Runs `body` on a fresh, migrated database (SQLite, or PostgreSQL when
/// `TEST_DATABASE_URL` is set) and always closes and drops it.
public func withStoreDatabase<T: Sendable>(_ body: (StoreDatabase) async throws -> T) async throws -> T {
    try await MachineSlots.servers.run {
        let database = try await TestDatabase.make()
        let group = MultiThreadedEventLoopGroup.singleton
        let databases = Databases(threadPool: .singleton, on: group)
        let logger = Logger(label: "verity.store-tests")
        do {
            try VerityDatabase.use(on: databases, postgresURL: database.postgresURL,
                                   sqlitePath: (database.directory as NSString).appendingPathComponent("verity.sqlite"))
            try await VerityDatabase.prepare(databases, on: group, logger: logger)
            let migrations = Migrations()
            migrations.add(VerityMigrations.all)
            let migrator = Migrator(databases: databases, migrations: migrations, logger: logger, on: group.any())
            try await migrator.setupIfNeeded().flatMap { migrator.prepareBatch() }.get()
            guard let db = databases.database(logger: logger, on: group.any()) else { throw StoreDatabaseError.noDatabase }
            let store = StoreDatabase(db: db, dataDirectory: database.directory, postgresURL: database.postgresURL,
                                      protector: try DataProtector(dataKey: DataProtector.randomBytes(32)),
                                      now: Int64(Date().timeIntervalSince1970 * 1000))
            let result = try await body(store)
            await databases.shutdownAsync()
            await database.drop()
            return result
        } catch {
            await databases.shutdownAsync()
            await database.drop()
            throw error
        }
    }
}
