import Fluent
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SQLKit
import Testing
import Vapor
import Verity
import VerityAPI
@testable import VerityCore
@testable import VerityPKI
@testable import VerityStore
import VerityTestSupport
@testable import VerityKernel
@testable import VerityAdmin

@Suite("Rotating the data key re-seals everything while a server serves, and the old key can go")
struct DataKeyRotationE2ETests {
    static let john = VerifyIdentityInput(firstName: "John", lastName: "Smith", address: "222333 Peachtree Place", city: "Atlanta",
                                          state: "GA", postalCode: "30318", country: "US", dateOfBirth: "1975-02-28")

    @Test func aRotationUnderLoadLeavesNothingUnderTheOldKey() async throws {
        try await withVerityApp { app async throws in
            let oldKey = app.settings.dataKey, newKey = DataProtector.randomBytes(32)
            try await app.configure { $0.consentRequired = false }
            let url = try await app.startServer()
            let operations = try app.operations

            // Before: a verified user with contacts, a webhook secret, an
            // operator's e-mail and second factor, a response-signing key,
            // enough users to take the rotation many batches, and one contact
            // sealed the old way (under the data key itself).
            let oldToken = try await app.token(for: "before", phoneNumber: "+447700900123", email: "before@example.org")
            let before = IdentityVerificationClient(baseURL: url, token: oldToken, requestTimeout: TestDeadlines.requestTimeout)
            #expect(try await before.verifyIdentity(input: Self.john).verified)
            _ = try await operations.webhooks.addWebhook(tenant: "acme", environment: .test, url: "https://hooks.example.org/verity", events: nil,
                                                description: nil)
            _ = try await operations.operators.createOperator(tenant: "acme", email: "reviewer@example.org", role: .reviewer, password: nil,
                                                    secondFactor: true)
            _ = try await operations.tenants.createHMACKey(tenant: "acme", environment: .test)
            let signingKey = try await operations.tenants.responsePublicKey(tenant: "acme", environment: .test).pem
            for index in 0..<120 { _ = try await app.token(for: "crowd-\(index)", email: "crowd\(index)@example.org") }
            // The database as an older release left it: seals bound to no place still open.
            try await SealBindingState.asBeforeBinding(app)
            let oldProtector = try app.app.dataProtector
            let legacyPhone = try oldProtector.sealUnbound(Data("+447700900999".utf8))
            let sql = try #require(app.app.db as? any SQLDatabase)
            // A user without a phone (one of the crowd): ids are random, and the
            // first by id was "before" one run in 121, whose phone is checked below.
            try await sql.raw("""
                UPDATE end_users SET phone_sealed = \(bind: legacyPhone)
                WHERE id = (SELECT id FROM end_users WHERE phone_sealed IS NULL ORDER BY id LIMIT 1)
                """).run()

            // The new key on a server that still opens the old one; the old server stops taking traffic.
            var rotating = app.settings
            rotating.dataKey = newKey
            rotating.previousDataKeys = [oldKey]
            let (report, served) = try await app.withServer(settings: rotating) { url, server in
                let minting = try AdminOperations(app: server, settings: rotating, clock: app.clock.verityClock)
                let load = Load(url: url, oldToken: oldToken, operations: minting)
                let traffic = Task { try await load.run() }
                try await load.waitForRequests(4)
                let report = try await AdminOperations(app: server, settings: rotating, clock: app.clock.verityClock)
                    .keyRotation.rotateDataKey(batchSize: 10)
                await load.finish(after: 4)
                return (report, try await traffic.value)
            }
            #expect(served.failures.isEmpty, "requests failed while the key rotated: \(served.failures)")
            #expect(served.count >= 8)
            #expect(report.unreadable == 0)
            let keys = try #require(report.tables.first { $0.table == PersonKeyModel.schema })
            #expect(keys.resealed >= 121 && keys.unreadable == 0)
            #expect(report.tables.first { $0.table == "end_users" }?.resealed == 1, "the contact sealed the old way")
            for table in ["registry_records", "webhook_endpoints", "operators", "response_signing_keys", DataKeyRootModel.schema] {
                #expect((report.tables.first { $0.table == table }?.resealed ?? 0) >= 1, "\(table) was not re-sealed")
            }
            #expect(report.caKeyFilesResealed == 2, "the issuing keys of the platform CA and the test CA (root keys are offline or gone)")

            // The old key destroyed: a server with the new key alone.
            var after = app.settings
            after.dataKey = newKey
            after.previousDataKeys = []
            try await app.withServer(settings: after) { url, server in
                let protector = try server.dataProtector
                #expect(protector.keyID == DataProtector.keyID(of: newKey))
                try await Self.everyValueOpens(server.db, protector)
                // A token from before still works (signatures come from the root, which stayed).
                let client = IdentityVerificationClient(baseURL: url, token: oldToken, requestTimeout: TestDeadlines.requestTimeout)
                #expect(try await client.checkIdentityVerification().verified)
                let (status, file) = try await TestHTTP.get(url, AdminRoute.userExport(userRef: "before").path, bearer: app.secretKey,
                                                             as: UserExport.self)
                #expect(status == 200 && file?.email == "before@example.org" && file?.phoneNumber == "+447700900123")
                // Lookups by blind index find old users; the registry opens; the signing key is the one integrators pinned.
                let crowd = IdentityVerificationClient(baseURL: url, token: try await app.token(for: "crowd-7"), requestTimeout: TestDeadlines.requestTimeout)
                #expect(try await crowd.verifyIdentity(input: Self.john).verified)
                let operationsAfter = try AdminOperations(app: server, settings: after, clock: app.clock.verityClock)
                #expect(try await operationsAfter.tenants.responsePublicKey(tenant: "acme", environment: .test).pem == signingKey)
                await #expect(throws: VerityError.self, "nothing is left to rotate from") { _ = try await operationsAfter.keyRotation.rotateDataKey() }
                _ = try CAFiles(directory: after.dataDirectory, dataKey: newKey).load(policy: try CertificatePolicy())
                #expect(throws: VerityError.self) { _ = try CAFiles(directory: after.dataDirectory, dataKey: oldKey).load(policy: try CertificatePolicy()) }
            }

            // The old key alone opens nothing now, and is told so at start.
            await #expect(throws: StoreError.self) { _ = try await DerivedKeyRecord.protector(db: app.app.db, dataKey: oldKey, now: 0) }
            // Run again (on another machine's CA files, say): nothing left to do.
            let again = try await app.withServer(settings: rotating) { _, server in
                try await AdminOperations(app: server, settings: rotating, clock: app.clock.verityClock).keyRotation.rotateDataKey()
            }
            #expect(again.resealed == 0 && again.unreadable == 0)
        }
    }

