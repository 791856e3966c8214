import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import Vapor
import Verity
import VerityAPI
@testable import VerityCore
@testable import VerityServer
@testable import VerityStore
import VerityTestSupport
@testable import VerityKernel
@testable import VerityAdmin

@Suite("A backup made while serving restores into a fresh server that knows every user and verifies new ones")
struct BackupRestoreE2ETests {
    static let john = VerifyIdentityInput(firstName: "John", lastName: "Smith", address: "222333 Peachtree Place", city: "Atlanta",
                                          state: "GA", postalCode: "30318", country: "US", dateOfBirth: "1975-02-28")
    static let maria = VerifyIdentityInput(firstName: "Maria", lastName: "García", address: "1600 Ocean Ave, Apt 4B",
                                           city: "Santa Monica", state: "CA", postalCode: "90401", country: "US", dateOfBirth: "1988-07-14")

    @Test func aBackupRestoresIntoAFreshServer() async throws {
        let folder = NSTemporaryDirectory() + "verity-backup-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let backup = folder + "/verity.backup"
        let (settings, secretKey) = try await withVerityApp { app async throws in
            try await app.configure { $0.consentRequired = false }
            let url = try await app.startServer()
            let client = IdentityVerificationClient(baseURL: url, token: try await app.token(for: "backed-up", email: "john@example.org"),
                                                    requestTimeout: TestDeadlines.requestTimeout)
            #expect(try await client.verifyIdentity(input: Self.john).verified)
            let made = try await VerityBackup.make(db: app.app.db, settings: app.settings, to: backup)
            #expect(made.bytes > 0 && made.database == (TestDatabase.isPostgres ? "postgresql" : "sqlite"))
            let mode = try FileManager.default.attributesOfItem(atPath: backup)[.posixPermissions] as? Int
            #expect(mode == 0o600)
            await #expect(throws: VerityError.self, "a backup never overwrites a file") {
                _ = try await VerityBackup.make(db: app.app.db, settings: app.settings, to: backup)
            }
            return (app.settings, app.secretKey)
        }

        // A fresh deployment: an empty database, the same data key.
        let fresh = try await TestDatabase.make()
        var restored = Settings(dataKey: settings.dataKey)
        restored.dataDirectory = fresh.directory
        restored.databaseURL = fresh.postgresURL
        restored.engineWorkerExecutable = TestBinaries.engineWorker
        try VerityBackup.restore(from: backup, settings: restored)
        if !TestDatabase.isPostgres {
            #expect(throws: VerityError.self, "a restore never overwrites a database") { try VerityBackup.restore(from: backup, settings: restored) }
        }
        let app = try await Application.make(.testing)
        app.logger.logLevel = .warning
        do {
            let clock = TestClock()
            try await VerityApp.configure(app, settings: restored, clock: clock.verityClock, autoMigrate: true)
            let server = VerityTestApp(app: app, settings: restored, clock: clock, secretKey: secretKey)
            let url = try await server.startServer()
            // The user from before the backup, with their sealed contacts, under the old secret key.
            let (status, identity) = try await TestHTTP.get(url, AdminRoute.userVerification(userRef: "backed-up").path, bearer: secretKey,
                                                        as: VerifiedIdentity.self)
            #expect(status == 200 && identity?.verified == true)
            let (_, file) = try await TestHTTP.get(url, AdminRoute.userExport(userRef: "backed-up").path, bearer: secretKey, as: UserExport.self)
            #expect(file?.email == "john@example.org")
            // And a new user verifies against the restored registry.
            let client = IdentityVerificationClient(baseURL: url, token: try await server.token(for: "after-restore"), requestTimeout: TestDeadlines.requestTimeout)
            #expect(try await client.verifyIdentity(input: Self.maria).verified)
            await app.server.shutdown()
            try await app.asyncShutdown()
            await fresh.drop()
        } catch {
            await app.server.shutdown()
            try? await app.asyncShutdown()
            await fresh.drop()
            throw error
        }
    }

    @Test func aToolsErrorNeverShowsTheDatabasePassword() {
        #expect(VerityBackup.redactingPasswords("connection to postgres://verity:s3cret@db:5432/verity failed")
            == "connection to postgres://verity:***@db:5432/verity failed")
    }

    /// `pg_dump` and `pg_restore` get the password through `PGPASSWORD`: a
    /// command line is readable by every user of the machine (issue 47, finding 5).
    @Test func theClientToolsGetTheAddressWithoutItsPassword() {
        let (address, password) = PostgresClientAddress.split("postgres://verity:s%40cret%3A1@db.internal:5432/verity?sslmode=require")
        #expect(address == "postgres://verity@db.internal:5432/verity?sslmode=require")
        #expect(password == "s@cret:1")
        #expect(PostgresClientAddress.split("postgres://postgres@127.0.0.1:5432/postgres") == ("postgres://postgres@127.0.0.1:5432/postgres", nil))
    }
}
