import Fluent
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import Verity
import VerityAPI
@testable import VerityCore
@testable import VerityPKI
@testable import VerityStore
import VerityTestSupport

@Suite("Certification through the SDK against a live server")
struct CertificationE2ETests {
    @Test func deviceVerificationThenRegistration() async throws {
        try await withCertification { harness async throws in
            let client = try harness.client("alice")
            #expect(try await client.requestUser().status == .unverified)
            #expect(await certificationError { try await client.registerUser(CertificationHarness.alice) }?.code == .deviceNotVerified)
            #expect(await certificationError { try await client.requestUserDeviceVerification(phoneNumber: "07700900123") }?.field == "phoneNumber")

            try await harness.sendCode(client)
            let code = try await harness.lastCode()
            #expect(code.count == 6)
            let wrong = code == "000000" ? "111111" : "000000"
            let refused = await certificationError { try await client.verifyUserDevice(verificationCode: wrong) }
            #expect(refused?.code == .validationError)
            #expect(refused?.message.contains("2 attempts left") == true)
            try await client.verifyUserDevice(verificationCode: code)
            #expect(try await client.requestUser().status == .unregistered)

            let details = try await client.requestEntityDetails()
            #expect(details.userFieldDefinitions?.map(\.name) == ["givenName", "surname", "email", "dateOfBirth"])
            var bad = CertificationHarness.alice
            bad["dateOfBirth"] = "01/04/1990"
            bad["email"] = "not-an-email"
            let invalid = await certificationError { try await client.registerUser(bad) }
            #expect(invalid?.code == .validationError)
            #expect(Set(invalid?.fieldErrors.map(\.field) ?? []) == ["email", "dateOfBirth"])

            let registered = try await client.registerUser(CertificationHarness.alice)
            #expect(registered.status == .uncertified)
            #expect(registered.accreditedLevel == 1)
            #expect(registered.fields?["surname"] == "Example")
            #expect(await certificationError { try await client.registerUser(CertificationHarness.alice) }?.code == .userAlreadyRegistered)

            // Field values are encrypted at rest.
            let stored = try await RegistrationModel.query(on: harness.app.app.db).first()
            #expect(stored.map { !String(decoding: $0.fieldsSealed, as: UTF8.self).contains("Alice") } == true)
        }
    }

