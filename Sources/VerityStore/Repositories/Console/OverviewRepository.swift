import Fluent
import Foundation
import SQLKit
import VerityCore

/// The figures behind the console's overview, for one environment and a
/// window of days: counts grouped in the database (a day is the epoch-ms
/// time divided by 86,400,000, the same on SQLite and PostgreSQL). Document
/// checks come from their counters (`DocumentCheckCounts`); attempts,
/// credits and reviews from one pass over an index that covers what is read
/// (`IndexConsoleOverview`).
public struct OverviewRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    /// The statuses a check ends in, for pass rates and check times.
    static let settledStatuses: [DocumentCheckStatus] = [.succeeded, .failed, .unreadable]

    static let dayMilliseconds: Int64 = 86_400_000

    private var sql: any SQLDatabase { get throws { try db.sql() } }

    public struct DayCount: Sendable, Equatable {
        public let day: Int64
        public let key: String
        public let count: Int
    }

    /// Document checks submitted per day, by status (running ones are not counted).
    public func checksPerDay(environmentID: UUID, from: Int64, to: Int64) async throws -> [DayCount] {
        try await grouped("""
            SELECT day, status AS key, CAST(SUM(n) AS BIGINT) AS n FROM document_check_counts
            WHERE environment_id = \(bind: environmentID) AND day >= \(bind: from / Self.dayMilliseconds) AND day < \(bind: to / Self.dayMilliseconds)
            GROUP BY day, status
            """)
    }

    /// PII attempts per day, by the data source's outcome.
    public func attemptsPerDay(environmentID: UUID, from: Int64, to: Int64) async throws -> [DayCount] {
        try await grouped("""
            SELECT attempted_at / \(unsafeRaw: String(Self.dayMilliseconds)) AS day, outcome AS key, COUNT(*) AS n FROM verification_attempts
            WHERE environment_id = \(bind: environmentID) AND attempted_at >= \(bind: from) AND attempted_at < \(bind: to)
            GROUP BY day, outcome
            """)
    }

    /// Credits spent per day (the ledger's debits), as positive numbers.
    public func creditsPerDay(environmentID: UUID, from: Int64, to: Int64) async throws -> [DayCount] {
        try await grouped("""
            SELECT created_at / \(unsafeRaw: String(Self.dayMilliseconds)) AS day, 'spent' AS key, CAST(-SUM(delta) AS BIGINT) AS n FROM credit_ledger
            WHERE environment_id = \(bind: environmentID) AND created_at >= \(bind: from) AND created_at < \(bind: to) AND delta < 0
            GROUP BY day
            """)
    }

    private func grouped(_ query: SQLQueryString) async throws -> [DayCount] {
        try await sql.raw(query).all().map {
            DayCount(day: try $0.decode(column: "day", as: Int64.self), key: try $0.decode(column: "key", as: String.self),
                     count: Int(try $0.decode(column: "n", as: Int64.self)))
        }
    }

    public struct PassRate: Sendable, Equatable {
        public let documentType: String
        public let country: String
        public let succeeded: Int
        public let settled: Int
    }

    /// Checks the engines or a reviewer settled, by document type and country.
    public func passRates(environmentID: UUID, from: Int64, to: Int64) async throws -> [PassRate] {
        try await sql.raw("""
            SELECT document_type, country, CAST(SUM(CASE WHEN status = \(literal: DocumentCheckStatus.succeeded) THEN n ELSE 0 END) AS BIGINT) AS ok, CAST(SUM(n) AS BIGINT) AS total
            FROM document_check_counts
            WHERE environment_id = \(bind: environmentID) AND day >= \(bind: from / Self.dayMilliseconds) AND day < \(bind: to / Self.dayMilliseconds)
              AND status IN (\(literals: Self.settledStatuses))
            GROUP BY document_type, country HAVING SUM(n) > 0 ORDER BY total DESC LIMIT 20
            """).all().map {
            PassRate(documentType: try $0.decode(column: "document_type", as: String.self), country: try $0.decode(column: "country", as: String.self),
                     succeeded: Int(try $0.decode(column: "ok", as: Int64.self)), settled: Int(try $0.decode(column: "total", as: Int64.self)))
        }
    }

    /// Durations' percentiles to within their bucket: the count per bucket is
    /// grouped in the database in one pass (no sort of every duration), and
    /// a percentile is reported as the upper bound of the bucket it falls in.
    public struct Durations: Sendable, Equatable {
        public let count: Int
        /// Upper bounds (ms), nil without durations or past the last bound.
        public let median: Int64?
        public let p95: Int64?
    }

    /// Bucket upper bounds, milliseconds.
    public static var durationBounds: [Int64] { DocumentCheckCounts.bounds }

    /// How long settled checks took from submission to outcome.
    public func checkDecisionTimes(environmentID: UUID, from: Int64, to: Int64) async throws -> Durations {
        Self.percentiles(try await sql.raw("""
            SELECT bucket, CAST(SUM(n) AS BIGINT) AS n FROM document_check_counts
            WHERE environment_id = \(bind: environmentID) AND day >= \(bind: from / Self.dayMilliseconds) AND day < \(bind: to / Self.dayMilliseconds)
              AND bucket >= 0 AND status IN (\(literals: Self.settledStatuses))
            GROUP BY bucket
            """).all())
    }

    /// How long cases waited for a reviewer's decision.
    public func reviewTimes(environmentID: UUID, from: Int64, to: Int64) async throws -> Durations {
        try await durations(expression: "decided_at - opened_at", table: "review_cases", where: """
            environment_id = \(bind: environmentID) AND decided_at >= \(bind: from) AND decided_at < \(bind: to)
            """)
    }

    private func durations(expression: String, table: String, where condition: SQLQueryString) async throws -> Durations {
        Self.percentiles(try await sql.raw("""
            SELECT \(unsafeRaw: DocumentCheckCounts.bucketExpression(of: expression)) AS bucket, COUNT(*) AS n
            FROM \(unsafeRaw: table) WHERE \(condition) GROUP BY bucket
            """).all())
    }

    /// The median and the 95th percentile of bucket counts (`bucket`, `n` rows).
    static func percentiles(_ rows: [any SQLRow]) -> Durations {
        var counts = Array(repeating: 0, count: durationBounds.count + 1)
        for row in rows {
            guard let bucket = try? row.decode(column: "bucket", as: Int64.self), let n = try? row.decode(column: "n", as: Int64.self),
                  counts.indices.contains(Int(bucket)) else { continue }
            counts[Int(bucket)] += Int(n)
        }
        let total = counts.reduce(0, +)
        guard total > 0 else { return Durations(count: 0, median: nil, p95: nil) }
        func bound(_ fraction: Double) -> Int64? {
            let rank = Int((Double(total) * fraction).rounded(.up))
            var seen = 0
            for (bucket, count) in counts.enumerated() {
                seen += count
                if seen >= rank { return bucket < durationBounds.count ? durationBounds[bucket] : nil }
            }
            return nil
        }
        return Durations(count: total, median: bound(0.5), p95: bound(0.95))
    }
}
