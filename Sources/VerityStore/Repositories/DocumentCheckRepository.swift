import Fluent
import Foundation
import SQLKit
import VerityCore

/// Users' document verification and its checks. The status moves only by
/// conditional UPDATEs on the value it was read with, so two submissions
/// racing for one user (on any number of servers) start one check; a check
/// is settled once, with its images erased in the same transaction.
public struct DocumentCheckRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    /// The job kind that runs a check.
    public static let checkJobKind = "document.check"

    /// The user's stored status; nil before any document event.
    public func status(userID: UUID) async throws -> DocumentVerificationStatus? {
        try await DocumentVerificationModel.query(on: db).filter(\.$user.$id == userID).first()?.status
    }

    /// Keeps the last PII claim, sealed, for matching a document against it,
    /// inside the caller's transaction (`VerificationRepository.settle` files it
    /// with the attempt's settlement; on PostgreSQL in its statement).
    static func file(_ claim: FiledClaim, userID: UUID, now: Int64, on sql: any SQLDatabase) async throws {
        try await sql.raw("""
            INSERT INTO document_verifications (id, user_id, environment_id, sealed_claim, updated_at)
            VALUES (\(bind: UUID()), \(bind: userID), \(bind: claim.environmentID), \(bind: claim.sealed), \(bind: now))
            ON CONFLICT (user_id) DO UPDATE SET sealed_claim = excluded.sealed_claim, updated_at = excluded.updated_at
            """).run()
    }

    public func sealedClaim(userID: UUID) async throws -> Data? {
        try await DocumentVerificationModel.query(on: db).filter(\.$user.$id == userID).first()?.sealedClaim
    }

    /// A check as the handler needs it.
    public func check(id: UUID) async throws -> DocumentCheckModel? {
        try await DocumentCheckModel.find(id, on: db)
    }

    /// The user's newest check, if any.
    public func latestCheck(userID: UUID) async throws -> DocumentCheckModel? {
        try await DocumentCheckModel.query(on: db).filter(\.$user.$id == userID).sort(\.$createdAt, .descending).first()
    }

    /// Moves the user's status with `next` (the state machine; it throws to
    /// refuse) and, in the same transaction, does `alongside` (insert the check,
    /// queue its job). Returns the new status.
    public func transition(userID: UUID, environmentID: UUID, now: Int64,
                           next: @escaping @Sendable (DocumentVerificationStatus?) throws -> DocumentVerificationStatus,
                           alongside: @escaping @Sendable (any Database) async throws -> Void = { _ in },
                           events: [WebhookEventDraft] = []) async throws
        -> (status: DocumentVerificationStatus, told: Bool) {
        try await db.write { tx in
            let sql = try tx.sql()
            try await sql.raw("""
                INSERT INTO document_verifications (id, user_id, environment_id, updated_at)
                VALUES (\(bind: UUID()), \(bind: userID), \(bind: environmentID), \(bind: now))
                ON CONFLICT (user_id) DO NOTHING
                """).run()
            let current = try await sql.raw("SELECT status FROM document_verifications WHERE user_id = \(bind: userID)")
                .first().flatMap { try $0.decode(column: "status", as: String?.self) }
            let status = try next(current.flatMap(DocumentVerificationStatus.init(rawValue:)))
            let unchanged: SQLQueryString = current.map { "status = \(bind: $0)" } ?? "status IS NULL"
            let moved = try await sql.raw("""
                UPDATE document_verifications SET status = \(bind: status.rawValue), updated_at = \(bind: now)
                WHERE user_id = \(bind: userID) AND \(unchanged) RETURNING user_id
                """).first()
            // Another submission moved it between the read and the write (PostgreSQL).
            guard moved != nil else { throw VerityError(.documentCheckPending, "A document check is already running: wait for its outcome.") }
            try await alongside(tx)
            return (status, try await WebhookOutbox.publish(events, now: now, on: tx))
        }
    }

    /// Inserts a check and queues its job; `db` is `transition`'s transaction.
    public static func insert(_ check: DocumentCheckModel, now: Int64, on db: any Database) async throws {
        try await check.create(on: db)
        let id = try check.requireID()
        try await db.sql().raw("""
            UPDATE document_verifications SET current_check_id = \(bind: id) WHERE user_id = \(bind: check.$user.id)
            """).run()
        try await JobQueue.enqueue(kind: checkJobKind, subject: id, now: now, on: db)
    }

    /// How a check ended, to be written in one go.
    public struct Settlement: Sendable {
        public var outcome: DocumentCheckOutcome
        public var reasons: [String]
        public var sealedEvidence: Data?
        public var documentStatus: DocumentVerificationStatus
        /// GOVERNMENT_ID reached.
        public var verified: Bool
        /// The data source's reason to stop the user (capture flow).
        public var block: VerificationBlock?
        /// The events the outcome publishes, written with it (`WebhookOutbox`).
        public var events: [WebhookEventDraft]
        /// The environment keeps images after a check ends (`RetentionSettings.documentImagesDays`):
        /// the retention sweep erases them later. Otherwise they go with the settlement.
        public var keepsImages = false

        public init(outcome: DocumentCheckOutcome, reasons: [String], sealedEvidence: Data?, documentStatus: DocumentVerificationStatus,
                    verified: Bool, block: VerificationBlock? = nil, events: [WebhookEventDraft] = []) {
            self.events = events
            self.outcome = outcome
            self.reasons = reasons
            self.sealedEvidence = sealedEvidence
            self.documentStatus = documentStatus
            self.verified = verified
            self.block = block
        }
    }

    /// Settles a pending check: its outcome, the user's status, the level
    /// reached, and the images erased, in one transaction. False when the
    /// check was settled already (a second run after a crash does nothing).
    public func settle(checkID: UUID, userID: UUID, _ settlement: Settlement, now: Int64) async throws -> Bool {
        try await db.write { tx in
            try await Self.settle(checkID: checkID, userID: userID, from: .pending, settlement, now: now, on: tx)
        }
    }

    /// `settle` inside a caller's transaction, for a check whose status is
    /// `from` (`pending` for the engines, `review` for a reviewer). Evidence
    /// left nil keeps what the check holds.
    public static func settle(checkID: UUID, userID: UUID, from: DocumentCheckStatus, _ settlement: Settlement, now: Int64,
                              on tx: any Database) async throws -> Bool {
        let sql = try tx.sql()
        let reasons = settlement.reasons.isEmpty ? nil : settlement.reasons.joined(separator: ",")
        let images: SQLQueryString = settlement.keepsImages ? "" : ", sealed_front = NULL, sealed_back = NULL, sealed_face = NULL, sealed_chip = NULL, sealed_chip_face = NULL"
        guard try await sql.raw("""
            UPDATE document_checks SET status = \(bind: DocumentCheckStatus(settlement.outcome).rawValue), reasons = \(bind: reasons),
              sealed_evidence = COALESCE(\(bind: settlement.sealedEvidence), sealed_evidence)\(images), finished_at = \(bind: now)
            WHERE id = \(bind: checkID) AND status = \(bind: from.rawValue) RETURNING id
            """).first() != nil else { return false }
        // A held check was counted as waiting: it moves to its outcome.
        if from == .review { try await DocumentCheckCounts.adjust("id = \(bind: checkID)", sign: -1, countedAs: DocumentCheckStatus.review.rawValue, on: tx) }
        try await DocumentCheckCounts.adjust("id = \(bind: checkID)", sign: 1, on: tx)
        // The claim on file is kept while the user may submit again.
        let final = settlement.documentStatus == .succeeded || settlement.documentStatus == .failed
        try await sql.raw("""
            UPDATE document_verifications SET status = \(bind: settlement.documentStatus.rawValue),
              sealed_claim = CASE WHEN \(bind: final) THEN NULL ELSE sealed_claim END, updated_at = \(bind: now)
            WHERE user_id = \(bind: userID) AND current_check_id = \(bind: checkID)
            """).run()
        if settlement.verified {
            try await sql.raw("""
                UPDATE identity_verifications SET achieved_method = \(bind: VerificationMethod.governmentID.rawValue),
                  verified_at = \(bind: now) WHERE user_id = \(bind: userID)
                """).run()
        }
        if let block = settlement.block {
            try await sql.raw("""
                UPDATE identity_verifications SET block = COALESCE(block, \(bind: block.rawValue)) WHERE user_id = \(bind: userID)
                """).run()
        }
        try await WebhookOutbox.publish(settlement.events, now: now, on: tx)
        return true
    }

    /// Holds a pending check for a reviewer: its status becomes `review` with
    /// the reasons, its evidence is kept and its images stay (sealed) for the
    /// reviewer to see; the user's status stays `pending` (the spec's
    /// "in progress"). The case is opened and the events published in the
    /// same transaction. False when the check was settled already.
    public func holdForReview(checkID: UUID, reasons: [String], sealedEvidence: Data, sealedChipFace: Data? = nil, reviewCase: ReviewCaseModel,
                              events: [WebhookEventDraft], now: Int64) async throws -> Bool {
        try await db.write { tx in
            guard try await tx.sql().raw("""
                UPDATE document_checks SET status = \(bind: DocumentCheckStatus.review.rawValue), reasons = \(bind: reasons.joined(separator: ",")),
                  sealed_evidence = \(bind: sealedEvidence), sealed_chip_face = \(bind: sealedChipFace)
                WHERE id = \(bind: checkID) AND status = \(bind: DocumentCheckStatus.pending.rawValue) RETURNING id
                """).first() != nil else { return false }
            try await DocumentCheckCounts.adjust("id = \(bind: checkID)", sign: 1, on: tx)
            try await ReviewCaseRepository.open(reviewCase, on: tx)
            try await WebhookOutbox.publish(events, now: now, on: tx)
            return true
        }
    }

    /// The administrative reset: document verification starts again (the
    /// checks stay as history; their images are gone already). A check
    /// waiting for a reviewer is withdrawn with its case and images: a
    /// decision after the reset would verify a user who starts again.
    public static func reset(userID: UUID, on tx: any Database) async throws {
        let sql = try tx.sql()
        try await sql.raw("""
            DELETE FROM review_cases WHERE kind = \(bind: ReviewCaseKind.documentCheck.rawValue) AND decided_at IS NULL
              AND subject_id IN (SELECT id FROM document_checks WHERE user_id = \(bind: userID) AND status = \(bind: DocumentCheckStatus.review.rawValue))
            """).run()
        let held = try await sql.raw("""
            SELECT id FROM document_checks WHERE user_id = \(bind: userID) AND status = \(bind: DocumentCheckStatus.review.rawValue)
            """).all().map { try $0.decode(column: "id", as: UUID.self) }
        if !held.isEmpty {
            let withdrawn: SQLQueryString = "id IN (\(binds: held))"
            try await sql.raw("""
                UPDATE document_checks SET status = \(bind: DocumentCheckStatus.withdrawn.rawValue), sealed_front = NULL, sealed_back = NULL, sealed_face = NULL, sealed_chip = NULL, sealed_chip_face = NULL
                WHERE \(withdrawn)
                """).run()
            try await DocumentCheckCounts.adjust(withdrawn, sign: -1, countedAs: DocumentCheckStatus.review.rawValue, on: tx)
            try await DocumentCheckCounts.adjust(withdrawn, sign: 1, on: tx)
        }
        try await DocumentVerificationModel.query(on: tx).filter(\.$user.$id == userID).delete()
        try await CaptureLinkRepository.remove(userID: userID, on: tx)
    }
}