    @Test func levelOneCertifiesAtOnceAndTheCertificateWorks() async throws {
        try await withCertification { harness async throws in
            let client = try await harness.registeredClient("alice")
            let certified = try await client.certifyUserAtLevel1()
            #expect(certified.status == .certified)

            // The token describes the old status: the client is told to refresh it.
            let stale = await certificationError { try await client.requestUser() }
            #expect(stale?.code == .invalidToken)
            #expect(stale?.resolution == .refreshToken)
            try await client.resolve(try #require(stale))
            let certificate = try await client.fetchCertificate()
            #expect(certificate.level == 1)
            #expect(!certificate.keyInHSM)

            let folder = try OpenSSL.temporaryDirectory()
            try certificate.chainPEM.write(to: folder.appendingPathComponent("chain.pem"), atomically: true, encoding: .utf8)
            // A test environment's certificate chains to the test environments' own CA (`/pki/test/chain.pem`)...
            try await harness.download(PKIRoute.testChain.path).write(to: folder.appendingPathComponent("ca.pem"))
            let root = try String(contentsOfFile: harness.app.settings.testCAFiles().rootCertificatePath, encoding: .utf8)
            try root.write(to: folder.appendingPathComponent("root.pem"), atomically: true, encoding: .utf8)
            let verify = try OpenSSL.run(["verify", "-CAfile", "root.pem", "-untrusted", "ca.pem", "-purpose", "sslclient", "chain.pem"], in: folder)
            #expect(verify.status == 0, "\(verify.output)")
            // ... and never to the root relying parties trust for live ones (issue 47, finding 10).
            try await harness.download(PKIRoute.chain.path).write(to: folder.appendingPathComponent("live-ca.pem"))
            try FileManager.default.copyItem(atPath: harness.app.settings.caFiles().rootCertificatePath,
                                             toPath: folder.appendingPathComponent("live-root.pem").path)
            let live = try OpenSSL.run(["verify", "-CAfile", "live-root.pem", "-untrusted", "live-ca.pem", "-purpose", "sslclient", "chain.pem"],
                                       in: folder)
            #expect(live.status != 0, "a test certificate verified against the live root: \(live.output)")
            let text = try OpenSSL.run(["x509", "-in", "chain.pem", "-noout", "-text"], in: folder).output
            #expect(text.contains("CN=Alice Example") || text.contains("CN = Alice Example"))
            // The tenant as the platform named it, the entity as the tenant did.
            #expect(text.contains("O = \(harness.app.tenant)") && text.contains("OU = Example Bank"), "\(text)")
            // The form's address was never proven: no e-mail, and not for protecting e-mail.
            #expect(!text.contains("email:") && !text.contains("E-mail Protection") && text.contains("TLS Web Client Authentication"))
            #expect(text.contains("1.3.6.1.4.1.32473.1.1"))

            // Authenticate: a signed nonce buys a session the backend can check.
            let session = try await client.authenticate()
            let (check, _) = try await harness.admin("POST", CertificationAdminRoute.verifySession.path,
                                                     body: SessionCheckInput(sessionToken: session.sessionToken), as: SessionCheck.self)
            #expect(check?.valid == true)
            #expect(check?.level == 1)

            // A transaction: the app's backend asks, the device signs the canonical hash.
            let (created, status) = try await harness.admin(
                "POST", CertificationAdminRoute.transactions(userRef: "alice").path,
                body: TransactionInput(entity: CertificationHarness.entity, description: TransactionDetails(
                    reference: "tx-1", summary: "Pay £120.00 to Example Ltd", details: ["amount": "120.00", "currency": "GBP"])),
                as: TransactionView.self)
            #expect(status == 201)
            let pending = try await client.requestTransactions()
            #expect(pending.map(\.id) == [try #require(created).id])
            let approved = try await client.approveTransaction(pending[0])
            #expect(approved.status == "approved")
            let (seen, _) = try await harness.admin("GET", CertificationAdminRoute.transaction(id: approved.id.uuidString).path,
                                                    as: TransactionView.self)
            #expect(seen?.status == "approved")
            #expect(seen?.certificateSerial == certificate.serialNumber)
            #expect(await certificationError { try await client.approveTransaction(pending[0]) }?.code == .validationError)

            // openssl checks the stored approval: ECDSA over the 32-byte digest.
            let storedSignature = try #require(seen?.signature)
            try #require(Data(base64Encoded: storedSignature)).write(to: folder.appendingPathComponent("tx.sig"))
            try Data(try #require(TransactionDigest.bytes(approved.digest))).write(to: folder.appendingPathComponent("tx.digest"))
            _ = try OpenSSL.run(["x509", "-in", "chain.pem", "-pubkey", "-noout", "-out", "pub.pem"], in: folder)
            let signed = try OpenSSL.run(["dgst", "-sha256", "-verify", "pub.pem", "-signature", "tx.sig", "tx.digest"], in: folder)
            #expect(signed.output.contains("Verified OK"), "\(signed.output)")

            // A document signed on the device verifies with openssl cms against the platform chain.
            let document = Data("Loan agreement 42\n".utf8)
            let signature = try await client.signDocument(document)
            try document.write(to: folder.appendingPathComponent("doc.txt"))
            try signature.write(to: folder.appendingPathComponent("doc.p7s"))
            let cms = try OpenSSL.run(["cms", "-verify", "-binary", "-inform", "DER", "-in", "doc.p7s", "-content", "doc.txt",
                                       "-CAfile", "root.pem", "-purpose", "any", "-out", "/dev/null"], in: folder)
            #expect(cms.status == 0, "\(cms.output)")

            // The CSR the SDK sent is stored sealed under the holder's key (it names them); opened, it
            // passes openssl's self-signature check.
            let db = harness.app.app.db
            let row = try #require(try await UserCertificateModel.query(on: db).with(\.$registration).first())
            #expect(row.csr?.starts(with: Data("VPK2".utf8)) == true && row.certificatePEM == nil && row.certificateSealed != nil)
            let reader = try await PersonKeyRepository(db: db, protector: try harness.app.app.dataProtector).reader(userID: row.registration.$user.id)
            let stored = try #require(try row.csrDER(reader: reader))
            try stored.write(to: folder.appendingPathComponent("device.csr"))
            let request = try OpenSSL.run(["req", "-inform", "DER", "-in", "device.csr", "-verify", "-noout", "-subject"], in: folder)
            #expect(request.status == 0 && request.output.contains("Alice Example"), "\(request.output)")

            // `verity sign verify` accepts the device's signature (chain, validity, revocation in the database).
            let checked = try await VerityCommand.run(["sign", "verify", folder.appendingPathComponent("doc.txt").path,
                                                 folder.appendingPathComponent("doc.p7s").path, "--environment", "test"], app: harness.app)
            #expect(checked.status == 0, "\(checked.output)")
            #expect(checked.output.contains(certificate.serialNumber))
            try Data("Loan agreement 43\n".utf8).write(to: folder.appendingPathComponent("other.txt"))
            let other = try await VerityCommand.run(["sign", "verify", folder.appendingPathComponent("other.txt").path,
                                               folder.appendingPathComponent("doc.p7s").path, "--environment", "test"], app: harness.app)
            #expect(other.status == 65, "\(other.output)")
            // Checked as a live signature, a test certificate's is refused.
            let asLive = try await VerityCommand.run(["sign", "verify", folder.appendingPathComponent("doc.txt").path,
                                                folder.appendingPathComponent("doc.p7s").path], app: harness.app)
            #expect(asLive.status == 65, "\(asLive.output)")
        }
    }

    @Test func levelsTwoAndThreeNeedAnOperatorAndAnActivationCode() async throws {
        try await withCertification { harness async throws in
            let client = try await harness.registeredClient("alice")
            _ = try await client.certifyUserAtLevel1()
            let first = try await client.waitForCertificate()

            #expect(await certificationError { try await client.certifyUser(diac: "4111 1111 1111 1111") }?.code == .userNotAccredited)
            try await client.requestAccreditation(level: 2)
            let diac = try await harness.approveNewest()
            #expect(diac.count == 19)
            #expect(try await harness.lastMessage().contains(diac), "the DIAC goes to the verified phone")

            // A typo is caught by the check digit; a code that is not the user's counts as wrong.
            var typo = Array(diac)
            typo[0] = typo[0] == "1" ? "2" : "1"
            #expect(await certificationError { try await client.certifyUser(diac: String(typo)) }?.field == "diac")
            let pending = try await client.certifyUser(diac: diac)
            #expect(pending.status == .certificatePending)
            let second = try await client.waitForCertificate()
            #expect(second.level == 2)
            #expect(await certificationError { try await client.certifyUser(diac: diac) }?.code == .validationError)

            // The level-1 certificate was replaced: it is on the CRL.
            let crl = try await harness.download(PKIRoute.testCRL.path)
            let folder = try OpenSSL.temporaryDirectory()
            try crl.write(to: folder.appendingPathComponent("crl.der"))
            let listed = try OpenSSL.run(["crl", "-inform", "DER", "-in", "crl.der", "-noout", "-text"], in: folder).output
            #expect(listed.contains(first.serialNumber))
            #expect(!listed.contains(second.serialNumber))

            // Level 3 needs recorded identity evidence: a checkpoint visit.
            try await client.requestAccreditation(level: 3)
            let (requests, _) = try await harness.admin("GET", CertificationAdminRoute.accreditationRequests.path + "?status=pending",
                                                        as: [AccreditationRequestView].self)
            let request = try #require(requests?.first)
            let (_, refused) = try await harness.admin("POST", CertificationAdminRoute.approve(id: request.id.uuidString).path,
                                                       body: AccreditationApprovalInput(), as: ActivationCodeIssued.self)
            #expect(refused == 400)
            let (checkpoint, _) = try await harness.admin("POST", CertificationAdminRoute.checkpoints.path, body: CheckpointInput(
                name: "London office", address: "1 Example Street, London", latitude: 51.5074, longitude: -0.1278, levels: [3, 4]),
                as: CheckpointDetails.self)
            let nearest = try await client.requestNearestCheckpoints(latitude: 51.5, longitude: -0.12, limit: 5)
            #expect(nearest.first?.id == checkpoint?.id)
            #expect((nearest.first?.distanceKilometres ?? 99) < 2)
            #expect(try await client.requestCheckpointDetails(id: try #require(checkpoint).id).name == "London office")
            #expect(try await client.requestCheckpoints().count == 1)
            let level3 = try await harness.approveNewest(evidence: AccreditationEvidence(kind: "checkpoint", reference: try #require(checkpoint).id.uuidString))
            try await client.certifyUser(diac: level3)
            #expect(try await client.waitForCertificate().level == 3)
        }
    }

    @Test func levelFourKeepsTheKeyInTheHSMBehindThePassword() async throws {
        try await withCertification(hsm: true) { harness async throws in
            let client = try await harness.registeredClient("alice")
            // A document reference must name a check that verified someone…
            let madeUp = await certificationError {
                try await client.requestAccreditation(level: 4, evidence: AccreditationEvidence(kind: "document", reference: "passport check 7"))
            }
            #expect(madeUp?.field == "evidence.reference")
            // …and Alice's own succeeded document check is the evidence: nobody types a reference.
            let check = try await harness.verifiedDocument("alice")
            try await client.requestAccreditation(level: 4)
            let diac = try await harness.approveNewest()
            let (decided, _) = try await harness.admin("GET", CertificationAdminRoute.accreditationRequests.path + "?status=approved",
                                                       as: [AccreditationRequestView].self)
            #expect(decided?.first?.evidence == AccreditationEvidence(kind: "document", reference: check))
            #expect(await certificationError { try await client.certifyUser(diac: diac) }?.code == .userNotAccredited)
            #expect(await certificationError { try await client.certifyUserAtLevel4(diac: diac, password: "short") }?.field == "password")
            let pending = try await client.certifyUserAtLevel4(diac: diac, password: "correct horse battery")
            #expect(pending.status == .certificatePending)
            let certificate = try await client.waitForCertificate()
            #expect(certificate.level == 4)
            #expect(certificate.keyInHSM)

            #expect(try await client.authenticate(password: "correct horse battery").level == 4)
            #expect(await certificationError { try await client.authenticate(password: "wrong horse battery") }?.code == .validationError)

            let document = Data("Deed of sale\n".utf8)
            let signature = try await client.signDocument(document, password: "correct horse battery")
            let folder = try OpenSSL.temporaryDirectory()
            try document.write(to: folder.appendingPathComponent("doc.txt"))
            try signature.write(to: folder.appendingPathComponent("doc.p7s"))
            try FileManager.default.copyItem(atPath: harness.app.settings.testCAFiles().rootCertificatePath, toPath: folder.appendingPathComponent("root.pem").path)
            let cms = try OpenSSL.run(["cms", "-verify", "-binary", "-inform", "DER", "-in", "doc.p7s", "-content", "doc.txt",
                                       "-CAfile", "root.pem", "-purpose", "any", "-out", "/dev/null"], in: folder)
            #expect(cms.status == 0, "\(cms.output)")

            // The token was provisioned ahead; the user's password replaced its PIN and
            // the server kept none (it holds no SO PIN either: issue 47, finding 15).
            let row = try #require(try await UserCertificateModel.query(on: harness.app.app.db).filter(\.$level == 4).first())
            let token = try #require(row.hsmToken)
            #expect(try PKCS11Module.shared(path: SoftHSMSetup.modulePath).hasToken(token))
            #expect(try await DatabaseText.count(harness.app, "SELECT COUNT(*) AS n FROM hsm_tokens WHERE state = 'assigned' AND pin_sealed IS NULL") == 1)
            // Uncertify: revoked at once, the token given up; `verity hsm wipe` destroys it.
            #expect(try await client.uncertify().status == .uncertified)
            #expect(try await HSMTokenInventory(db: harness.app.app.db).waitingToBeWiped(now: harness.app.clock.now) == [token])
            #expect(try await harness.app.securityOfficer(pin: SoftHSMSetup.soPIN).certification.wipeHSMTokens().wiped == 1)
            #expect(try !PKCS11Module.shared(path: SoftHSMSetup.modulePath).hasToken(token))
            let stale = await certificationError { try await client.requestUser() }
            #expect(stale?.resolution == .refreshToken)
            #expect(try await client.currentUser().status == .uncertified)
            try await harness.download(PKIRoute.testCRL.path).write(to: folder.appendingPathComponent("crl.der"))
            #expect(try OpenSSL.run(["crl", "-inform", "DER", "-in", "crl.der", "-noout", "-text"], in: folder).output.contains(certificate.serialNumber))
            // The live CA's CRL lists only what the live CA issued.
            try await harness.download(PKIRoute.crl.path).write(to: folder.appendingPathComponent("live-crl.der"))
            #expect(try !OpenSSL.run(["crl", "-inform", "DER", "-in", "live-crl.der", "-noout", "-text"], in: folder).output
                .contains(certificate.serialNumber))
        }
    }
    @Test func guessingActivationCodesLocksTheUser() async throws {
        try await withCertification { harness async throws in
            let client = try await harness.registeredClient("alice")
            try await client.requestAccreditation(level: 2)
            let diac = try await harness.approveNewest()
            // Codes with a right check digit that are not the user's: each counts.
            for _ in 0..<4 {
                let guess = ActivationCode.generate { Int.random(in: 0...9) }.grouped
                #expect(await certificationError { try await client.certifyUser(diac: guess) }?.code == .validationError)
            }
            let fifth = ActivationCode.generate { Int.random(in: 0...9) }.grouped
            #expect(await certificationError { try await client.certifyUser(diac: fifth) }?.code == .userLocked)
            // Locked: even the right code waits for an operator.
            #expect(await certificationError { try await client.certifyUser(diac: diac) }?.code != nil)
            let (unlocked, _) = try await harness.admin("POST", CertificationAdminRoute.unlock(userRef: "alice").path, as: UnlockResult.self)
            #expect(unlocked?.unlocked == true)
            // In the trail as the console's unlock is, naming the key; an unlock of nobody locked writes nothing.
            let unlocks = try await AuditEventModel.query(on: harness.app.app.db).filter(\.$action == "certification.unlock").all()
            #expect(unlocks.count == 1 && unlocks.first?.actor.hasPrefix("key:vk_") == true && unlocks.first?.userID != nil)
            let (again, _) = try await harness.admin("POST", CertificationAdminRoute.unlock(userRef: "alice").path, as: UnlockResult.self)
            #expect(again?.unlocked == false)
            #expect(try await AuditEventModel.query(on: harness.app.app.db).filter(\.$action == "certification.unlock").count() == 1)
            try await client.resolving { try await client.refreshDeviceToken() }
            #expect(try await client.certifyUser(diac: diac).status == .certificatePending)
        }
    }

    @Test func levelFourWithoutAVerifiedDeviceIsRefused() async throws {
        try await withCertification(hsm: true) { harness async throws in
            let client = try harness.client("bob")
            let error = await certificationError { try await client.certifyUserAtLevel4(diac: "4111 1111 1111 1111", password: "correct horse battery") }
            #expect(error?.code == .deviceNotVerified)
        }
    }

    @Test func tooManyCodesAndWrongGuessesAreLimitedAndLockTheUser() async throws {
        try await withCertification { harness async throws in
            let client = try harness.client("mallory")
            for _ in 0..<5 { try await harness.sendCode(client, to: "+447700900999") }
            #expect(await certificationError { try await client.requestUserDeviceVerification(phoneNumber: "+447700900999") }?.code == .deviceVerificationLimit)

            let code = try await harness.lastCode()
            let wrong = code == "000000" ? "111111" : "000000"
            #expect(await certificationError { try await client.verifyUserDevice(verificationCode: wrong) }?.code == .validationError)
            #expect(await certificationError { try await client.verifyUserDevice(verificationCode: wrong) }?.code == .validationError)
            #expect(await certificationError { try await client.verifyUserDevice(verificationCode: wrong) }?.code == .validationError)
            // Three guesses per code: even the right code no longer works.
            #expect(await certificationError { try await client.verifyUserDevice(verificationCode: code) }?.code == .expiredVerificationCode)

            // Ten wrong codes in a row lock the user until an operator unlocks them.
            harness.app.clock.advance(seconds: 3600)
            for round in 0..<3 {
                try await harness.sendCode(client, to: "+447700900999")
                let fresh = try await harness.lastCode()
                let miss = fresh == "000000" ? "111111" : "000000"
                for _ in 0..<(round == 2 ? 1 : 3) { _ = await certificationError { try await client.verifyUserDevice(verificationCode: miss) } }
            }
            let locked = await certificationError { try await client.requestUserDeviceVerification(phoneNumber: "+447700900999") }
            #expect(locked?.code == .userLocked)
            let (unlocked, _) = try await harness.admin("POST", CertificationAdminRoute.unlock(userRef: "mallory").path, as: UnlockResult.self)
            #expect(unlocked?.unlocked == true)
            try await harness.sendCode(client, to: "+447700900999")
            try await client.verifyUserDevice(verificationCode: try await harness.lastCode())
            #expect(try await client.requestUser().status == .unregistered)
        }
    }
}

/// The bytes of a hex digest.
enum TransactionDigest {
    static func bytes(_ hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        return stride(from: 0, to: digits.count, by: 2).compactMap { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16) }
    }
}

/// Runs the built `verity` binary against a test app's data folder and database.
enum VerityCommand {
    static func run(_ arguments: [String], app: VerityTestApp) async throws -> OpenSSL.Result {
        let binary = URL(fileURLWithPath: TestBinaries.verity)
        var environment = ProcessInfo.processInfo.environment
        environment["VERITY_DATA_KEY"] = app.settings.dataKey.base64EncodedString()
        environment["VERITY_DATA_DIR"] = app.settings.dataDirectory
        environment["DATABASE_URL"] = app.settings.databaseURL ?? ""
        environment["VERITY_LOG_LEVEL"] = "error"
        // Not OpenSSL.run: the CLI works on the database of a server in this process (see ChildProcess).
        let run = try await ChildProcess.run(binary, arguments, environment: environment, errorsIntoOutput: true)
        return OpenSSL.Result(status: run.status, output: run.outputText)
    }
}
