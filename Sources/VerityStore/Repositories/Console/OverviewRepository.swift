import Fluent
import Foundation
import SQLKit

/// The figures behind the console's overview, for one environment and a
/// window of days: counts grouped in the database (a day is the epoch-ms
/// time divided by 86,400,000, the same on SQLite and PostgreSQL), and
/// percentiles read by offset from the sorted durations.
public struct OverviewRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    static let dayMilliseconds: Int64 = 86_400_000

    private var sql: any SQLDatabase { db as! any SQLDatabase }

    public struct DayCount: Sendable, Equatable {
        public let day: Int64
        public let key: String
        public let count: Int
    }

    /// Document checks submitted per day, by status.
    public func checksPerDay(environmentID: UUID, from: Int64, to: Int64) async throws -> [DayCount] {
        try await grouped("""
            SELECT created_at / \(unsafeRaw: String(Self.dayMilliseconds)) AS day, status AS key, COUNT(*) AS n FROM document_checks
            WHERE environment_id = \(bind: environmentID) AND created_at >= \(bind: from) AND created_at < \(bind: to)
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
            SELECT created_at / \(unsafeRaw: String(Self.dayMilliseconds)) AS day, 'spent' AS key, -SUM(delta) AS n FROM credit_ledger
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
            SELECT document_type, country, SUM(CASE WHEN status = 'succeeded' THEN 1 ELSE 0 END) AS ok, COUNT(*) AS n FROM document_checks
            WHERE environment_id = \(bind: environmentID) AND created_at >= \(bind: from) AND created_at < \(bind: to)
              AND status IN ('succeeded', 'failed', 'unreadable')
            GROUP BY document_type, country ORDER BY n DESC LIMIT 20
            """).all().map {
            PassRate(documentType: try $0.decode(column: "document_type", as: String.self), country: try $0.decode(column: "country", as: String.self),
                     succeeded: Int(try $0.decode(column: "ok", as: Int64.self)), settled: Int(try $0.decode(column: "n", as: Int64.self)))
        }
    }

    public struct Durations: Sendable, Equatable {
        public let count: Int
        public let median: Int64?
        public let p95: Int64?
    }

    /// How long settled checks took from submission to outcome.
    public func checkDecisionTimes(environmentID: UUID, from: Int64, to: Int64) async throws -> Durations {
        try await durations(expression: "finished_at - created_at", table: "document_checks", where: """
            environment_id = \(bind: environmentID) AND created_at >= \(bind: from) AND created_at < \(bind: to) AND finished_at IS NOT NULL
            """)
    }

    /// How long cases waited for a reviewer's decision.
    public func reviewTimes(environmentID: UUID, from: Int64, to: Int64) async throws -> Durations {
        try await durations(expression: "decided_at - opened_at", table: "review_cases", where: """
            environment_id = \(bind: environmentID) AND decided_at >= \(bind: from) AND decided_at < \(bind: to)
            """)
    }

    private func durations(expression: String, table: String, where condition: SQLQueryString) async throws -> Durations {
        let count = try await sql.raw("SELECT COUNT(*) AS n FROM \(unsafeRaw: table) WHERE \(condition)").first()?
            .decode(column: "n", as: Int64.self) ?? 0
        guard count > 0 else { return Durations(count: 0, median: nil, p95: nil) }
        func at(_ fraction: Double) async throws -> Int64? {
            let offset = min(Int64(count) - 1, Int64((Double(count - 1) * fraction).rounded()))
            return try await sql.raw("""
                SELECT \(unsafeRaw: expression) AS d FROM \(unsafeRaw: table) WHERE \(condition)
                ORDER BY d LIMIT 1 OFFSET \(unsafeRaw: String(offset))
                """).first()?.decode(column: "d", as: Int64.self)
        }
        return Durations(count: Int(count), median: try await at(0.5), p95: try await at(0.95))
    }
}