    @Test func everyBinaryColumnIsEitherRotatedOrKnownToHoldNothingSealed() async throws {
        try await withVerityApp { app async throws in
            let found = try await Self.binaryColumns(app.app.db).flatMap { table, columns in columns.map { "\(table).\($0)" } }
            let known = (DataKeyRotation.sealedColumns + DataKeyRotation.otherBinaryColumns).flatMap { table, columns in
                columns.map { "\(table).\($0)" }
            }
            #expect(Set(found).isSubset(of: known), "binary columns the rotation does not know: \(Set(found).subtracting(known).sorted())")
            // SQLite alone publishes identity decisions through a column (PostgreSQL, in its transaction).
            #expect(Set(known).subtracting(found).isSubset(of: ["verification_attempts.event_data"]))
            #expect(Set(known).count == known.count, "a column is listed twice")
        }
    }

    /// Every binary column of the schema, by table.
    static func binaryColumns(_ db: any Database) async throws -> [String: [String]] {
        let sql = try #require(db as? any SQLDatabase)
        let query: SQLQueryString = sql.dialect.name == "sqlite"
            ? "SELECT m.name AS t, p.name AS c FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table' AND p.type = 'BLOB'"
            : "SELECT table_name AS t, column_name AS c FROM information_schema.columns WHERE table_schema = 'public' AND data_type = 'bytea'"
        var columns: [String: [String]] = [:]
        for row in try await sql.raw(query).all() {
            columns[try row.decode(column: "t", as: String.self), default: []].append(try row.decode(column: "c", as: String.self))
        }
        return columns
    }

    /// What the test knows holds nothing sealed (kept here, not taken from the
    /// rotation's own list, so a column wrongly moved there is caught).
    static let unsealed: Set<String> = ["cert_certificates.public_key", "cert_challenges.nonce",
                                        "cert_transactions.signature", "verification_attempts.event_data", "webhook_events.data",
                                        "person_keys.wrapped_key", "data_key_root.sealed_root"]

