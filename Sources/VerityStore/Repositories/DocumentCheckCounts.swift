import Fluent
import Foundation
import SQLKit
import VerityCore

/// Document checks counted by environment, day of submission (UTC), status,
/// document type, country and decision-time bucket (`document_check_counts`),
/// kept in the transaction that moves each check: the console's overview reads
/// a few hundred counters instead of every check, however long the history.
/// Running checks are not counted (they last seconds); a check is counted when
/// it is held for review, and moved to its outcome when decided.
public enum DocumentCheckCounts {
    static let table = "document_check_counts"

    /// Decision-time bucket upper bounds, milliseconds (`OverviewRepository.durationBounds` reads the same).
    public static let bounds: [Int64] = [
        250, 500, 1_000, 2_000, 3_000, 5_000, 7_500, 10_000, 15_000, 20_000, 30_000, 45_000, 60_000, 120_000, 300_000, 600_000,
        900_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000, 43_200_000, 86_400_000, 172_800_000, 604_800_000,
    ]

    /// The bucket of `duration` (an SQL expression in milliseconds): `bounds.count` past the last bound.
    public static func bucketExpression(of duration: String) -> String {
        let cases = bounds.enumerated().map { "WHEN \(duration) <= \($0.element) THEN \($0.offset)" }.joined(separator: " ")
        return "CASE \(cases) ELSE \(bounds.count) END"
    }

    /// A check's bucket: -1 while it has no decision time.
    static var checkBucket: String { "CASE WHEN finished_at IS NULL THEN -1 ELSE \(bucketExpression(of: "finished_at - created_at")) END" }

    /// Adds `sign` (±1) for each check `matching` selects, in its current
    /// state, or, with `countedAs`, as it was counted while in that status
    /// (no decision time yet: held for review): how a move takes back the
    /// count it had before its UPDATE.
    static func adjust(_ matching: SQLQueryString, sign: Int, countedAs status: String? = nil, on tx: any Database) async throws {
        let sql = try tx.sql()
        let statusColumn: SQLQueryString = status.map { "\(bind: $0)" } ?? "status"
        let bucket = status == nil ? checkBucket : "-1"
        // Constants stay out of GROUP BY: SQLite reads a number there as a column's position.
        let varying = status == nil ? ", status, \(checkBucket)" : ""
        try await sql.raw("""
            INSERT INTO document_check_counts (environment_id, day, status, document_type, country, bucket, n)
            SELECT environment_id, created_at / 86400000, \(statusColumn), document_type, country, \(unsafeRaw: bucket), \(unsafeRaw: String(sign)) * COUNT(*)
            FROM document_checks WHERE \(matching) AND status <> \(literal: DocumentCheckStatus.pending)
            GROUP BY environment_id, created_at / 86400000, document_type, country\(unsafeRaw: varying)
            ON CONFLICT (environment_id, day, status, document_type, country, bucket) DO UPDATE SET n = document_check_counts.n + excluded.n
            """).run()
    }

    /// Counts an environment's checks afresh (after rows were written around the counters: a migration, synthetic data).
    public static func rebuild(environmentID: UUID?, on tx: any Database) async throws {
        let sql = try tx.sql()
        if let environmentID {
            try await sql.raw("DELETE FROM document_check_counts WHERE environment_id = \(bind: environmentID)").run()
            try await adjust("environment_id = \(bind: environmentID)", sign: 1, on: tx)
        } else {
            try await sql.raw("DELETE FROM document_check_counts").run()
            try await adjust("1 = 1", sign: 1, on: tx)
        }
    }
}
