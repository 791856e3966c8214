import Fluent
import Foundation
import SQLKit

/// Binds every sealed value from before issue 47 to its place
/// (`SealPlace`): each is opened as it was sealed and sealed again where it
/// is, under the same key (a person's under theirs, the rest under the data
/// key). Housekeeping runs it on every server until a pass finds nothing
/// left to bind; then `DerivedKeys.sealsBoundAt` is recorded and servers
/// started from then on refuse a seal bound to no place, so a value copied
/// in from an old backup or another row does not open either.
///
/// Like a rotation it runs beside serving servers: a value is replaced only
/// if its row still holds the value read.
public struct SealBinding: Sendable {
    let db: any Database
    let protector: DataProtector
    let batchSize: Int

    public init(db: any Database, protector: DataProtector, batchSize: Int = 200) {
        self.db = db
        self.protector = protector
        self.batchSize = batchSize
    }

    /// What a pass came to.
    public struct Pass: Sendable, Equatable {
        /// Values bound to their place in this pass.
        public var bound = 0
        /// Values bound to none that no key this server has opens: they stay
        /// as they are (and open for no one).
        public var unreadable = 0
        /// Whether every value is bound now (recorded, or already so).
        public var complete = false
    }

    /// One pass over every sealed column; records completion when nothing
    /// readable was left unbound. Cheap once complete: one row is read.
    public func run(now: Int64) async throws -> Pass {
        var pass = Pass()
        guard let recorded = try await DerivedKeyRecord.recorded(db: db, protector: self.protector), recorded.sealsBoundAt == nil else {
            pass.complete = true
            return pass
        }
        // As the database says now (a server started after the binding refuses what this must still open).
        let protector = try self.protector.with(derived: recorded)
        let walk = SealedColumnWalk(db: db, batchSize: batchSize)
        let people = PersonKeyRepository(db: db, protector: protector)
        var readers: [UUID: PersonSealer] = [:]
        for (table, columns) in SealedColumn.byTable(SealedColumn.allCases) {
            try await walk.run(table: table, columns: columns, only: unbound) { value in
                // A row is read for its unbound values; those beside them are bound already.
                guard !Self.isBound(value.sealed) else { return nil }
                if let bound = try await bind(value, protector: protector, people: people, readers: &readers) {
                    pass.bound += 1
                    return bound
                }
                // A certificate or request kept in clear is `UserCertificateRepository.sealLegacy`'s.
                let keptInClear = [.certificate, .certificateRequest].contains(value.column) && !PersonSealer.isPersonSealed(value.sealed)
                if !keptInClear { pass.unreadable += 1 }
                return nil
            }
        }
        guard pass.bound == 0 else { return pass }
        var bound = recorded
        bound.sealsBoundAt = now
        pass.complete = try await db.write { [bound] tx in
            try await DerivedKeyRecord.replace(recorded, with: bound, in: tx, protector: protector, now: now)
        }
        return pass
    }

    /// The value sealed again for its place, or nil when nothing opens it.
    private func bind(_ value: SealedColumnWalk.Value, protector: DataProtector, people: PersonKeyRepository,
                      readers: inout [UUID: PersonSealer]) async throws -> Data? {
        guard PersonSealer.isPersonSealed(value.sealed) else {
            if case .resealed(let bound) = protector.reseal(value.sealed, at: value.place) { return bound }
            return nil
        }
        guard let userID = value.userID else { return nil }
        if readers[userID] == nil { readers[userID] = try await people.reader(userID: userID) }
        guard let reader = readers[userID], let plaintext = try? reader.openUnbound(value.sealed) else { return nil }
        return try reader.seal(plaintext, at: value.place)
    }

    /// Whether `sealed` bears a bound mark (`VDK2`, `VPK2`).
    static func isBound(_ sealed: Data) -> Bool {
        sealed.starts(with: DataProtector.placeMark) || sealed.starts(with: PersonSealer.placeMark)
    }

    /// A value that is there and bears neither bound mark.
    private func unbound(_ column: SealedColumn) -> SQLQueryString {
        let name = SQLIdentifier(column.column)
        let isSQLite = (db as? any SQLDatabase)?.dialect.name == "sqlite"
        return isSQLite
            ? "(\(name) IS NOT NULL AND substr(\(name), 1, 4) NOT IN (X'56444B32', X'56504B32'))"
            : "(\(name) IS NOT NULL AND substring(\(name) from 1 for 4) NOT IN ('\\x56444b32'::bytea, '\\x56504b32'::bytea))"
    }
}

extension DerivedKeyRecord {
    /// The recorded keys, or nil in a database that has none yet.
    static func recorded(db: any Database, protector: DataProtector) async throws -> DerivedKeys? {
        guard let row = try await DataKeyRootModel.find(name, on: db) else { return nil }
        return try open(row, protector)
    }
}
