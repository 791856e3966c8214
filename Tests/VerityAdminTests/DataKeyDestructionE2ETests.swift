import Fluent
import Foundation
import SQLKit
import Testing
import Vapor
import Verity
import VerityAPI
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport
@testable import VerityKernel
@testable import VerityAdmin

/// After a data-key rotation the old key can really be destroyed (issue 47,
/// finding 1): nothing the live database holds gives it back, so a backup
/// taken before the rotation, people erased since included, opens for nobody.
@Suite("A destroyed data key stays destroyed")
struct DataKeyDestructionE2ETests {
    /// Every binary value of every row, as a backup holds it, with where it
    /// is (an attacker with the backup knows that too) and the people's wrapped keys.
    struct Copy {
        var sealed: [(place: SealPlace, value: Data)] = []
        var personKeys: [(userID: UUID, environmentID: UUID, wrapped: Data)] = []

        static func of(_ db: any Database) async throws -> Copy {
            let sql = try #require(db as? any SQLDatabase)
            var copy = Copy()
            for (table, columns) in try await DataKeyRotationE2ETests.binaryColumns(db) {
                // Where each value would be opened (a column nothing seals is tried as if it were keyed by id).
                let sealedColumns = columns.compactMap { SealedColumn(rawValue: "\(table).\($0)") }
                let keyColumn = table == DataKeyRootModel.schema ? "name" : sealedColumns.first?.ownerColumn ?? "id"
                let keyed = table == DataKeyRootModel.schema || !sealedColumns.isEmpty
                let select: SQLQueryString = keyed ? "SELECT \(ident: keyColumn) AS row_key, " : "SELECT "
                for row in try await sql.raw(select + "\(idents: columns, joinedBy: ", ") FROM \(ident: table)").all() {
                    let rowKey = keyed ? try (try? row.decode(column: "row_key", as: UUID.self)).map { $0.uuidString.lowercased() }
                        ?? row.decode(column: "row_key", as: String.self) : ""
                    for column in columns {
                        if let value = try row.decode(column: column, as: Data?.self) {
                            copy.sealed.append((SealPlace(table, column, key: rowKey), value))
                        }
                    }
                }
            }
            for key in try await PersonKeyModel.query(on: db).all() {
                copy.personKeys.append((try key.requireID(), key.environmentID, key.wrappedKey))
            }
            return copy
        }

        /// What of it `key`, used as a data key, opens: sealed values and people's keys.
        func opened(with key: Data) throws -> (values: [(place: SealPlace, plaintext: Data)], people: Int) {
            let protector = try DataProtector(dataKey: key)
            let values = sealed.compactMap { item in (try? protector.open(item.value, at: item.place)).map { (item.place, $0) } }
            let people = personKeys.filter { (try? protector.unwrapPersonKey($0.wrapped, userID: $0.userID, environmentID: $0.environmentID)) != nil }
            return (values, people.count)
        }
    }

    /// Every key an attacker can reach from `start` and what `copies` hold:
    /// whatever a reachable key opens that is shaped like a key (32 bytes, or
    /// the recorded derived keys) is tried too, until nothing new turns up.
    static func reachableKeys(from start: [Data], in copies: [Copy]) throws -> Set<Data> {
        var reached = Set(start), frontier = start
        while let key = frontier.popLast() {
            for copy in copies {
                for (_, plaintext) in try copy.opened(with: key).values {
                    var found: [Data] = plaintext.count == 32 ? [plaintext] : []
                    if let derived = try? JSONDecoder().decode(DerivedKeys.self, from: plaintext) {
                        found += derived.current.all + (derived.retiring?.all ?? [])
                    }
                    for candidate in found where reached.insert(candidate).inserted { frontier.append(candidate) }
                }
            }
        }
        return reached
    }

