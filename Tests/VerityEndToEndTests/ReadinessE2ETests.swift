import Fluent
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SQLKit
import Testing
import VerityAPI
import VerityServer
import VerityTestSupport

/// `/readyz` names each thing the server needs and answers 503, saying what
/// to do, when one fails: the database and its migrations, the face models,
/// the HSM when one is configured. `/healthz` stays liveness only.
@Suite("Readiness: /readyz says what is missing")
struct ReadinessE2ETests {
    static func ready(_ url: URL) async throws -> (Int, HealthStatus) {
        let (data, response) = try await TestHTTP.data(from: url.appendingPathComponent("readyz"))
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, try JSONDecoder().decode(HealthStatus.self, from: data))
    }

    static func check(_ status: HealthStatus, _ name: String) -> HealthCheck? { status.checks?.first { $0.name == name } }

    @Test func aServerWithEverythingIsReadyAndSaysWhy() async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let (code, status) = try await Self.ready(url)
            #expect(code == 200 && status.status == "ok", "\(status)")
            #expect(Self.check(status, "database")?.status == "ok" && Self.check(status, "migrations")?.status == "ok")
            #expect(Self.check(status, "models")?.status == "ok" && Self.check(status, "hsm")?.status == "not_configured")
            // when: a migration this build knows is missing from the database
            let sql = try #require(app.app.db as? any SQLDatabase)
            try await sql.raw("DELETE FROM _fluent_migrations WHERE name = (SELECT MAX(name) FROM _fluent_migrations)").run()
            let (missing, missingStatus) = try await Self.ready(url)
            #expect(missing == 503 && missingStatus.status == "unavailable")
            #expect(Self.check(missingStatus, "migrations")?.status == "failing")
            #expect(Self.check(missingStatus, "migrations")?.detail?.contains("verity migrate") == true)
            // Liveness does not depend on any of it.
            let (_, live) = try await TestHTTP.data(from: url.appendingPathComponent("healthz"))
            #expect((live as? HTTPURLResponse)?.statusCode == 200)
        }
    }

    @Test func missingModelsAreNamed() async throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("verity-no-models-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        try await withVerityApp(settings: { $0.modelsDirectory = empty.path }) { app async throws in
            let url = try await app.startServer()
            let (code, status) = try await Self.ready(url)
            #expect(code == 503)
            #expect(Self.check(status, "database")?.status == "ok")
            #expect(Self.check(status, "models")?.status == "failing" && Self.check(status, "models")?.detail?.contains("VERITY_MODELS_DIR") == true)
        }
    }

    @Test func aConfiguredHSMIsChecked() async throws {
        try await withCertification(hsm: true) { harness async throws in
            let (code, status) = try await Self.ready(harness.url)
            #expect(code == 200 && Self.check(status, "hsm")?.status == "ok")
        }
    }
}
