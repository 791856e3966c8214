import Crypto
import Fluent
import Foundation
import SQLKit

/// People's own data keys: made with the person, read to seal or open their
/// data, destroyed first when they are erased.
public struct PersonKeyRepository: Sendable {
    let db: any Database
    let protector: DataProtector

    public init(db: any Database, protector: DataProtector) {
        self.db = db
        self.protector = protector
    }

    /// The sealer of user `userID`, whose key is made now if they have none
    /// (users from before people had keys). Safe to race: the first insert
    /// wins and every caller uses the key that is stored.
    public func sealer(userID: UUID, environmentID: UUID, now: Int64) async throws -> PersonSealer {
        if let sealer = try await existingSealer(userID: userID) { return sealer }
        let row = try prepare(userID: userID, environmentID: environmentID, now: now).row
        try await db.write { tx in try await Self.insertIfAbsent(row, on: tx) }
        guard let sealer = try await existingSealer(userID: userID) else { throw PersonKeyError.erased }
        return sealer
    }

    /// The sealer of user `userID`, or nil once their key was destroyed.
    public func existingSealer(userID: UUID) async throws -> PersonSealer? {
        guard let row = try await PersonKeyModel.find(userID, on: db) else { return nil }
        return try sealer(of: row)
    }

    /// What opens user `userID`'s data: their sealer, or for someone without
    /// a key, a reader of what was sealed before people had keys (what was
    /// sealed under a destroyed key then fails with `PersonKeyError.erased`).
    public func reader(userID: UUID) async throws -> PersonSealer {
        try await existingSealer(userID: userID) ?? PersonSealer(key: nil, protector: protector)
    }

    /// `reader(userID:)` for many users at once (a page's rows), in one query.
    public func readers(userIDs: Set<UUID>) async throws -> [UUID: PersonSealer] {
        guard !userIDs.isEmpty else { return [:] }
        var readers = Dictionary(uniqueKeysWithValues: userIDs.map { ($0, PersonSealer(key: nil, protector: protector)) })
        for row in try await PersonKeyModel.query(on: db).filter(\.$id ~~ Array(userIDs)).all() {
            if let id = row.id { readers[id] = try sealer(of: row) }
        }
        return readers
    }

    /// A key for a person about to be created: seal with it, then `insert` it
    /// in the transaction that creates them.
    public func prepare(userID: UUID, environmentID: UUID, now: Int64) throws -> NewPersonKey {
        let key = SymmetricKey(size: .bits256)
        let row = PersonKeyModel()
        row.id = userID
        row.environmentID = environmentID
        row.wrappedKey = try protector.wrapPersonKey(key, userID: userID, environmentID: environmentID)
        row.wrappedBy = protector.keyID
        row.createdAt = now
        return NewPersonKey(row: row, sealer: PersonSealer(key: key, protector: protector))
    }

    public func insert(_ key: NewPersonKey, on tx: any Database) async throws {
        try await Self.insertIfAbsent(key.row, on: tx)
    }

    /// A sealer from a wrapped key read with another query (the identity hot path's session).
    public func sealer(wrapped: Data, userID: UUID, environmentID: UUID) throws -> PersonSealer {
        PersonSealer(key: try protector.unwrapPersonKey(wrapped, userID: userID, environmentID: environmentID), protector: protector)
    }

    /// Destroys user `userID`'s key, committed on its own: from here nothing
    /// sealed under it opens, whatever happens to the rest of the erasure.
    public func destroy(userID: UUID) async throws {
        try await db.write { tx in try await PersonKeyModel.query(on: tx).filter(\.$id == userID).delete() }
    }

    private func sealer(of row: PersonKeyModel) throws -> PersonSealer {
        guard let userID = row.id else { throw PersonKeyError.erased }
        do {
            return PersonSealer(key: try protector.unwrapPersonKey(row.wrappedKey, userID: userID, environmentID: row.environmentID),
                                protector: protector)
        } catch {
            throw StoreError.corruptRecord(PersonKeyModel.schema)
        }
    }

    private static func insertIfAbsent(_ row: PersonKeyModel, on tx: any Database) async throws {
        guard let sql = tx as? any SQLDatabase, let userID = row.id else { throw StoreError.notSQL }
        try await sql.raw("""
            INSERT INTO person_keys (user_id, environment_id, wrapped_key, wrapped_by, created_at)
            VALUES (\(bind: userID), \(bind: row.environmentID), \(bind: row.wrappedKey), \(bind: row.wrappedBy), \(bind: row.createdAt))
            ON CONFLICT (user_id) DO NOTHING
            """).run()
    }
}

/// A person's key before it is stored, and its sealer.
public struct NewPersonKey: Sendable {
    let row: PersonKeyModel
    public let sealer: PersonSealer
}

/// The person's key is gone: they were erased (or are being erased).
public enum PersonKeyError: Error, Sendable {
    case erased
}
