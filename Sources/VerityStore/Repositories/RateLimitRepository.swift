import Fluent
import Foundation
import SQLKit

/// Fixed one-minute windows per client key and product: each request counts
/// itself with one upsert and learns the window's count, on any server.
public struct RateLimitRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    public static let windowMilliseconds: Int64 = 60_000

    /// Counts one request at `now`; returns the window's count, this one included,
    /// and when the window ends.
    public func hit(keyID: UUID, product: String, now: Int64) async throws -> (count: Int, windowEnds: Int64) {
        let start = now - now % Self.windowMilliseconds
        let count = try await db.write { tx in
            let sql = DocumentCheckRepository.sql(tx)
            let row = try await sql.raw("""
                INSERT INTO rate_limit_windows (id, key_id, product, window_start, count)
                VALUES (\(bind: UUID()), \(bind: keyID), \(bind: product), \(bind: start), 1)
                ON CONFLICT (key_id, product, window_start) DO UPDATE SET count = rate_limit_windows.count + 1
                RETURNING count
                """).first()
            let count = try row?.decode(column: "count", as: Int.self) ?? 1
            // Housekeeping, once per new window rather than on every request:
            // this key's windows older than an hour are of no use.
            if count == 1 {
                try await sql.raw("""
                    DELETE FROM rate_limit_windows WHERE key_id = \(bind: keyID) AND window_start < \(bind: start - 3_600_000)
                    """).run()
            }
            return count
        }
        return (count, start + Self.windowMilliseconds)
    }
}
