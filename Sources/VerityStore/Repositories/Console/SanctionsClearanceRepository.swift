import Crypto
import Fluent
import Foundation
import SQLKit
import VerityCore

/// Reviewers' false positives, per tenant: read by every VerifyCompliance
/// screen, written with the decision that made them.
public struct SanctionsClearanceRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    /// A list entry's content as a hash: a re-import that changes anything
    /// about the entry (a new alias, date of birth, programme) changes it,
    /// and the person is screened against the entry afresh.
    public static func fingerprint(_ entry: SanctionsEntry) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return SHA256.hash(data: try encoder.encode(entry)).map { String(format: "%02x", $0) }.joined()
    }

    /// What `personIndex` has been cleared of in `tenantID`: entry ids with the fingerprints they were cleared at.
    public func clearances(tenantID: UUID, personIndex: String) async throws -> Set<Cleared> {
        let rows = try await SanctionsClearanceModel.query(on: db).filter(\.$tenantID == tenantID)
            .filter(\.$personIndex == personIndex).all()
        return Set(rows.map { Cleared(entryID: $0.entryID, fingerprint: $0.entryFingerprint) })
    }

    public struct Cleared: Hashable, Sendable {
        public let entryID: Int
        public let fingerprint: String
        public init(entryID: Int, fingerprint: String) {
            self.entryID = entryID
            self.fingerprint = fingerprint
        }
    }

    /// Remembers the false positives inside the decision's transaction (once: a second is a no-op).
    public static func record(_ cleared: [Cleared], tenantID: UUID, personIndex: String, caseID: UUID, by operatorID: UUID,
                              now: Int64, on tx: any Database) async throws {
        let sql = try tx.sql()
        for entry in cleared {
            try await sql.raw("""
                INSERT INTO sanctions_clearances (id, tenant_id, person_index, entry_id, entry_fingerprint, case_id, cleared_by, cleared_at)
                VALUES (\(bind: UUID()), \(bind: tenantID), \(bind: personIndex), \(bind: entry.entryID), \(bind: entry.fingerprint),
                  \(bind: caseID), \(bind: operatorID), \(bind: now))
                ON CONFLICT (tenant_id, person_index, entry_id, entry_fingerprint) DO NOTHING
                """).run()
        }
    }
}