    /// Every sealed value in every binary column opens with `protector` (the
    /// new key alone) where it is: the data key's seals directly, a person's
    /// through their re-wrapped key; and every value under the data key is
    /// bound to its place (the rotation bound those from before).
    static func everyValueOpens(_ db: any Database, _ protector: DataProtector) async throws {
        let sql = try #require(db as? any SQLDatabase)
        let people = PersonKeyRepository(db: db, protector: protector)
        for key in try await PersonKeyModel.query(on: db).all() {
            #expect(key.wrappedBy == protector.keyID)
            _ = try protector.unwrapPersonKey(key.wrappedKey, userID: try key.requireID(), environmentID: key.environmentID)
        }
        let owners: [String: String] = ["end_users": "id", "document_verifications": "user_id", "document_checks": "user_id",
                                         "cert_registrations": "user_id", "cert_devices": "user_id",
                                         "cert_transactions": "(SELECT r.user_id FROM cert_registrations r WHERE r.id = registration_id)",
                                         "cert_certificates": "(SELECT r.user_id FROM cert_registrations r WHERE r.id = registration_id)"]
        var opened: [String: Int] = [:]
        for (table, all) in try await binaryColumns(db) {
            let columns = all.filter { !unsealed.contains("\(table).\($0)") }
            guard !columns.isEmpty else { continue }
            let owner = owners[table]
            let placeKeys = Set(columns.compactMap { SealedColumn(rawValue: "\(table).\($0)")?.ownerColumn }).union(["id"]).sorted()
            let rows = try await sql.raw("""
                SELECT \(idents: placeKeys, joinedBy: ", "), \(idents: columns, joinedBy: ", ")\(unsafeRaw: owner.map { ", \($0) AS owner" } ?? "") \
                FROM \(ident: table)
                """).all()
            for row in rows {
                for column in columns {
                    guard let sealed = try row.decode(column: column, as: Data?.self) else { continue }
                    let placeKey = SealedColumn(rawValue: "\(table).\(column)")?.ownerColumn ?? "id"
                    let place = SealPlace(table, column, row: try row.decode(column: placeKey, as: UUID.self))
                    if (try? protector.open(sealed, at: place)) == nil {
                        let userID = try #require(owner == nil ? nil : try row.decode(column: "owner", as: UUID.self),
                                                  "\(table).\(column) does not open with the new key")
                        #expect((try? await people.reader(userID: userID).open(sealed, at: place)) != nil, "\(table).\(column) does not open")
                    } else {
                        #expect(sealed.starts(with: Data("VDK2".utf8)), "\(table).\(column) is under the data key but bound to no place")
                    }
                    opened[table, default: 0] += 1
                }
            }
        }
        for table in ["end_users", "registry_records", "webhook_endpoints", "operators", "response_signing_keys"] {
            #expect(opened[table, default: 0] >= 1, "nothing sealed in \(table) was checked")
        }
    }
}

/// PII verifications of new users and reads of an old one, against one
/// server, until told to stop; every failure is kept.
private actor Load {
    let url: URL
    let oldToken: String
    /// Mints tokens on the rotating server, as the integrator's backend would.
    let operations: AdminOperations
    private(set) var count = 0
    private(set) var failures: [String] = []
    private var stopAt: Int?

    init(url: URL, oldToken: String, operations: AdminOperations) {
        self.url = url
        self.oldToken = oldToken
        self.operations = operations
    }

    func run() async throws -> (count: Int, failures: [String]) {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for lane in 0..<3 { group.addTask { try await self.lane(lane) } }
            try await group.waitForAll()
        }
        return (count, failures)
    }

    private func lane(_ lane: Int) async throws {
        var index = 0
        while stopAt.map({ count < $0 }) ?? true {
            do {
                if index % 2 == 0 {
                    let token = try await operations.identity.mintToken(tenant: "acme", environment: .test, userRef: "load-\(lane)-\(index)",
                                                               email: "load\(lane)x\(index)@example.org").token
                    let client = IdentityVerificationClient(baseURL: url, token: token, requestTimeout: TestDeadlines.requestTimeout)
                    if try await !client.verifyIdentity(input: DataKeyRotationE2ETests.john).verified { failures.append("not verified") }
                } else {
                    let client = IdentityVerificationClient(baseURL: url, token: oldToken, requestTimeout: TestDeadlines.requestTimeout)
                    if try await !client.checkIdentityVerification().verified { failures.append("the old user is not verified") }
                }
            } catch {
                failures.append("\(error)")
            }
            count += 1
            index += 1
        }
    }

    nonisolated func waitForRequests(_ wanted: Int) async throws {
        try await waitUntil("\(wanted) requests of the load", every: .milliseconds(50), seen: { "\(await self.count)" }) {
            await self.count >= wanted
        }
    }

    func finish(after more: Int) { stopAt = count + more }
}
