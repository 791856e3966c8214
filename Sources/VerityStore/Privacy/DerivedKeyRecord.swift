import Fluent
import Foundation
import SQLKit

/// Where the `DerivedKeys` live: one row of `data_key_root`, named
/// `derived-keys`, sealed under the current data key. Rotating the data key
/// re-seals it; rotating the derived keys (`DerivedKeyRotation`) replaces it.
///
/// Releases before issue 47 kept the deployment's first data key itself
/// there (the row `derivation`), so a rotated-away key could be read back
/// with the current one. Reading the database the first time, this release
/// keeps the keys derived from it instead and deletes that row.
public enum DerivedKeyRecord {
    static let name = "derived-keys"
    /// The row releases before issue 47 kept: a data key, sealed.
    static let legacyRootName = "derivation"
    /// Where the record is sealed: its row, named.
    static let place = SealPlace(DataKeyRootModel.schema, "sealed_root", key: name)

    /// The protector for this database: `dataKey` encrypts, `previousKeys`
    /// also open, and the derived keys are read from the database, or
    /// recorded there the first time (derived from `dataKey`). A database
    /// whose migrations have not made the table yet was never rotated, so
    /// its keys derive from `dataKey`.
    public static func protector(db: any Database, dataKey: Data, previousKeys: [Data] = [], now: Int64) async throws -> DataProtector {
        let keys = try DataProtector(dataKey: dataKey, previousKeys: previousKeys)
        guard try await tableExists(db) else {
            guard keys.previousKeyIDs.isEmpty else { throw StoreError.rootNotRecorded }
            return keys
        }
        if let row = try await DataKeyRootModel.find(name, on: db) { return try keys.with(derived: open(row, keys)) }
        if let legacy = try await DataKeyRootModel.find(legacyRootName, on: db) {
            guard let root = try? keys.openUnbound(legacy.sealedRoot), root.count == 32 else { throw StoreError.wrongDataKey }
            return try await record(DerivedKeys(current: DerivedKeySet(root: root)), db: db, keys: keys, now: now)
        }
        guard keys.previousKeyIDs.isEmpty else { throw StoreError.rootNotRecorded }
        // Recorded under a wrong key, the keys would lock the right one out.
        let opens = await opensWhatIsSealed(db: db, protector: keys)
        guard opens != false else { throw StoreError.wrongDataKey }
        // A database with nothing sealed yet has nothing bound to no place, and no
        // operator (their addresses are sealed) whose credentials are bound to nothing.
        return try await record(DerivedKeys(current: DerivedKeySet(root: dataKey), sealsBoundAt: opens == nil ? now : nil,
                                            credentialsBoundAt: opens == nil ? now : nil),
                                db: db, keys: keys, now: now)
    }

    /// Records `derived` sealed under the current key, unless another server
    /// recorded its own first (then those are the keys), and deletes the
    /// legacy root in the same transaction.
    private static func record(_ derived: DerivedKeys, db: any Database, keys: DataProtector, now: Int64) async throws -> DataProtector {
        let row = DataKeyRootModel(name: name, sealedRoot: try seal(derived, keys), sealedBy: keys.keyID, now: now)
        do {
            try await db.write { db in
                try await row.create(on: db)
                try await DataKeyRootModel.query(on: db).filter(\.$id == legacyRootName).delete()
            }
            return try keys.with(derived: derived)
        } catch {
            guard let recorded = try await DataKeyRootModel.find(name, on: db) else { throw error }
            return try keys.with(derived: open(recorded, keys))
        }
    }

    /// Replaces the recorded keys with `derived` when they are still
    /// `expected` (a rotation that lost a race to another changes nothing).
    /// `db` is the caller's write transaction.
    static func replace(_ expected: DerivedKeys, with derived: DerivedKeys, in db: any Database, protector: DataProtector,
                        now: Int64) async throws -> Bool {
        guard let row = try await DataKeyRootModel.find(name, on: db), try open(row, protector) == expected else { return false }
        row.sealedRoot = try seal(derived, protector)
        row.sealedBy = protector.keyID
        row.updatedAt = now
        try await row.update(on: db)
        return true
    }

    static func seal(_ derived: DerivedKeys, _ protector: DataProtector) throws -> Data {
        try protector.seal(json: derived, at: place)
    }

    static func open(_ row: DataKeyRootModel, _ keys: DataProtector) throws -> DerivedKeys {
        guard let derived = try? keys.open(json: DerivedKeys.self, from: row.sealedRoot, at: place), derived.isWellFormed else {
            throw StoreError.wrongDataKey
        }
        return derived
    }

    /// The record sealed under `protector`'s current key (a data-key
    /// rotation's first step); a legacy root still there is deleted.
    static func reseal(db: any Database, protector: DataProtector, now: Int64) async throws -> DataProtector.Resealing {
        if try await DataKeyRootModel.find(legacyRootName, on: db) != nil {
            try await db.write { db in try await DataKeyRootModel.query(on: db).filter(\.$id == legacyRootName).delete() }
        }
        guard let row = try await DataKeyRootModel.find(name, on: db) else { return .current }
        let outcome = protector.reseal(row.sealedRoot, at: place)
        if case .resealed(let sealed) = outcome {
            let (old, keyID) = (row.sealedRoot, protector.keyID)
            try await db.write { db in
                try await DataKeyRootModel.query(on: db).filter(\.$id == name).filter(\.$sealedRoot == old)
                    .set(\.$sealedRoot, to: sealed).set(\.$sealedBy, to: keyID).set(\.$updatedAt, to: now).update()
            }
        }
        return outcome
    }

    /// Whether `protector` opens what the database holds sealed: a person's
    /// wrapped key (their environment and id are bound in), else a registry
    /// record or a webhook secret; nil when nothing is sealed yet.
    public static func opensWhatIsSealed(db: any Database, protector: DataProtector) async -> Bool? {
        guard let sql = db as? any SQLDatabase else { return nil }
        if let row = try? await sql.raw("SELECT user_id, environment_id, wrapped_key FROM person_keys LIMIT 1").first(),
           let userID = try? row.decode(column: "user_id", as: UUID.self),
           let environmentID = try? row.decode(column: "environment_id", as: UUID.self),
           let wrapped = try? row.decode(column: "wrapped_key", as: Data.self) {
            return (try? protector.unwrapPersonKey(wrapped, userID: userID, environmentID: environmentID)) != nil
        }
        for column: SealedColumn in [.registryRecord, .webhookSecret] {
            guard let row = try? await sql.raw("SELECT id, \(ident: column.column) AS sealed FROM \(ident: column.table) LIMIT 1").first(),
                  let id = try? row.decode(column: "id", as: UUID.self), let sealed = try? row.decode(column: "sealed", as: Data.self) else { continue }
            return (try? protector.open(sealed, at: .of(column, id))) != nil
        }
        return nil
    }

    private static func tableExists(_ db: any Database) async throws -> Bool {
        let sql = try db.sql()
        if sql.dialect.name == "sqlite" {
            return try await sql.raw("SELECT name FROM sqlite_master WHERE type = 'table' AND name = \(bind: DataKeyRootModel.schema)")
                .first() != nil
        }
        return try await sql.raw("SELECT to_regclass(\(bind: DataKeyRootModel.schema))::text AS name").first()?
            .decode(column: "name", as: String?.self) != nil
    }
}
