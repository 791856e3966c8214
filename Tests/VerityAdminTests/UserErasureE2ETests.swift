import Fluent
import Foundation
import SQLKit
import Testing
import Verity
import VerityAPI
@testable import VerityCore
@testable import VerityPKI
@testable import VerityStore
import VerityTestSupport
@testable import VerityKernel
@testable import VerityIdentity
@testable import VerityCertification

@Suite("Erasing a user leaves nothing of them and keeps their certificate revoked")
struct UserErasureE2ETests {
    static let person = ["givenName": "Zbigniew", "surname": "Quintavalle", "email": "zq.erasure@example.org", "dateOfBirth": "1979-11-23"]
    static let phone = "+447700900654"

    @Test func anErasedUserIsUnreadableAtOnceThenGoneFromTheFilesTheLogsAndTheAPI() async throws {
        CapturedLogs.install
        try await withCertification(hsm: true) { harness async throws in
            let ref = "erasure-\(UUID().uuidString.prefix(8))"
            let app = harness.app
            // Everything a user can leave: contacts, a PII attempt (its claim kept
            // for matching), a document check, consent, a registration, a
            // level-4 certificate with its key in the HSM.
            _ = try await app.token(for: ref, phoneNumber: Self.phone, email: Self.person["email"])
            try await app.configure { $0.consentRequired = false }
            let identity = IdentityVerificationClient(baseURL: harness.url, token: try await app.token(for: ref), requestTimeout: TestDeadlines.requestTimeout)
            _ = try await identity.verifyIdentity(input: VerifyIdentityInput(
                firstName: "Zbigniew", lastName: "Quintavalle", address: "17 Larkspur Crescent", postalCode: "30318", country: "US",
                dateOfBirth: "1979-11-23"))
            // The claim is on file until document verification ends.
            let (early, _) = try await harness.admin("GET", AdminRoute.userExport(userRef: ref).path, as: UserExport.self)
            #expect(early?.claimOnFile?.lastName.lowercased() == "quintavalle" && early?.claimOnFile?.dateOfBirth == "1979-11-23")
            let checkID = try await harness.verifiedDocument(ref)
            let (detail, _) = try await harness.admin("GET", AdminRoute.documentCheck(id: checkID).path, as: DocumentCheckDetail.self)
            let documentNumber = try #require(detail?.report?.fields.first { $0.name == "document_number" }?.value)
            let client = try harness.client(ref)
            try await harness.sendCode(client, to: Self.phone)
            try await client.verifyUserDevice(verificationCode: try await harness.lastCode())
            try await client.registerUser(Self.person)
            try await client.requestAccreditation(level: 4, evidence: AccreditationEvidence(kind: "document", reference: checkID))
            let password = "Erasure-Password-91"
            try await client.certifyUserAtLevel4(diac: try await harness.approveNewest(), password: password)
            let certificate = try await client.waitForCertificate()

            // The right of access: their whole file, opened.
            let (exported, exportStatus) = try await harness.admin("GET", AdminRoute.userExport(userRef: ref).path, as: UserExport.self)
            #expect(exportStatus == 200)
            let file = try #require(exported)
            #expect(file.userRef == ref && file.environment == "test")
            #expect(file.phoneNumber == Self.phone && file.email == Self.person["email"])
            #expect(file.claimOnFile == nil, "document verification ended: the claim went")
            #expect(file.verificationAttempts.count >= 1)
            #expect(file.documentChecks.map(\.checkId) == [checkID.lowercased()])
            #expect(file.documentChecks.first?.fields["document_number"] == documentNumber)
            #expect(file.documentChecks.first?.images.isEmpty == true, "a check that ended keeps no image")
            #expect(file.devices.map(\.phoneNumber) == [Self.phone])
            #expect(file.certification.map(\.fields) == [Self.person])
            #expect(file.certification.first?.certificates.contains { $0.serialNumber == certificate.serialNumber && $0.status == "issued" } == true)
            #expect(file.identityVerification.documentVerificationStatus == .succeeded)

            // What the database holds of them, sealed, before the erasure.
            let user = try #require(try await UserRepository(db: app.app.db, protector: try DataProtector(dataKey: app.settings.dataKey))
                .find(userRef: ref, environmentID: try await app.operations.tenants.environmentID(tenant: "acme", kind: .test)))
            let userID = try user.requireID()
            let key = try #require(try await PersonKeyModel.find(userID, on: app.app.db))
            let evidence = try #require(try await DocumentCheckModel.find(UUID(uuidString: checkID), on: app.app.db)?.sealedEvidence)
            let registration = try #require(try await RegistrationModel.query(on: app.app.db).filter(\.$user.$id == userID).first())
            let fields = registration.fieldsSealed
            let sealedRef = try #require(user.refSealed)
            let protector = try DataProtector(dataKey: app.settings.dataKey)
            #expect(try await PersonKeyRepository(db: app.app.db, protector: protector).reader(userID: userID)
                .open(json: [String: String].self, from: fields, at: .of(.registrationFields, try registration.requireID())) == Self.person)

            // The scan finds what is there (else its silence below would prove nothing).
            #expect(try await DatabaseText.filesHold(app, key.wrappedKey, tables: ["person_keys"]))
            #expect(try await DatabaseText.filesHold(app, fields, tables: ["cert_registrations"]))

