import Fluent
import Foundation
import SQLKit
import Testing
import Verity
import VerityAPI
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport
@testable import VerityKernel

/// Every sealed value is bound to its table, column and row (issue 47,
/// finding 3): someone who can write the database but holds no key cannot
/// move a value to another row, column or tenant and have it open there;
/// values from an older release are bound where they are, after which a
/// value bound to nowhere (copied in from an old backup) opens nowhere.
@Suite("Sealed values are bound to where they belong", .heavy)
struct SealPlaceTests {
    static let john = VerifyIdentityInput(firstName: "John", lastName: "Smith", address: "222333 Peachtree Place", city: "Atlanta",
                                          state: "GA", postalCode: "30318", country: "US", dateOfBirth: "1975-02-28")

    /// Two tenants' worth of sealed values: users with contacts and filed
    /// claims, webhook secrets, operators with a second factor, an HMAC key,
    /// a message in the development outbox.
    static func populate(_ app: VerityTestApp) async throws -> URL {
        try await app.configure { $0.consentRequired = false }
        let url = try await app.startServer()
        for (index, name) in ["ann", "ben"].enumerated() {
            let token = try await app.token(for: name, phoneNumber: "+44770090012\(index)", email: "\(name)@example.org")
            let client = IdentityVerificationClient(baseURL: url, token: token, requestTimeout: TestDeadlines.requestTimeout)
            #expect(try await client.verifyIdentity(input: Self.john).verified)
        }
        for tenant in ["acme", "globex"] {
            _ = try await app.operations.tenants.createKey(tenant: tenant, environment: .test)
            _ = try await app.operations.webhooks.addWebhook(tenant: tenant, environment: .test, url: "https://hooks.example.org/\(tenant)",
                                                    events: nil, description: nil)
            _ = try await app.operations.operators.createOperator(tenant: tenant, email: "reviewer@\(tenant).example", role: .reviewer, password: nil,
                                                        secondFactor: true)
        }
        _ = try await app.operations.tenants.createHMACKey(tenant: "acme", environment: .test)
        let http = RawHTTP(baseURL: url)
        let sent = try await http.send("POST", CertificationRoute.deviceVerificationRequest.path, bearer: try await app.token(for: "ann"),
                                       json: DeviceVerificationRequest(deviceId: "device-0123456789abcdef", phoneNumber: "+447700900555"))
        #expect(sent.status == 202)
        return url
    }

    /// Every sealed value the database holds, where it is.
    static func sealedValues(_ db: any Database) async throws -> [SealedColumnWalk.Value] {
        var values: [SealedColumnWalk.Value] = []
        for table in Set(SealedColumn.allCases.map(\.table)).sorted() {
            let columns = SealedColumn.allCases.filter { $0.table == table }
            try await SealedColumnWalk(db: db, batchSize: 500).run(table: table, columns: columns) { value in
                values.append(value)
                return nil
            }
        }
        return values
    }

    /// Whether `sealed` opens at `place`: under the data key, or under the key
    /// of `userID` (whose row it would be read as).
    static func opens(_ sealed: Data, at place: SealPlace, userID: UUID?, _ db: any Database, _ protector: DataProtector) async -> Bool {
        if let userID, let reader = try? await PersonKeyRepository(db: db, protector: protector).reader(userID: userID) {
            return (try? reader.open(sealed, at: place)) != nil
        }
        return (try? protector.open(sealed, at: place)) != nil
    }

