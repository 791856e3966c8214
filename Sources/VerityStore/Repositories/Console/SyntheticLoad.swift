import Fluent
import Foundation
import SQLKit
import VerityCore

/// Fills an environment with synthetic history for the console's benchmark
/// (`verity bench-data`): users with no PII (references `synthetic-…`),
/// their document checks spread over the last days with the outcomes a busy
/// tenant sees, and review cases, open and decided. Rows are written the way
/// the product writes them (the same tables, binds and indexes), in batches.
public struct SyntheticLoad: Sendable {
    let db: any Database
    let protector: DataProtector

    public init(db: any Database, protector: DataProtector) {
        self.db = db
        self.protector = protector
    }

    public struct Plan: Sendable {
        public var checks: Int
        public var openCases: Int
        public var decidedCases: Int
        public var days: Int
        public var checksPerUser: Int

        public init(checks: Int, openCases: Int, decidedCases: Int, days: Int = 14, checksPerUser: Int = 10) {
            self.checks = checks
            self.openCases = openCases
            self.decidedCases = decidedCases
            self.days = days
            self.checksPerUser = checksPerUser
        }
    }

    static let batch = 500

    /// Writes the plan; returns the number of checks written.
    public func fill(tenantID: UUID, environmentID: UUID, plan: Plan, now: Int64) async throws -> Int {
        var random = SystemRandomNumberGenerator()
        let span = Int64(plan.days) * 86_400_000
        let types = ["passport", "driverLicense", "idCard"], countries = ["US", "GB", "CA"]
        let users = (0..<max(1, plan.checks / max(1, plan.checksPerUser))).map { _ in UUID() }
        for start in stride(from: 0, to: users.count, by: Self.batch) {
            let slice = users[start..<min(users.count, start + Self.batch)]
            // As a real user: a key of their own, the reference sealed under it and indexed.
            let keys = PersonKeyRepository(db: db, protector: protector)
            let people = try slice.map { id in
                let key = try keys.prepare(userID: id, environmentID: environmentID, now: now - span)
                let reference = "synthetic-\(id.uuidString)"
                return (id, key, try key.sealer.seal(text: reference, at: .of(.userRef, id)),
                        protector.blindIndex(reference, domain: UserRepository.refDomain(environmentID: environmentID)))
            }
            try await db.write { tx in
                let insert = try tx.sql().insert(into: "end_users")
                    .columns("id", "environment_id", "ref_index", "ref_sealed", "created_at")
                for (id, _, sealed, index) in people {
                    insert.values([SQLBind(id), SQLBind(environmentID), SQLBind(index), SQLBind(sealed), SQLBind(now - span)])
                }
                try await insert.run()
                for (_, key, _, _) in people { try await keys.insert(key, on: tx) }
            }
        }
        // Checks: the first `openCases` wait for a reviewer, the next `decidedCases` were reviewed, the rest the engines decided.
        var written = 0
        while written < plan.checks {
            let count = min(Self.batch, plan.checks - written)
            let first = written
            var checks: [[any SQLExpression]] = [], cases: [[any SQLExpression]] = []
            for index in first..<(first + count) {
                let id = UUID(), user = users[index % users.count]
                let created = now - Int64.random(in: 0..<span, using: &random)
                let status: String, finished: Int64?
                if index < plan.openCases {
                    status = "review"
                    finished = nil
                } else {
                    let roll = Int.random(in: 0..<100, using: &random)
                    status = roll < 72 ? "succeeded" : roll < 87 ? "failed" : "unreadable"
                    finished = created + Int64.random(in: 900...30_000, using: &random)
                }
                checks.append([SQLBind(id), SQLBind(user), SQLBind(environmentID), SQLBind("verification"),
                               SQLBind(types[index % types.count]), SQLBind(countries[(index / 3) % countries.count]), SQLBind(status),
                               SQLBind(created), SQLBind(finished)])
                if index < plan.openCases + plan.decidedCases {
                    let decided = index < plan.openCases ? nil : Optional(created + Int64.random(in: 60_000...7_200_000, using: &random))
                    cases.append([SQLBind(UUID()), SQLBind(tenantID), SQLBind(environmentID), SQLBind(ReviewCaseKind.documentCheck.rawValue),
                                  SQLBind(id), SQLBind(user), SQLBind(DocumentReviewReason.faceNearThreshold.rawValue), SQLBind(created),
                                  SQLBind(decided), SQLBind(decided.map { _ in ReviewDecision.approve.rawValue })])
                }
            }
            try await db.write { [checks, cases] tx in
                let sql = try tx.sql()
                let insertChecks = sql.insert(into: "document_checks")
                    .columns("id", "user_id", "environment_id", "flow", "document_type", "country", "status", "created_at", "finished_at")
                for row in checks { insertChecks.values(row) }
                try await insertChecks.run()
                guard !cases.isEmpty else { return }
                let insertCases = sql.insert(into: "review_cases")
                    .columns("id", "tenant_id", "environment_id", "kind", "subject_id", "user_id", "reasons", "opened_at", "decided_at", "decision")
                for row in cases { insertCases.values(row) }
                try await insertCases.run()
            }
            written += count
        }
        // The rows went in beside the counters: count the environment afresh.
        try await db.write { tx in try await DocumentCheckCounts.rebuild(environmentID: environmentID, on: tx) }
        return written
    }

    /// `SELECT count(*)` over one of the tables the console reads: the
    /// benchmark's baseline, through the same driver and pool.
    public func count(table: String) async throws -> Int {
        guard ["document_checks", "review_cases", "end_users", "audit_events"].contains(table) else {
            throw VerityError.invalid("table", "one of document_checks, review_cases, end_users, audit_events")
        }
        return Int(try await db.sql().raw("SELECT count(*) AS n FROM \(unsafeRaw: table)").first()?
            .decode(column: "n", as: Int64.self) ?? 0)
    }
}
