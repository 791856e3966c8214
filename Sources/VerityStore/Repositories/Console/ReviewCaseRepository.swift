import Fluent
import FluentSQL
import Foundation
import SQLKit
import VerityCore

/// The review queue. Every change is a conditional UPDATE on the state it
/// was read in, so claims and decisions hold across any number of servers:
/// a case is claimed by one reviewer at a time and decided once.
public struct ReviewCaseRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    /// Opens a case inside the transaction that holds its subject.
    public static func open(_ reviewCase: ReviewCaseModel, on tx: any Database) async throws {
        try await reviewCase.create(on: tx)
    }

    /// A case of `tenantID`; another tenant's is as unknown as one that never existed.
    public func reviewCase(id: UUID, tenantID: UUID) async throws -> ReviewCaseModel? {
        try await ReviewCaseModel.query(on: db).filter(\.$id == id).filter(\.$tenantID == tenantID).first()
    }

    /// The open case about `subjectID`, if any.
    public func openCase(kind: ReviewCaseKind, subjectID: UUID) async throws -> ReviewCaseModel? {
        try await ReviewCaseModel.query(on: db).filter(\.$kind == kind).filter(\.$subjectID == subjectID)
            .filter(\.$decidedAt == nil).first()
    }

    /// Where a queue page starts: after the case last shown.
    public struct Cursor: Sendable, Equatable {
        public let openedAt: Int64
        public let id: UUID
        public init(openedAt: Int64, id: UUID) {
            self.openedAt = openedAt
            self.id = id
        }
    }

    /// Open cases `operatorID` may take, oldest first: unclaimed, claimed by
    /// them, or with a lapsed claim. Another reviewer's live claim hides a case.
    public func queue(tenantID: UUID, operatorID: UUID, now: Int64, after: Cursor?, limit: Int) async throws -> [ReviewCaseModel] {
        let sql = try db.sql()
        let resume: SQLQueryString = after.map {
            "AND (opened_at > \(bind: $0.openedAt) OR (opened_at = \(bind: $0.openedAt) AND id > \(bind: $0.id)))"
        } ?? ""
        return try await sql.raw("""
            SELECT * FROM review_cases
            WHERE tenant_id = \(bind: tenantID) AND decided_at IS NULL
              AND (claimed_by IS NULL OR claimed_by = \(bind: operatorID) OR claimed_until < \(bind: now)) \(resume)
            ORDER BY opened_at, id LIMIT \(unsafeRaw: String(max(1, min(limit, 200))))
            """).all(decodingFluent: ReviewCaseModel.self)
    }

    /// How many cases wait, by kind, and how many of them others hold.
    public struct Counts: Sendable, Equatable {
        public var open: [ReviewCaseKind: Int] = [:]
        public var claimedByOthers = 0
        public var total: Int { open.values.reduce(0, +) }
        public var oldestOpenedAt: Int64?
    }

    public func counts(tenantID: UUID, operatorID: UUID, now: Int64) async throws -> Counts {
        let sql = try db.sql()
        var counts = Counts()
        let rows = try await sql.raw("""
            SELECT kind, COUNT(*) AS waiting, MIN(opened_at) AS oldest,
              SUM(CASE WHEN claimed_by IS NOT NULL AND claimed_by <> \(bind: operatorID) AND claimed_until >= \(bind: now) THEN 1 ELSE 0 END) AS held
            FROM review_cases WHERE tenant_id = \(bind: tenantID) AND decided_at IS NULL GROUP BY kind
            """).all()
        for row in rows {
            let kind = ReviewCaseKind(rawValue: try row.decode(column: "kind", as: String.self))
            counts.open[kind] = try row.decode(column: "waiting", as: Int.self)
            counts.claimedByOthers += try row.decode(column: "held", as: Int?.self) ?? 0
            let oldest = try row.decode(column: "oldest", as: Int64?.self)
            if let oldest, oldest < (counts.oldestOpenedAt ?? .max) { counts.oldestOpenedAt = oldest }
        }
        return counts
    }

    /// Why a claim or decision was refused, read after the conditional UPDATE missed.
    public enum Refusal: Error, Equatable, Sendable {
        case notFound
        case decided
        case claimedByOther(until: Int64)
        case notClaimed
    }

    /// Claims the case for `operatorID` for `ReviewClaim.milliseconds` (again
    /// when they hold it: the claim is extended).
    public func claim(id: UUID, tenantID: UUID, operatorID: UUID, now: Int64) async throws -> Int64 {
        let until = now + ReviewClaim.milliseconds
        let claimed = try await db.write { tx in
            try await tx.sql().raw("""
                UPDATE review_cases SET claimed_by = \(bind: operatorID), claimed_until = \(bind: until)
                WHERE id = \(bind: id) AND tenant_id = \(bind: tenantID) AND decided_at IS NULL
                  AND (claimed_by IS NULL OR claimed_by = \(bind: operatorID) OR claimed_until < \(bind: now)) RETURNING id
                """).first() != nil
        }
        if claimed { return until }
        throw try await refusal(id: id, tenantID: tenantID, operatorID: operatorID, now: now)
    }

    /// Gives the case back to the queue; nothing happens unless `operatorID` holds it.
    public func release(id: UUID, tenantID: UUID, operatorID: UUID) async throws {
        try await db.write { tx in
            try await tx.sql().raw("""
                UPDATE review_cases SET claimed_by = NULL, claimed_until = NULL
                WHERE id = \(bind: id) AND tenant_id = \(bind: tenantID) AND claimed_by = \(bind: operatorID) AND decided_at IS NULL
                """).run()
        }
    }

    /// Writes the decision inside the caller's transaction, only if
    /// `operatorID`'s claim is live; false otherwise (call `refusal`).
    public static func decide(id: UUID, tenantID: UUID, operatorID: UUID, decision: ReviewDecision, reason: String, now: Int64,
                              on tx: any Database) async throws -> Bool {
        try await tx.sql().raw("""
            UPDATE review_cases SET decided_at = \(bind: now), decided_by = \(bind: operatorID), decision = \(bind: decision.rawValue),
              decision_reason = \(bind: reason), claimed_until = NULL
            WHERE id = \(bind: id) AND tenant_id = \(bind: tenantID) AND decided_at IS NULL
              AND claimed_by = \(bind: operatorID) AND claimed_until >= \(bind: now) RETURNING id
            """).first() != nil
    }

    /// Closes the open case about `subjectID` when its subject was decided
    /// outside the console (the admin API, the CLI): it leaves the queue,
    /// with no reviewer, as `DECIDED_OUTSIDE_CONSOLE`. A case the console
    /// decided in the same transaction is closed already and left alone.
    public static func closeDecidedElsewhere(kind: ReviewCaseKind, subjectID: UUID, decision: ReviewDecision, now: Int64,
                                             on tx: any Database) async throws {
        try await tx.sql().raw("""
            UPDATE review_cases SET decided_at = \(bind: now), decision = \(bind: decision.rawValue),
              decision_reason = \(bind: Self.decidedOutsideConsole), claimed_until = NULL
            WHERE kind = \(bind: kind.rawValue) AND subject_id = \(bind: subjectID) AND decided_at IS NULL
            """).run()
    }

    public static let decidedOutsideConsole = "DECIDED_OUTSIDE_CONSOLE"

    /// What stands in the way of `operatorID` on this case now.
    public func refusal(id: UUID, tenantID: UUID, operatorID: UUID, now: Int64) async throws -> Refusal {
        guard let found = try await reviewCase(id: id, tenantID: tenantID) else { return .notFound }
        if found.decidedAt != nil { return .decided }
        if let holder = found.claimedBy, holder != operatorID, let until = found.claimedUntil, until >= now {
            return .claimedByOther(until: until)
        }
        return .notClaimed
    }

    /// A user's cases, newest first (the console's user page).
    public func cases(userID: UUID) async throws -> [ReviewCaseModel] {
        try await ReviewCaseModel.query(on: db).filter(\.$userID == userID).sort(\.$openedAt, .descending).limit(100).all()
    }
}