    @Test func aValueMovedToAnotherRowColumnOrTenantDoesNotOpenThere() async throws {
        try await withVerityApp { app async throws in
            _ = try await Self.populate(app)
            let db = app.app.db, protector = try app.app.dataProtector
            let values = try await Self.sealedValues(db)
            for value in values {
                #expect(await Self.opens(value.sealed, at: value.place, userID: value.userID, db, protector), "\(value.place) does not open")
                #expect(value.sealed.starts(with: Data("VDK2".utf8)) || value.sealed.starts(with: Data("VPK2".utf8)),
                        "\(value.place) was sealed bound to no place")
                // The same column of every other row (another tenant's among them), read as that row's.
                for other in values where other.column == value.column && other.place != value.place {
                    #expect(await !Self.opens(value.sealed, at: other.place, userID: other.userID, db, protector),
                            "\(value.place) opens in another row")
                }
                // Every other sealed column of the same row.
                for column in SealedColumn.allCases where column.table == value.column.table && column != value.column {
                    let there = SealPlace(column.table, column.column, key: value.place.row)
                    #expect(await !Self.opens(value.sealed, at: there, userID: value.userID, db, protector), "\(value.place) opens as \(column)")
                }
            }
            let checked = Set(values.map(\.column))
            let expected: Set<SealedColumn> = [.userRef, .userPhone, .userEmail, .verificationClaim, .webhookSecret, .operatorEmail,
                                               .operatorSecondFactor, .responseSigningKey, .registryRecord, .outboxTo, .outboxText,
                                               .devicePhone]
            #expect(expected.isSubset(of: checked), "not checked: \(expected.subtracting(checked))")
        }
    }

    /// What the move would have done before: another tenant's operator signs
    /// in with the second factor of this tenant's, whose secret was copied
    /// into their row. Now the copied secret opens for nobody.
    @Test func anotherTenantsSecondFactorCopiedIntoARowDoesNotSignIn() async throws {
        try await withVerityApp { app async throws in
            _ = try await app.operations.tenants.createKey(tenant: "globex", environment: .test)
            let mine = try await app.operations.operators.createOperator(tenant: "acme", email: "ana@acme.example", role: .admin, password: nil,
                                                               secondFactor: true)
            let theirs = try await app.operations.operators.createOperator(tenant: "globex", email: "gil@globex.example", role: .admin, password: nil,
                                                                 secondFactor: true)
            let sql = try #require(app.app.db as? any SQLDatabase)
            try await sql.raw("""
                UPDATE operators SET totp_secret_sealed = (SELECT totp_secret_sealed FROM operators WHERE id = \(bind: mine.operator.id))
                WHERE id = \(bind: theirs.operator.id)
                """).run()
            let accounts = try OperatorAccountsTests.accounts(app)
            #expect(await OperatorAccountsTests.failure {
                _ = try await accounts.signIn(email: "gil@globex.example", password: theirs.password, code: try OperatorAccountsTests.code(mine, at: app))
            } == .signInFailed)
            // Both e-mails are sealed too: swapped, the listing refuses to show either rather than show the wrong one.
            try await sql.raw("""
                UPDATE operators SET email_sealed = (SELECT email_sealed FROM operators WHERE id = \(bind: mine.operator.id))
                WHERE id = \(bind: theirs.operator.id)
                """).run()
            await #expect(throws: StoreError.self) { _ = try await app.operations.operators.list(tenant: "globex") }
            #expect(try await app.operations.operators.list(tenant: "acme").map(\.email) == ["ana@acme.example"])
        }
    }

    /// A database from before binding: values sealed bound to no place open
    /// (a person's under their key, the rest under the data key), and
    /// housekeeping binds each where it is; once a pass finds nothing left
    /// that is recorded, and a server started then refuses a value bound to
    /// nowhere, such as one copied back from a backup.
    @Test func olderValuesAreBoundInPlaceAndThenUnboundOnesAreRefused() async throws {
        try await withVerityApp { app async throws in
            _ = try await Self.populate(app)
            let db = app.app.db, protector = try app.app.dataProtector
            try await SealBindingState.asBeforeBinding(app)
            // The older release's seals: a person's phone under their key, their
            // e-mail under the data key (before people had keys), an operator's
            // second factor and a webhook secret under the data key.
            let values = try await Self.sealedValues(db)
            func value(_ column: SealedColumn, _ keyed: (SealedColumnWalk.Value) -> Bool = { _ in true }) throws -> SealedColumnWalk.Value {
                try #require(values.first { $0.column == column && keyed($0) })
            }
            let phone = try value(.userPhone), email = try value(.userEmail) { $0.userID == phone.userID }
            let secondFactor = try value(.operatorSecondFactor), secret = try value(.webhookSecret)
            let reader = try await PersonKeyRepository(db: db, protector: protector).reader(userID: try #require(phone.userID))
            let older: [(SealedColumnWalk.Value, Data)] = [
                (phone, try reader.sealUnbound(try reader.open(phone.sealed, at: phone.place))),
                (email, try protector.sealUnbound(try reader.open(email.sealed, at: email.place))),
                (secondFactor, try protector.sealUnbound(try protector.open(secondFactor.sealed, at: secondFactor.place))),
                (secret, try protector.sealUnbound(try protector.open(secret.sealed, at: secret.place))),
            ]
            for (found, unbound) in older { try await Self.write(unbound, at: found.place, db) }

            // A server of this release on that database reads them.
            let contacts = try await app.withServer(settings: app.settings) { _, server in
                let users = UserRepository(db: server.db, protector: try server.dataProtector)
                return try await users.contacts(userID: try #require(phone.userID))
            }
            #expect(contacts.phone != nil && contacts.email != nil)

            // A pass binds them in place (nothing else: the rest were bound, and all open)...
            let first = try await SealBinding(db: db, protector: protector).run(now: app.clock.now)
            #expect(first.bound == older.count && first.unreadable == 0 && !first.complete, "\(first)")
            // ... and housekeeping's next finds nothing left and records that all are.
            #expect(try await app.operations.retention.housekeeping().sealsBound == 0)
            let recorded = try #require(try await DerivedKeyRecord.recorded(db: db, protector: protector))
            #expect(recorded.sealsBoundAt != nil)
            for bound in try await Self.sealedValues(db) {
                #expect(await Self.opens(bound.sealed, at: bound.place, userID: bound.userID, db, protector), "\(bound.place) does not open")
                #expect(bound.sealed.starts(with: Data("VDK2".utf8)) || bound.sealed.starts(with: Data("VPK2".utf8)), "\(bound.place)")
            }

            // A backup's unbound value put back: a server started now refuses it.
            for (found, unbound) in older { try await Self.write(unbound, at: found.place, db) }
            try await app.withServer(settings: app.settings) { _, server in
                let now = try server.dataProtector
                #expect(!now.acceptsUnboundSeals)
                for (found, unbound) in older {
                    #expect(await !Self.opens(unbound, at: found.place, userID: found.userID, server.db, now), "\(found.place) opens unbound")
                }
            }
        }
    }

    /// Puts `sealed` where `place` says, as someone writing the database would.
    static func write(_ sealed: Data, at place: SealPlace, _ db: any Database) async throws {
        let sql = try #require(db as? any SQLDatabase)
        let key = place.table == "document_verifications" ? "user_id" : "id"
        try await sql.raw("""
            UPDATE \(ident: place.table) SET \(ident: place.column) = \(bind: sealed) WHERE \(ident: key) = \(bind: try #require(UUID(uuidString: place.row)))
            """).run()
    }
}
