import Fluent
import Foundation
import SQLKit
import VerityCore

/// Mobile sessions: found by their public id within an environment, moved a
/// step at a time by conditional UPDATEs on the step that was due (a step
/// sent twice at once is taken once), ended with their charge and the
/// erasure of their images in one transaction.
public struct MobileSessionRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    public func create(_ session: MobileSessionModel) async throws {
        try await db.write { try await session.create(on: $0) }
    }

    /// The session the token names, when `clientKeyID` started it in `environmentID`:
    /// another key of the same environment finds nothing (`docs/security.md`).
    public func session(tokenHash: String, environmentID: UUID, clientKeyID: UUID) async throws -> MobileSessionModel? {
        try await MobileSessionModel.query(on: db).filter(\.$tokenHash == tokenHash).filter(\.$environmentID == environmentID)
            .filter(\.$clientKeyID == clientKeyID).first()
    }

    /// What a step changes; nil fields are left as they are.
    public struct Step: Sendable {
        public var nextStep: MobileStep?
        public var sealedState: Data?
        public var sealedSelfie: Data?
        public var sealedFront: Data?
        public var sealedBack: Data?
        /// Erase the document's images (a retake: the ones that could not be read are of no further use).
        public var erasesDocument: Bool

        public init(nextStep: MobileStep?, sealedState: Data? = nil, sealedSelfie: Data? = nil, sealedFront: Data? = nil,
                    sealedBack: Data? = nil, erasesDocument: Bool = false) {
            self.nextStep = nextStep
            self.sealedState = sealedState
            self.sealedSelfie = sealedSelfie
            self.sealedFront = sealedFront
            self.sealedBack = sealedBack
            self.erasesDocument = erasesDocument
        }
    }

    /// Moves the session from `expected` to `step.nextStep`; false when another
    /// request moved it first.
    public func advance(id: UUID, from expected: MobileStep, _ step: Step, now: Int64) async throws -> Bool {
        try await advance(id: id, from: expected, now: now) { _ in step }
    }

    /// The same, the step made in the transaction once the session is found
    /// at `expected` (what it writes beside the session is rolled back with it).
    public func advance(id: UUID, from expected: MobileStep, now: Int64,
                        making: @escaping @Sendable (any Database) async throws -> Step) async throws -> Bool {
        try await db.write { tx in
            let session = try await MobileSessionModel.query(on: tx).filter(\.$id == id).filter(\.$nextStep == expected).first()
            guard let session else { return false }
            let step = try await making(tx)
            session.nextStep = step.nextStep
            if let state = step.sealedState { session.sealedState = state }
            if let selfie = step.sealedSelfie { session.sealedSelfie = selfie }
            if step.erasesDocument {
                session.sealedFront = nil
                session.sealedBack = nil
            }
            if let front = step.sealedFront { session.sealedFront = front }
            if let back = step.sealedBack { session.sealedBack = back }
            session.lastActivityAt = now
            try await session.update(on: tx)
            return true
        }
    }

    /// Ends the session at `expected` with `verification` (its outcome), charges
    /// the product's credits and erases the session's images, all in one
    /// transaction, pass or fail, as `mobile-api.txt` promises. Nil when
    /// another request ended or moved it first; `CREDITS_EXHAUSTED` changes nothing; otherwise
    /// whether an endpoint will be told of `events`.
    /// With `reviewCase`, the case opens in the same transaction, and
    /// `heldImages`, the reviewer's own sealed copy, is kept beside it
    /// (`mobile_review_images`: the decision or the held-images retention erases it).
    public func finish(id: UUID, from expected: MobileStep, verification: MobileVerificationModel, sealedState: Data?, credits: Int64,
                       now: Int64, events: [WebhookEventDraft] = [], reviewCase: ReviewCaseModel? = nil,
                       heldImages: MobileReviewImagesModel? = nil,
                       also: (@Sendable (any Database) async throws -> Void)? = nil) async throws -> Bool? {
        try await db.write { tx in
            guard let session = try await MobileSessionModel.query(on: tx).filter(\.$id == id).filter(\.$nextStep == expected).first()
            else { return nil }
            // The events before the charge, which locks the environment's balance until commit.
            let told = try await WebhookOutbox.publish(events, now: now, on: tx)
            if credits > 0 {
                try await CreditLedger.charge(environmentID: verification.environmentID, amount: credits, reason: verification.product.rawValue,
                                              reference: try verification.requireID().uuidString, now: now, on: tx)
            }
            try await verification.create(on: tx)
            session.nextStep = nil
            session.outcome = verification.outcome
            session.verificationID = try verification.requireID()
            if let sealedState { session.sealedState = sealedState }
            if let reviewCase {
                try await ReviewCaseRepository.open(reviewCase, on: tx)
                if let heldImages { try await heldImages.create(on: tx) }
            }
            // What else the session's end keeps (a compliance subject under monitoring), in its transaction.
            try await also?(tx)
            session.sealedSelfie = nil
            session.sealedFront = nil
            session.sealedBack = nil
            session.lastActivityAt = now
            try await session.update(on: tx)
            return told
        }
    }

    /// The session that ended as `verificationID` (while its result is retained).
    public func session(verificationID: UUID) async throws -> MobileSessionModel? {
        try await MobileSessionModel.query(on: db).filter(\.$verificationID == verificationID).first()
    }

    /// A reviewer's outcome for a verification that ended `expected`, inside
    /// the decision's transaction: the verification and its session take it,
    /// with the session's state resealed (`sealedState`, when it is still
    /// kept), and the reviewer's copy of the images goes unless another case
    /// still needs it.
    /// False when the verification no longer has the outcome the reviewer saw.
    public static func settle(verificationID: UUID, from expected: MobileOutcome, outcome: MobileOutcome, reasons: [String], sealedState: Data?,
                              keepsImages: Bool, on tx: any Database) async throws -> Bool {
        let sql = try tx.sql()
        let stored: String? = reasons.isEmpty ? nil : reasons.joined(separator: ",")
        guard try await sql.raw("""
            UPDATE mobile_verifications SET outcome = \(bind: outcome.rawValue), reasons = \(bind: stored)
            WHERE id = \(bind: verificationID) AND outcome = \(bind: expected.rawValue) RETURNING id
            """).first() != nil else { return false }
        let state: SQLQueryString = sealedState.map { ", sealed_state = \(bind: $0)" } ?? ""
        try await sql.raw("""
            UPDATE mobile_sessions SET outcome = \(bind: outcome.rawValue) \(state) WHERE verification_id = \(bind: verificationID)
            """).run()
        if !keepsImages { try await MobileReviewImageRepository.release(verificationID: verificationID, on: tx) }
        return true
    }

    /// Housekeeping, in two steps. Unfinished sessions idle past their
    /// product's limit expire: their state and images are erased and no step is
    /// due, so they answer `SESSION_EXPIRED`. Finished and expired sessions
    /// older than the environment's result retention are deleted. Returns how
    /// many sessions either step reached.
    @discardableResult
    public func purge(environmentID: UUID, settings: MobileSettings, now: Int64) async throws -> Int {
        try await db.write { tx in
            var swept = 0
            let sql = try tx.sql()
            for product in MobileSettings.sessionProducts {
                let idleSince = now - Int64(settings.sessionMinutes(for: product)) * 60_000
                swept += try await sql.raw("""
                    UPDATE mobile_sessions SET next_step = NULL, sealed_state = NULL, sealed_selfie = NULL, sealed_front = NULL,
                    sealed_back = NULL WHERE environment_id = \(bind: environmentID) AND product = \(bind: product.rawValue)
                    AND outcome IS NULL AND next_step IS NOT NULL AND last_activity_at < \(bind: idleSince) RETURNING id
                    """).all().count
            }
            let retainedSince = now - Int64(settings.resultRetentionDays) * 86_400_000
            swept += try await sql.raw("""
                DELETE FROM mobile_sessions WHERE environment_id = \(bind: environmentID) AND next_step IS NULL
                AND last_activity_at < \(bind: retainedSince) RETURNING id
                """).all().count
            return swept
        }
    }

    /// The environments with an unfinished session idle since before
    /// `idleSince`, or an ended one untouched since before `endedSince`: what
    /// the server-wide sweep visits (each with its own limits).
    public func environmentsWithSessions(idleSince: Int64, endedSince: Int64) async throws -> [UUID] {
        try await db.sql().raw("""
            SELECT DISTINCT environment_id FROM mobile_sessions WHERE (next_step IS NOT NULL AND last_activity_at < \(bind: idleSince))
            OR (next_step IS NULL AND last_activity_at < \(bind: endedSince))
            """).all().map { try $0.decode(column: "environment_id", as: UUID.self) }
    }
}
