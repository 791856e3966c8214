import Fluent
import Foundation
import SQLKit
import VerityCore

extension VerificationRepository {
    /// Gives back the attempts charged before `chargedBefore` and never
    /// settled: their server died between the charge and the data source's
    /// answer (a `kill -9`, a lost machine). Each is settled `unanswered`, as
    /// when the data source could not answer: the user keeps the attempt, and
    /// no decision is published, since none was made. Returns how many.
    ///
    /// Every server's housekeeping may run it at once, and a request that was
    /// only slow may settle its attempt at the same moment: the attempt is
    /// settled once, by whoever changes it from `pending` first, under the
    /// user's record's lock (`settle` checks the same).
    public func settleAbandoned(chargedBefore cutoff: Int64, now: Int64, limit: Int = 200) async throws -> Int {
        let rows = try await db.sql().raw("""
            SELECT id, user_id FROM verification_attempts WHERE outcome = \(literal: AttemptOutcome.pending) AND attempted_at < \(bind: cutoff)
            ORDER BY attempted_at LIMIT \(bind: limit)
            """).all()
        var settled = 0
        for row in rows {
            let attemptID = try row.decode(column: "id", as: UUID.self)
            let userID = try row.decode(column: "user_id", as: UUID.self)
            if try await giveBack(attemptID: attemptID, userID: userID, now: now) { settled += 1 }
        }
        return settled
    }

    private func giveBack(attemptID: UUID, userID: UUID, now: Int64) async throws -> Bool {
        try await db.write { tx in
            let sql = try tx.sql()
            guard let current = try await Self.lockedRecord(userID: userID, on: sql) else { return false }
            guard try await sql.raw("""
                UPDATE verification_attempts SET outcome = \(literal: AttemptOutcome.unanswered), settled_at = \(bind: now)
                WHERE id = \(bind: attemptID) AND outcome = \(literal: AttemptOutcome.pending) RETURNING id
                """).first() != nil else { return false }
            let record = AttemptSettlement.unanswered.applied(to: current, now: now)
            try await Self.store(record, userID: userID, on: sql)
            return true
        }
    }
}
