import Fluent
import Foundation
import SQLKit

/// Fixed one-minute windows per credential and surface: each request counts
/// itself with one upsert and learns the window's count, on any server.
///
/// On PostgreSQL the count is one prepared statement with no transaction
/// around it, on an unlogged table (a counter lost in a crash costs a minute
/// of leniency, and no request waits for a WAL flush for it). On SQLite, one
/// process by design, it is kept in the process (`LocalRateWindows`).
/// Windows over an hour old are swept by housekeeping, not by requests.
public struct RateLimitRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    public static let windowMilliseconds: Int64 = 60_000
    /// How long past windows are kept (housekeeping deletes older ones).
    public static let keptMilliseconds: Int64 = 3_600_000

    /// One request to count: whose, on which surface, in which window.
    public struct Hit: Sendable {
        public let keyID: UUID
        public let product: String
        public let windowStart: Int64

        public init(keyID: UUID, product: String, now: Int64) {
            self.keyID = keyID
            self.product = product
            windowStart = now - now % RateLimitRepository.windowMilliseconds
        }

        public var windowEnds: Int64 { windowStart + RateLimitRepository.windowMilliseconds }
    }

    /// Counts one request of `keyID` on `product` (a mobile product, `identity`,
    /// `admin`) at `now`; returns the window's count, this one included, and
    /// when the window ends.
    public func hit(keyID: UUID, product: String, now: Int64) async throws -> (count: Int, windowEnds: Int64) {
        try await hit(Hit(keyID: keyID, product: product, now: now))
    }

    /// Counts `hit`; returns the window's count, this one included, and when the window ends.
    public func hit(_ hit: Hit) async throws -> (count: Int, windowEnds: Int64) {
        let (keyID, product, start) = (hit.keyID, hit.product, hit.windowStart)
        // SQLite is one server process by design (its writes already queue in
        // one gate per process): there the count lives in the process, where it
        // costs no write. Every request behind a credential counts itself, and
        // a write each queued behind every other write of the file.
        if (db as? any SQLDatabase)?.dialect.name == "sqlite" {
            return (await LocalRateWindows.shared.hit("\(keyID)|\(product)", windowStart: start), hit.windowEnds)
        }
        let count: Int
        if let rows = try await db.prepared(RateLimitHitStatement(id: .random(), keyID: keyID, product: product, windowStart: start)) {
            count = rows.first ?? 1
        } else {
            count = try await db.write { tx in
                try await tx.sql().raw("""
                    INSERT INTO rate_limit_windows (id, key_id, product, window_start, count)
                    VALUES (\(bind: UUID.random()), \(bind: keyID), \(bind: product), \(bind: start), 1)
                    ON CONFLICT (key_id, product, window_start) DO UPDATE SET count = rate_limit_windows.count + 1
                    RETURNING count
                    """).first()?.decode(column: "count", as: Int.self) ?? 1
            }
        }
        return (count, hit.windowEnds)
    }

    /// Housekeeping: windows older than an hour, whoever counted in them; returns how many.
    @discardableResult
    public func purge(now: Int64) async throws -> Int {
        try await db.write { tx in
            try await tx.sql().raw("""
                DELETE FROM rate_limit_windows WHERE window_start < \(bind: now - Self.keptMilliseconds) RETURNING id
                """).all().count
        }
    }
}

/// Request counts per credential and minute in this process (SQLite deployments).
actor LocalRateWindows {
    static let shared = LocalRateWindows()
    private var windows: [String: (start: Int64, count: Int)] = [:]

    func hit(_ key: String, windowStart: Int64) -> Int {
        // Past windows go once the table grows: no request pays for a sweep.
        if windows.count > 50_000 { windows = windows.filter { $0.value.start >= windowStart } }
        let count = windows[key].map { $0.start == windowStart ? $0.count + 1 : 1 } ?? 1
        windows[key] = (windowStart, count)
        return count
    }
}