    @Test func afterARotationNeitherTheLiveDatabaseNorABackupFromBeforeGivesTheOldKeyBack() async throws {
        try await withVerityApp { app async throws in
            let oldKey = app.settings.dataKey, newKey = DataProtector.randomBytes(32)
            try await app.configure { $0.consentRequired = false }
            let url = try await app.startServer()
            let token = try await app.token(for: "kept", phoneNumber: "+447700900123", email: "kept@example.org")
            #expect(try await IdentityVerificationClient(baseURL: url, token: token, requestTimeout: TestDeadlines.requestTimeout)
                .verifyIdentity(input: DataKeyRotationE2ETests.john).verified)
            _ = try await app.token(for: "erased-later", phoneNumber: "+447700900456", email: "erased@example.org")
            _ = try await app.operations.webhooks.addWebhook(tenant: "acme", environment: .test, url: "https://hooks.example.org/verity",
                                                    events: nil, description: nil)

            // The backup, taken before the rotation: the old key opens it (or this test proves nothing).
            let backup = try await Copy.of(app.app.db)
            let byOldKey = try backup.opened(with: oldKey)
            #expect(byOldKey.people >= 2 && byOldKey.values.count >= 2, "the old key opens the backup: \(byOldKey.people) people")

            var rotating = app.settings
            rotating.dataKey = newKey
            rotating.previousDataKeys = [oldKey]
            try await app.withServer(settings: rotating) { _, server in
                let report = try await AdminOperations(app: server, settings: rotating, clock: app.clock.verityClock).keyRotation.rotateDataKey()
                #expect(report.unreadable == 0)
                _ = try await AdminOperations(app: server, settings: rotating, clock: app.clock.verityClock)
                    .identity.eraseUser(tenant: "acme", environment: .test, userRef: "erased-later")
            }

            // The old key destroyed. What remains: the new key, the live database, the backup.
            let live = try await Copy.of(app.app.db)
            let reachable = try Self.reachableKeys(from: [newKey], in: [live, backup])
            #expect(!reachable.contains(oldKey), "the old data key can be read back from what remains")
            for key in reachable {
                let opened = try backup.opened(with: key)
                #expect(opened.people == 0, "a reachable key unwraps \(opened.people) people's keys in the backup")
                #expect(opened.values.isEmpty, "a reachable key opens \(opened.values.map(\.place)) in the backup")
            }
            // The live database names the keys it signs with, never a data key.
            let recorded = try await DataKeyRootModel.query(on: app.app.db).all()
            #expect(recorded.map { $0.id } == ["derived-keys"])
        }
    }

    /// A database from a release that kept the first data key itself (the
    /// row `derivation`): read the first time, the keys derived from it are
    /// kept instead and the key is gone, and everything it named or signed
    /// (indexes, tokens) still matches.
    @Test func aKeptDataKeyIsReplacedByTheKeysDerivedFromIt() async throws {
        try await withVerityApp { app async throws in
            let firstKey = DataProtector.randomBytes(32)
            let current = try app.app.dataProtector
            try await app.app.db.write { db in
                try await DataKeyRootModel.query(on: db).delete()
                let legacy = DataKeyRootModel()
                legacy.id = "derivation"
                legacy.sealedRoot = try current.sealUnbound(firstKey)
                legacy.sealedBy = current.keyID
                legacy.createdAt = 0
                legacy.updatedAt = 0
                try await legacy.create(on: db)
            }
            let upgraded = try await DerivedKeyRecord.protector(db: app.app.db, dataKey: app.settings.dataKey, now: 1)
            let before = try DataProtector(dataKey: firstKey)
            #expect(upgraded.blindIndex("user-7", domain: "user-ref") == before.blindIndex("user-7", domain: "user-ref"))
            #expect(upgraded.tokenSigningKeyBytes == before.tokenSigningKeyBytes)
            #expect(upgraded.mobileTokenSignature("p") == before.mobileTokenSignature("p"))
            let rows = try await DataKeyRootModel.query(on: app.app.db).all()
            #expect(rows.map { $0.id } == ["derived-keys"], "the kept data key is still there")
            let kept = try current.open(try #require(rows.first).sealedRoot, at: DerivedKeyRecord.place)
            #expect(kept.range(of: firstKey) == nil && kept.count != 32)
            // Read again, by another server: the same keys.
            let again = try await DerivedKeyRecord.protector(db: app.app.db, dataKey: app.settings.dataKey, now: 2)
            #expect(again.blindIndex("user-7", domain: "user-ref") == before.blindIndex("user-7", domain: "user-ref"))
        }
    }
}
