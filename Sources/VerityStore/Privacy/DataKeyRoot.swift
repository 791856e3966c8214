import Fluent
import Foundation
import SQLKit

/// The derivation root of blind indexes and signatures (see `DataProtector`):
/// the deployment's first data key, kept in `data_key_root` sealed under the
/// current one. Rotating the data key re-seals it; its value never changes.
public enum DataKeyRoot {
    static let name = "derivation"

    /// The protector for this database: `dataKey` encrypts, `previousKeys`
    /// also open, and the root is read from the database, or recorded there
    /// the first time (it is then `dataKey`). A database whose migrations
    /// have not made the table yet was never rotated, so its root is `dataKey`.
    public static func protector(db: any Database, dataKey: Data, previousKeys: [Data] = [], now: Int64) async throws -> DataProtector {
        let keys = try DataProtector(dataKey: dataKey, previousKeys: previousKeys)
        guard try await tableExists(db) else {
            guard keys.previousKeyIDs.isEmpty else { throw StoreError.rootNotRecorded }
            return keys
        }
        if let row = try await DataKeyRootModel.find(name, on: db) { return try protector(opening: row, keys, dataKey, previousKeys) }
        guard keys.previousKeyIDs.isEmpty else { throw StoreError.rootNotRecorded }
        // Recorded under a wrong key, the root would lock the right one out.
        guard await opensWhatIsSealed(db: db, protector: keys) != false else { throw StoreError.wrongDataKey }
        let row = DataKeyRootModel(name: name, sealedRoot: try keys.seal(dataKey), sealedBy: keys.keyID, now: now)
        do {
            try await db.write { try await row.create(on: $0) }
            return keys
        } catch {
            // Another server recorded it first.
            guard let recorded = try await DataKeyRootModel.find(name, on: db) else { throw error }
            return try protector(opening: recorded, keys, dataKey, previousKeys)
        }
    }

    private static func protector(opening row: DataKeyRootModel, _ keys: DataProtector, _ dataKey: Data,
                                  _ previousKeys: [Data]) throws -> DataProtector {
        guard let root = try? keys.open(row.sealedRoot), root.count == 32 else { throw StoreError.wrongDataKey }
        return try DataProtector(dataKey: dataKey, previousKeys: previousKeys, root: root)
    }

    /// The root row sealed under `protector`'s current key (a rotation's first step).
    static func reseal(db: any Database, protector: DataProtector, now: Int64) async throws -> DataProtector.Resealing {
        guard let row = try await DataKeyRootModel.find(name, on: db) else { return .current }
        let outcome = protector.reseal(row.sealedRoot)
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
        for query: SQLQueryString in ["SELECT sealed_record AS sealed FROM registry_records LIMIT 1",
                                      "SELECT secret_sealed AS sealed FROM webhook_endpoints LIMIT 1"] {
            guard let row = try? await sql.raw(query).first(), let sealed = try? row.decode(column: "sealed", as: Data.self) else { continue }
            return (try? protector.open(sealed)) != nil
        }
        return nil
    }

    private static func tableExists(_ db: any Database) async throws -> Bool {
        guard let sql = db as? any SQLDatabase else { throw StoreError.notSQL }
        if sql.dialect.name == "sqlite" {
            return try await sql.raw("SELECT name FROM sqlite_master WHERE type = 'table' AND name = \(bind: DataKeyRootModel.schema)")
                .first() != nil
        }
        return try await sql.raw("SELECT to_regclass(\(bind: DataKeyRootModel.schema))::text AS name").first()?
            .decode(column: "name", as: String?.self) != nil
    }
}
