import Fluent
import Foundation
import SQLKit
import Testing
import Vapor
import Verity
import VerityAPI
@testable import VerityCore
@testable import VerityPKI
@testable import VerityServer
@testable import VerityStore
import VerityTestSupport
@testable import VerityKernel
@testable import VerityAdmin

/// Level 4 without the SO PIN in the server (issue 47, finding 15): tokens
/// are made ahead by `verity hsm provision`, one is handed to each level-4
/// certificate, and only `verity hsm wipe` destroys the ones no one needs.
@Suite("Level-4 tokens provisioned ahead")
struct Level4TokenE2ETests {
    /// The PIN that initialises and wipes every token never reaches a server,
    /// whatever its other settings.
    @Test func aServerRefusesToStartWithTheSOPIN() async throws {
        try await withVerityApp { app async throws in
            var settings = app.settings
            settings.hsm = HSMSettings(modulePath: SoftHSMSetup.modulePath, securityOfficerPIN: SoftHSMSetup.soPIN)
            let server = try await Application.make(.testing)
            do {
                try await VerityApp.configure(server, settings: settings, clock: app.clock.verityClock)
                Issue.record("a server started with the SO PIN")
            } catch let error as SettingsError {
                #expect(error.variable == "VERITY_HSM_SO_PIN" && error.problem.contains("verity hsm provision"))
            }
            try await server.asyncShutdown()
        }
    }

    /// With every token taken, level 4 is refused, says what the operator
    /// runs, and keeps the activation code; once a token is made the same
    /// code certifies. A token is never handed out twice, and one claimed by
    /// a server that stopped before recording its certificate is wiped after
    /// an hour, never before.
    @Test func withNoFreeTokenLevel4WaitsForTheOperator() async throws {
        try await withCertification(hsm: true) { harness async throws in
            let db = harness.app.app.db
            let tokens = HSMTokenRepository(db: db, protector: try harness.app.app.dataProtector)
            let inventory = HSMTokenInventory(db: db)
            // Three servers each claimed a token, then stopped before recording a certificate.
            var abandoned: [String] = []
            for _ in 0..<3 { abandoned.append(try #require(try await tokens.claim(for: UUID(), now: harness.app.clock.now)).label) }
            #expect(Set(abandoned).count == 3)
            #expect(try await inventory.freeCount() == 0)

            let client = try await harness.registeredClient("alice")
            try await harness.verifiedDocument("alice")
            try await client.requestAccreditation(level: 4)
            let diac = try await harness.approveNewest()
            let refused = await certificationError { try await client.certifyUserAtLevel4(diac: diac, password: "correct horse battery") }
            #expect(refused?.code == .serviceUnavailable)
            #expect(refused?.message.contains("verity hsm provision") == true, "\(refused?.message ?? "")")
            #expect(try await client.currentUser().status == .uncertified, "nothing changed")
            #expect(try await harness.app.doctorCheck("hsm tokens")?.status == "failing")

            // The operator makes one; the same code certifies with it.
            _ = try await harness.app.securityOfficer(pin: SoftHSMSetup.soPIN).certification.provisionHSMTokens(count: 1)
            _ = try await client.certifyUserAtLevel4(diac: diac, password: "correct horse battery")
            let certificate = try await client.waitForCertificate()
            let row = try #require(try await UserCertificateModel.query(on: db).filter(\.$level == 4).first())
            let token = try #require(row.hsmToken)
            #expect(!abandoned.contains(token))
            #expect(try await client.authenticate(password: "correct horse battery").level == 4)

            // Within the hour the abandoned tokens might still be a certificate on its way: kept.
            #expect(try await inventory.waitingToBeWiped(now: harness.app.clock.now).isEmpty)
            harness.app.clock.advance(milliseconds: HSMTokenInventory.abandonedAfterMilliseconds + 1)
            #expect(try await inventory.waitingToBeWiped(now: harness.app.clock.now) == abandoned.sorted(), "the live certificate's token is kept")

            // Uncertified with its mark lost (a server stopped between the revocation and the mark): the revocation is enough.
            #expect(try await client.uncertify().status == .uncertified)
            try await (db as! any SQLDatabase).raw("UPDATE hsm_tokens SET state = 'assigned' WHERE label = \(bind: token)").run()
            #expect(try await inventory.waitingToBeWiped(now: harness.app.clock.now) == (abandoned + [token]).sorted())
            let doctor = try #require(try await harness.app.doctorCheck("hsm tokens"))
            #expect(doctor.status == "failing" && doctor.detail?.contains("4 waiting to be wiped") == true, "\(doctor)")

            let wiped = try await harness.app.securityOfficer(pin: SoftHSMSetup.soPIN).certification.wipeHSMTokens()
            #expect(wiped.wiped == 4 && wiped.waitingToBeWiped == 0)
            let module = try PKCS11Module.shared(path: SoftHSMSetup.modulePath)
            #expect((abandoned + [token]).allSatisfy { !module.hasToken($0) })
            #expect(certificate.keyInHSM)
        }
    }

    /// Without the SO PIN, `hsm provision` and `hsm wipe` refuse and name it.
    @Test func theTokenCommandsNeedTheSOPIN() async throws {
        try await withCertification(hsm: true) { harness async throws in
            for call in [{ _ = try await harness.app.operations.certification.provisionHSMTokens(count: 1) },
                         { _ = try await harness.app.operations.certification.wipeHSMTokens() }] as [@Sendable () async throws -> Void] {
                do {
                    try await call()
                    Issue.record("ran without the SO PIN")
                } catch let error as VerityError {
                    #expect(error.code == .validationError && error.message.contains("VERITY_HSM_SO_PIN"))
                }
            }
            let tooMany = await #expect(throws: VerityError.self) {
                try await harness.app.securityOfficer(pin: SoftHSMSetup.soPIN).certification.provisionHSMTokens(count: 1_001)
            }
            #expect(tooMany?.field == "count")
        }
    }
}

extension VerityTestApp {
    /// One line of `verity doctor`, by name.
    func doctorCheck(_ name: String) async throws -> HealthCheck? {
        await DeploymentDoctor(db: app.db, settings: settings, clock: clock.verityClock).run().first { $0.name == name }
    }
}