            let (erased, status) = try await harness.admin("DELETE", AdminRoute.user(userRef: ref).path, as: UserErasure.self)
            #expect(status == 200)
            let removed = try #require(erased?.removed)
            #expect(removed.documentChecks == 1 && removed.registrations == 1 && removed.verificationAttempts >= 1)
            #expect(removed.certificatesRevoked == 1 && removed.hsmTokensToWipe == 1)
            // Their token waits for `verity hsm wipe`, the only holder of the SO PIN, which destroys it.
            let waiting = try await HSMTokenInventory(db: app.app.db).waitingToBeWiped(now: app.clock.now)
            #expect(waiting.count == 1)
            #expect(try await app.securityOfficer(pin: SoftHSMSetup.soPIN).certification.wipeHSMTokens().wiped == 1)
            #expect(try waiting.allSatisfy { !(try PKCS11Module.shared(path: SoftHSMSetup.modulePath).hasToken($0)) }, "the token is gone from the HSM")

            // Crypto-erasure: what was copied before (a backup's rows) no longer opens.
            let reader = try await PersonKeyRepository(db: app.app.db, protector: protector).reader(userID: userID)
            let places: [(Data, SealPlace)] = [(evidence, .of(.checkEvidence, try #require(UUID(uuidString: checkID)))),
                                               (fields, .of(.registrationFields, try registration.requireID())), (sealedRef, .of(.userRef, userID))]
            for (sealed, place) in places {
                #expect(throws: PersonKeyError.self) { try reader.open(sealed, at: place) }
            }

            // Gone from the database's files (SQLite's and its log; PostgreSQL's after VACUUM FULL).
            let tables = ["end_users", "person_keys", "document_checks", "document_verifications", "cert_registrations",
                          "cert_devices", "cert_certificates", "verification_attempts", "webhook_events", "audit_events"]
            var traces: [(String, Data)] = [("wrapped key", key.wrappedKey), ("sealed evidence", evidence),
                                            ("sealed fields", fields), ("sealed reference", sealedRef)]
            for text in ["Zbigniew", "Quintavalle", "1979-11-23", "zq.erasure@example.org", Self.phone, documentNumber, ref] {
                traces.append((text, Data(text.utf8)))
            }
            for (name, bytes) in traces {
                #expect(try await DatabaseText.filesLetGo(app, bytes, tables: tables), "the database files hold the \(name)")
                #expect(try await !DatabaseText.holds(app, bytes), "a row holds the \(name)")
            }
            let logs = CapturedLogs.all.joined(separator: "\n")
            for text in ["Zbigniew", "Quintavalle", "1979-11-23", "zq.erasure@example.org", Self.phone, documentNumber] {
                #expect(!logs.contains(text), "a log line holds \(text.prefix(4))…")
            }

            // The API knows them no more; their token and device token are dead.
            let (_, again) = try await harness.admin("DELETE", AdminRoute.user(userRef: ref).path, as: ErrorEnvelope.self)
            #expect(again == 404)
            let (_, lookup) = try await harness.admin("GET", AdminRoute.userVerification(userRef: ref).path, as: ErrorEnvelope.self)
            #expect(lookup == 404)
            let (_, exportAfter) = try await harness.admin("GET", AdminRoute.userExport(userRef: ref).path, as: ErrorEnvelope.self)
            #expect(exportAfter == 404)
            await #expect(throws: IdentityVerificationError.self) { _ = try await identity.checkIdentityVerification() }
            #expect(await certificationError { try await client.authenticate(password: password) } != nil)

            // The certificate stays revoked on the CRL; the trail says an erasure happened, not whom.
            let folder = try OpenSSL.temporaryDirectory()
            try await harness.download(PKIRoute.testCRL.path).write(to: folder.appendingPathComponent("crl.der"))
            let listed = try OpenSSL.run(["crl", "-inform", "DER", "-in", "crl.der", "-noout", "-text"], in: folder).output
            #expect(listed.contains(certificate.serialNumber))
            let trail = try await AuditEventModel.query(on: app.app.db).filter(\.$action == "user.erased").all()
            #expect(trail.count == 1 && trail[0].userID == nil && trail[0].reason == "erasure \(erased?.erasureId ?? "")")
            #expect(try await AuditEventModel.query(on: app.app.db).filter(\.$userID == userID).count() == 0)
        }
    }

    @Test func theCLIErasesOnlyWithConsentAndOtherTenantsUsersAreUntouched() async throws {
        try await withVerityApp { app async throws in
            _ = try await app.token(for: "stays", phoneNumber: "+447700900111")
            _ = try await app.token(for: "goes", phoneNumber: "+447700900222")
            _ = try await app.operations.tenants.createKey(tenant: "globex", environment: .test)
            _ = try await app.operations.identity.mintToken(tenant: "globex", environment: .test, userRef: "goes", ttlSeconds: nil)

            let erased = try await app.operations.identity.eraseUser(tenant: "acme", environment: .test, userRef: "goes")
            #expect(erased.removed.documentChecks == 0)
            await #expect(throws: VerityError.self) { _ = try await app.operations.identity.eraseUser(tenant: "acme", environment: .test, userRef: "goes") }
            // The other user of the tenant, and globex's user of the same reference, are as they were.
            let protector = try DataProtector(dataKey: app.settings.dataKey)
            for (tenant, ref) in [("acme", "stays"), ("globex", "goes")] {
                let environmentID = try await app.operations.tenants.environmentID(tenant: tenant, kind: .test)
                let user = try #require(try await UserRepository(db: app.app.db, protector: protector).find(userRef: ref, environmentID: environmentID))
                #expect(try await UserRepository(db: app.app.db, protector: protector).userRef(of: user) == ref)
            }
            #expect(try await UserRepository(db: app.app.db, protector: protector)
                .contacts(userID: try #require(try await UserRepository(db: app.app.db, protector: protector)
                    .find(userRef: "stays", environmentID: try await app.operations.tenants.environmentID(tenant: "acme", kind: .test)))
                    .requireID()).phone == "+447700900111")
        }
    }
}
