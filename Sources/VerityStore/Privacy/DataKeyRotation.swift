import Fluent
import Foundation
import SQLKit

/// Re-seals everything the data key encrypts under the current data key
/// (`verity keys rotate-data-key`): the derivation root, every person's
/// wrapped key, and every column sealed with `DataProtector.seal`. It runs
/// beside serving servers, in batches: each value is replaced only if it is
/// still the value read, so a server's newer write (sealed under the current
/// key already) is never overwritten. Running it again finishes what a
/// stopped run left and changes nothing else.
public struct DataKeyRotation: Sendable {
    let db: any Database
    let protector: DataProtector
    let batchSize: Int

    public init(db: any Database, protector: DataProtector, batchSize: Int = 200) {
        self.db = db
        self.protector = protector
        self.batchSize = batchSize
    }

    /// Every sealed column, by table (keyed by `id`). Person data sealed
    /// under a person's key (`PersonSealer`) is in some of them beside older
    /// rows sealed under the data key: only the latter are re-sealed (and
    /// bound to their place); the person keys are re-wrapped instead.
    public static var sealedColumns: [(table: String, columns: [String])] {
        SealedColumn.rotatedByTable.map { ($0.table, $0.columns.map(\.column)) }
    }

    /// Binary columns that hold nothing sealed (public keys, signatures,
    /// nonces, event payloads) or are handled on their own: a binary column
    /// in neither list fails `DataKeyRotationTests`, so a new sealed column
    /// cannot be forgotten here.
    public static let otherBinaryColumns: [(table: String, columns: [String])] = [
        // The CSR and the certificate are sealed under the holder's key, which
        // the rotation re-wraps; the public key names no one.
        ("cert_certificates", ["csr", "certificate_sealed", "verified_email_sealed", "public_key"]),
        ("cert_challenges", ["nonce"]),
        ("cert_transactions", ["signature"]),
        ("verification_attempts", ["event_data"]),
        ("webhook_events", ["data"]),
        (PersonKeyModel.schema, ["wrapped_key"]),
        (DataKeyRootModel.schema, ["sealed_root"]),
        // A tenant's chip trust is public (CSCA certificates, CRLs); a chip
        // challenge is random bytes, no one's secret and useless once used.
        (ChipTrustCertificateModel.schema, ["encoded"]),
        (ChipRevocationListModel.schema, ["encoded"]),
        (ChipChallengeModel.schema, ["challenge"]),
    ]

    /// What one table came to.
    public struct TableCount: Sendable, Codable, Equatable {
        public var table: String
        /// Values re-sealed (or person keys re-wrapped) under the current key.
        public var resealed = 0
        /// Values under the current key already.
        public var current = 0
        /// Values no configured key opens: they stay as they are, unreadable.
        public var unreadable = 0
    }

    /// Runs the rotation; `progress` hears of each table as it finishes.
    public func run(now: Int64, progress: @Sendable (TableCount) -> Void = { _ in }) async throws -> [TableCount] {
        var counts: [TableCount] = []
        var root = TableCount(table: DataKeyRootModel.schema)
        root.add(try await DerivedKeyRecord.reseal(db: db, protector: protector, now: now))
        counts.append(root)
        progress(root)
        let keys = try await rewrapPersonKeys()
        counts.append(keys)
        progress(keys)
        for (table, columns) in SealedColumn.rotatedByTable {
            let count = try await reseal(table: table, columns: columns)
            counts.append(count)
            progress(count)
        }
        return counts
    }

    private var sql: any SQLDatabase {
        get throws {
            let sql = try db.sql()
            return sql
        }
    }

    private func reseal(table: String, columns: [SealedColumn]) async throws -> TableCount {
        var count = TableCount(table: table)
        try await SealedColumnWalk(db: db, batchSize: batchSize).run(table: table, columns: columns) { value in
            let outcome = protector.reseal(value.sealed, at: value.place)
            // A person's seal is under their key, which is re-wrapped instead.
            if outcome == .unreadable, PersonSealer.isPersonSealed(value.sealed) { return nil }
            count.add(outcome)
            if case .resealed(let new) = outcome { return new }
            return nil
        }
        return count
    }

    private func rewrapPersonKeys() async throws -> TableCount {
        var count = TableCount(table: PersonKeyModel.schema)
        var after: UUID?
        while true {
            var query = PersonKeyModel.query(on: db).sort(\.$id).limit(batchSize)
            if let after { query = query.filter(\.$id > after) }
            let keys = try await query.all()
            guard let last = keys.last else { return count }
            var changes: [(id: UUID, old: Data, new: Data)] = []
            for key in keys {
                let id = try key.requireID()
                let outcome = protector.rewrapPersonKey(key.wrappedKey, userID: id, environmentID: key.environmentID)
                count.add(outcome)
                if case .resealed(let new) = outcome { changes.append((id, key.wrappedKey, new)) }
            }
            if !changes.isEmpty {
                let (keyID, changes) = (protector.keyID, changes)
                try await db.write { db in
                    for change in changes {
                        try await PersonKeyModel.query(on: db).filter(\.$id == change.id).filter(\.$wrappedKey == change.old)
                            .set(\.$wrappedKey, to: change.new).set(\.$wrappedBy, to: keyID).update()
                    }
                }
            }
            after = try last.requireID()
        }
    }
}

extension DataKeyRotation.TableCount {
    mutating func add(_ outcome: DataProtector.Resealing) {
        switch outcome {
        case .current: current += 1
        case .resealed: resealed += 1
        case .unreadable: unreadable += 1
        }
    }
}
