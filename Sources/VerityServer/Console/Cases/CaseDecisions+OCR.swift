import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityStore

/// A national-ID OCR combination held for a person. The SDK received its
/// signed answer when it combined (an answer is not re-signed afterwards), so
/// the reviewer's decision goes to the tenant's backend as
/// `ocr.combination_decided`; the combined result and images it kept go in
/// the same transaction.
extension CaseDecisions {
    func decideOCRCombination(_ reviewCase: ReviewCaseModel, decision: ReviewDecision, reason: String, note: String,
                              session: OperatorAccounts.Session, now: Int64) async throws -> Bool {
        let sessionID = reviewCase.subjectID
        let held = try await OCRSessionRepository(db: db).held(id: sessionID)
        let decided = WebhookEvents.draft(.ocrCombinationDecided, environmentID: reviewCase.environmentID, userID: reviewCase.userID, [
            "combinationId": .string(held?.combinationID ?? ""), "decision": .string(decision == .approve ? "approved" : "rejected"),
            "reason": .string(reason),
        ])
        let write = try caseDecision(reviewCase, decision: decision, reason: reason, note: note, session: session, now: now)
        let environmentID = reviewCase.environmentID
        let written = try await db.write { tx in
            guard try await write(tx) else { return false }
            try await OCRSessionRepository.releaseHeld(id: sessionID, on: tx)
            _ = try await WebhookOutbox.publish([decided], now: now, on: tx)
            return true
        }
        if written { await wake?.outcomeWritten(environmentID: environmentID, db: db) }
        return written
    }
}
