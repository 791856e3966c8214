import Fluent
import Foundation
import Vapor
import VerityAPI
@testable import VerityServer
@testable import VerityStore
@testable import VerityCore
@testable import VerityPKI
@testable import VerityKernel
@testable import VerityAdmin

/// A configured Verity on a fresh database, with a tenant "acme" whose test
/// environment has a secret key, the demo registry and consent texts.
public struct VerityTestApp: Sendable {
    public let app: Application
    public let settings: Settings
    public let clock: TestClock
    public let secretKey: String
    public let tenant = "acme"

    public init(app: Application, settings: Settings, clock: TestClock, secretKey: String) {
        self.app = app
        self.settings = settings
        self.clock = clock
        self.secretKey = secretKey
    }

    public var operations: AdminOperations {
        get throws { try AdminOperations(app: app, settings: settings, clock: clock.verityClock) }
    }

    /// The operations `verity hsm provision` and `verity hsm wipe` run: this
    /// app's settings plus the SO PIN, which its server never holds.
    public func securityOfficer(pin: String) throws -> AdminOperations {
        var settings = settings
        settings.hsm?.securityOfficerPIN = pin
        return try AdminOperations(app: app, settings: settings, clock: clock.verityClock)
    }

    /// A token for `userRef` in the acme test environment.
    public func token(for userRef: String, ttlSeconds: Int? = nil, phoneNumber: String? = nil, email: String? = nil) async throws -> String {
        try await operations.identity.mintToken(tenant: tenant, environment: .test, userRef: userRef, ttlSeconds: ttlSeconds,
                                       phoneNumber: phoneNumber, email: email).token
    }

    /// Changes the acme test environment's rules.
    public func configure(_ change: @escaping (inout EnvironmentConfiguration) -> Void) async throws {
        _ = try await operations.tenants.updateConfiguration(tenant: tenant, environment: .test, change)
    }

    /// Starts the HTTP server on a free loopback port and returns its base URL.
    public func startServer() async throws -> URL {
        try await app.server.start(address: .hostname("127.0.0.1", port: 0))
        guard let port = app.verityHTTPServer?.localAddress?.port else { throw Abort(.internalServerError, reason: "no port") }
        return URL(string: "http://127.0.0.1:\(port)")!
    }

    /// A test's server stops only once the requests it is still answering
    /// are answered. Vapor gives them 10 s, then asserts in a debug build
    /// (`HTTPServerConnection deinitialized without calling shutdown()`),
    /// which ends the whole test process: an engine call can outlive that,
    /// after its test has its answer or gave up on it.
    static func waitForRequestsAtShutdown(_ app: Application) {
        app.http.server.configuration.shutdownTimeout = .seconds(TestDeadlines.serverShutdown.components.seconds)
    }

    /// A second server on the same database and data key, as a load balancer
    /// would put beside the first; `body` gets its base URL, then it stops.
    public func withSecondServer<T: Sendable>(_ body: (URL) async throws -> T) async throws -> T {
        try await withServer(settings: settings) { url, _ in try await body(url) }
    }

    /// Another server on the same database with `settings` (another data key,
    /// say); `body` gets its base URL and application, then it stops.
    public func withServer<T: Sendable>(settings: Settings, _ body: (URL, Application) async throws -> T) async throws -> T {
        let second = try await Application.make(.testing)
        second.logger.logLevel = .warning
        do {
            try await VerityApp.configure(second, settings: settings, clock: clock.verityClock)
            Self.waitForRequestsAtShutdown(second)
            try await second.server.start(address: .hostname("127.0.0.1", port: 0))
            guard let port = second.verityHTTPServer?.localAddress?.port else { throw Abort(.internalServerError, reason: "no port") }
            let result = try await body(URL(string: "http://127.0.0.1:\(port)")!, second)
            await second.server.shutdown()
            try await second.asyncShutdown()
            return result
        } catch {
            await second.server.shutdown()
            try? await second.asyncShutdown()
            throw error
        }
    }
}


/// Runs `body` against a fresh, seeded Verity and always shuts it down.
/// It waits for one of `MachineSlots.servers` first: only so many test
/// servers run at once, however many tests Swift Testing starts.
public func withVerityApp<T: Sendable>(
    settings change: (inout Settings) -> Void = { _ in },
    _ body: (VerityTestApp) async throws -> T
) async throws -> T {
    try await MachineSlots.servers.run { try await withFreshVerityApp(settings: change, body) }
}

private func withFreshVerityApp<T: Sendable>(
    settings change: (inout Settings) -> Void,
    _ body: (VerityTestApp) async throws -> T
) async throws -> T {
    let database = try await TestDatabase.make()
    var settings = Settings(dataKey: DataProtector.randomBytes(32))
    settings.dataDirectory = database.directory
    settings.databaseURL = database.postgresURL
    // Real bcrypt at its lowest cost: cost 12 in a debug build is most of a
    // second each, and the suites hash dozens of passwords on two shared cores.
    // (`OperatorAccountsTests` checks a deployment's cost is 12.)
    settings.operatorPasswordCost = 4
    // The engines run in worker processes, as in a deployment.
    settings.engineWorkerExecutable = TestBinaries.engineWorker
    change(&settings)
    // Every test server has a platform CA, as `verity ca init` makes one.
    let caFiles = CAFiles(directory: settings.dataDirectory, dataKey: settings.dataKey)
    if !caFiles.exists {
        _ = try caFiles.initialise(organisation: "Verity Test", policy: try CertificatePolicy())
        // Taken away, as the operator is told to.
        try FileManager.default.removeItem(atPath: caFiles.offlineRootKeyPath)
    }
    // And the test environments' own CA, as `verity ca init` makes it beside the platform's.
    _ = try settings.initialiseTestCA(organisation: "Verity Test")
    let clock = TestClock()
    let app = try await Application.make(.testing)
    app.logger.logLevel = .warning
    do {
        try await VerityApp.configure(app, settings: settings, clock: clock.verityClock, autoMigrate: true)
        VerityTestApp.waitForRequestsAtShutdown(app)
        let operations = try AdminOperations(app: app, settings: settings, clock: clock.verityClock)
        let secretKey = try await operations.tenants.createKey(tenant: "acme", environment: .test)
        _ = try await operations.identity.importRegistry(csv: TestData.registryCSV) { _, _ in }
        for text in TestData.consentTexts {
            try await operations.tenants.addConsentText(tenant: "acme", environment: .test, locale: text.locale,
                                                contentType: text.contentType, content: text.content)
        }
        let result = try await body(VerityTestApp(app: app, settings: settings, clock: clock, secretKey: secretKey))
        await app.server.shutdown()
        try await app.asyncShutdown()
        await database.drop()
        return result
    } catch {
        await app.server.shutdown()
        try? await app.asyncShutdown()
        await database.drop()
        throw error
    }
}
