import Fluent
import Foundation
import Testing
import VerityAPI
@testable import VerityCore
@testable import VerityPKI
@testable import VerityStore
import VerityTestSupport
import X509
@testable import VerityKernel
@testable import VerityAdmin

/// `verity doctor`'s checks on SQLite and PostgreSQL (the CLI contract test
/// runs the command itself): a sound deployment passes; a failing webhook
/// endpoint and a wrong data key are named with what to do.
@Suite("Doctor: a deployment's checks")
struct DoctorE2ETests {
    static func check(_ checks: [HealthCheck], _ name: String) -> HealthCheck? { checks.first { $0.name == name } }

    @Test func aSoundDeploymentPassesAndFaultsAreNamed() async throws {
        try await withVerityApp { app async throws in
            _ = try await app.token(for: "doctor-user")   // a sealed reference to open
            // The machine's clock, not the test's (which stands still while a loaded run goes on).
            let sound = await DeploymentDoctor(db: app.app.db, settings: app.settings, clock: .system).run()
            #expect(sound.allSatisfy { $0.status != "failing" }, "\(sound.filter { $0.status == "failing" })")
            #expect(Self.check(sound, "data key")?.detail == "opens the records this database holds")
            #expect(Self.check(sound, "clock")?.status == "ok" && Self.check(sound, "tesseract ara")?.status == "ok")
            #expect(Self.check(sound, "engine workers")?.status == "ok", "a worker starts in its sandbox and answers")
            #expect(Self.check(sound, "engine workers")?.detail?.contains("confined") == true, "and is seen confined from outside")
            #expect(Self.check(sound, "open files")?.status == "ok", "enough descriptors for a crowd of connections")

            // An endpoint failing for a while: its backend is not being told.
            let environmentID = try #require(try await TenantRepository(db: app.app.db).environment(tenant: app.tenant, kind: .test)?.requireID())
            let endpoint = WebhookEndpointModel(environmentID: environmentID, url: "https://hooks.example.com/x", eventTypes: ["certificate.issued"],
                                                description: nil, secretSealed: Data([1]), createdAt: app.clock.now)
            endpoint.failingSince = app.clock.now - 3_600_000
            try await endpoint.create(on: app.app.db)
            var wrongKey = app.settings
            wrongKey.dataKey = DataProtector.randomBytes(32)
            wrongKey.engineWorkerExecutable = "/nonexistent/verity-engine-worker"
            let faulty = await DeploymentDoctor(db: app.app.db, settings: wrongKey, clock: .system).run()
            #expect(Self.check(faulty, "webhooks")?.status == "failing")
            #expect(Self.check(faulty, "webhooks")?.detail?.contains("verity webhooks enable") == true)
            #expect(Self.check(faulty, "data key")?.status == "failing")
            #expect(Self.check(faulty, "engine workers")?.status == "failing")
            #expect(Self.check(faulty, "engine workers")?.detail?.contains("VERITY_ENGINE_ISOLATION=in-process") == true)

            // The CA's root key left on the machine (issue 47, finding 6): the doctor says to take it away.
            let files = app.settings.caFiles()
            try Data([1, 2, 3]).write(to: URL(fileURLWithPath: files.offlineRootKeyPath))
            let rootKeyHere = await DeploymentDoctor(db: app.app.db, settings: app.settings, clock: .system).run()
            #expect(Self.check(rootKeyHere, "CA root key")?.status == "failing")
            #expect(Self.check(rootKeyHere, "CA root key")?.detail?.contains("move it offline") == true)
            try FileManager.default.removeItem(atPath: files.offlineRootKeyPath)
        }
    }

    /// `verity ca init` writes the root key sealed under a code of its own,
    /// for the operator to take away: the issuing key alone stays, under the
    /// data key, and the code (not the data key) opens the root key.
    @Test func theRootKeyIsWrittenToTakeOfflineUnderItsOwnCode() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("verity-ca-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let dataKey = DataProtector.randomBytes(32)
        let files = CAFiles(directory: folder.path, dataKey: dataKey)
        let (ca, code) = try files.initialise(organisation: "Offline Root", policy: try CertificatePolicy())
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["ca-issuing.key.sealed", "ca-issuing.pem", "ca-root.key.offline", "ca-root.pem"], "\(names)")
        let sealed = try Data(contentsOf: URL(fileURLWithPath: files.offlineRootKeyPath))
        let root = try CAFiles.openOfflineRootKey(sealed, code: code)
        #expect(Certificate.PublicKey(root.publicKey) == ca.root.publicKey)
        #expect(throws: VerityError.self) { _ = try CAFiles.openOfflineRootKey(sealed, code: dataKey.base64EncodedString()) }
        // Taken away, the CA still loads and issues: nothing needs the root key.
        try FileManager.default.removeItem(atPath: files.offlineRootKeyPath)
        _ = try files.load(policy: try CertificatePolicy())
    }
}
