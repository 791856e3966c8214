import Fluent
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SQLKit
import Testing
import VerityAPI
import VerityTestSupport
@testable import VerityKernel
@testable import VerityAdmin

/// `/readyz` answers 503 when the server cannot serve: the database and its
/// migrations, the face models, the HSM when one is configured. It is public,
/// so it says ok or not and nothing else (issue 47, finding 17); `verity
/// doctor` names each check with what to do. `/healthz` stays liveness only.
@Suite("Readiness: /readyz says whether, verity doctor says what")
struct ReadinessE2ETests {
    /// The status and the body, which must hold the status alone.
    static func ready(_ url: URL) async throws -> (Int, HealthStatus) {
        let (data, response) = try await TestHTTP.data(from: url.appendingPathComponent("readyz"))
        let keys = Set(((try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]).keys)
        #expect(keys == ["status"], "/readyz says more than whether: \(String(decoding: data, as: UTF8.self))")
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, try JSONDecoder().decode(HealthStatus.self, from: data))
    }

    /// What `verity doctor` says of `name`.
    static func check(_ app: VerityTestApp, _ name: String, settings: Settings? = nil) async -> HealthCheck? {
        await DeploymentDoctor(db: app.app.db, settings: settings ?? app.settings).run().first { $0.name == name }
    }

    @Test func aServerWithEverythingIsReadyAndSaysWhy() async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let (code, status) = try await Self.ready(url)
            #expect(code == 200 && status.status == "ok", "\(status)")
            let doctor = await DeploymentDoctor(db: app.app.db, settings: app.settings).run()
            let named = Dictionary(doctor.map { ($0.name, $0.status) }, uniquingKeysWith: { first, _ in first })
            #expect(named["database"] == "ok" && named["migrations"] == "ok" && named["models"] == "ok" && named["hsm"] == "not_configured",
                    "\(named)")
            // when: a migration this build knows is missing from the database
            let sql = try #require(app.app.db as? any SQLDatabase)
            try await sql.raw("DELETE FROM _fluent_migrations WHERE name = (SELECT MAX(name) FROM _fluent_migrations)").run()
            let (missing, missingStatus) = try await Self.ready(url)
            #expect(missing == 503 && missingStatus.status == "unavailable")
            #expect(await Self.check(app, "migrations")?.status == "failing")
            #expect(await Self.check(app, "migrations")?.detail?.contains("verity migrate") == true)
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
            #expect(code == 503 && status.status == "unavailable")
            #expect(await Self.check(app, "database")?.status == "ok")
            let models = await Self.check(app, "models")
            #expect(models?.status == "failing" && models?.detail?.contains("VERITY_MODELS_DIR") == true)
        }
    }

    @Test func aConfiguredHSMIsChecked() async throws {
        try await withCertification(hsm: true) { harness async throws in
            let (code, _) = try await Self.ready(harness.url)
            #expect(code == 200)
            #expect(await Self.check(harness.app, "hsm")?.status == "ok")
        }
    }
}
