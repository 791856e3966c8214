import Fluent
import Foundation
import SQLKit
import VerityCore

/// OCR sessions: each side taken once, the combination once, and everything
/// sealed erased when the combination ends the session or it expires.
public struct OCRSessionRepository: Sendable {
    /// The kind of review case that holds a session's combination for a
    /// reviewer: the sweep keeps a session such a case still waits on.
    public static let reviewKind = ReviewCaseKind(rawValue: "ocr_combination")

    let db: any Database

    public init(db: any Database) {
        self.db = db
    }

    public struct Session: Sendable {
        public let id: UUID
        public let publicID: String
        public let sealedKeys: Data?
        public let frontTransactionID: String?
        public let sealedFront: Data?
        public let sealedFrontImage: Data?
        public let backTransactionID: String?
        public let sealedBack: Data?
        public let sealedBackImage: Data?
        public let combinationID: String?
        public let expiresAt: Int64
        public let finishedAt: Int64?
    }

    /// `id` is the new row's: `sealedKeys` are sealed to it.
    public func create(id: UUID, publicID: String, environmentID: UUID, userID: UUID, sealedKeys: Data, now: Int64, expiresAt: Int64) async throws {
        try await db.write { tx in
            try await tx.sql().raw("""
                INSERT INTO ocr_sessions (id, public_id, environment_id, user_id, sealed_keys, created_at, expires_at)
                VALUES (\(bind: id), \(bind: publicID), \(bind: environmentID), \(bind: userID), \(bind: sealedKeys), \(bind: now), \(bind: expiresAt))
                """).run()
        }
    }

    /// The session `publicID` of this user in this environment; nil for anyone else's.
    public func session(publicID: String, environmentID: UUID, userID: UUID) async throws -> Session? {
        guard let row = try await db.sql().raw("""
            SELECT id, public_id, sealed_keys, front_transaction_id, sealed_front, sealed_front_image, back_transaction_id, sealed_back,
                   sealed_back_image, combination_id, expires_at, finished_at
            FROM ocr_sessions WHERE public_id = \(bind: publicID) AND environment_id = \(bind: environmentID) AND user_id = \(bind: userID)
            """).first() else { return nil }
        return Session(id: try row.decode(column: "id", as: UUID.self), publicID: try row.decode(column: "public_id", as: String.self),
                       sealedKeys: try row.decode(column: "sealed_keys", as: Data?.self),
                       frontTransactionID: try row.decode(column: "front_transaction_id", as: String?.self),
                       sealedFront: try row.decode(column: "sealed_front", as: Data?.self),
                       sealedFrontImage: try row.decode(column: "sealed_front_image", as: Data?.self),
                       backTransactionID: try row.decode(column: "back_transaction_id", as: String?.self),
                       sealedBack: try row.decode(column: "sealed_back", as: Data?.self),
                       sealedBackImage: try row.decode(column: "sealed_back_image", as: Data?.self),
                       combinationID: try row.decode(column: "combination_id", as: String?.self),
                       expiresAt: try row.decode(column: "expires_at", as: Int64.self),
                       finishedAt: try row.decode(column: "finished_at", as: Int64?.self))
    }

    /// Records a side's transaction, unless the side was taken already or the
    /// session ended: false then, and nothing changes.
    public func takeSide(id: UUID, front: Bool, transactionID: String, sealedReading: Data, sealedImage: Data?, now: Int64) async throws -> Bool {
        // The side's columns: front_… or back_….
        let side = front ? "front" : "back"
        return try await db.write { tx in
            try await !tx.sql().raw("""
                UPDATE ocr_sessions SET \(ident: side + "_transaction_id") = \(bind: transactionID), \(ident: "sealed_" + side) = \(bind: sealedReading),
                \(ident: "sealed_" + side + "_image") = \(bind: sealedImage)
                WHERE id = \(bind: id) AND \(ident: side + "_transaction_id") IS NULL AND finished_at IS NULL AND expires_at > \(bind: now)
                RETURNING id
                """).all().isEmpty
        }
    }

    /// Ends the session with its combination: the keys, readings and images
    /// are erased in the same statement. Nil when it had ended already, else
    /// whether an endpoint will be told of `events`.
    /// With `review`, a case opens for the console's reviewers in the same
    /// transaction, and the combined result (sealed) and the side images stay
    /// for it until it is decided.
    public func finish(id: UUID, combinationID: String, now: Int64, events: [WebhookEventDraft] = [],
                       review: (reviewCase: ReviewCaseModel, sealedResult: Data)? = nil) async throws -> Bool? {
        try await db.write { tx in
            let images: SQLQueryString = review == nil ? ", sealed_front_image = NULL, sealed_back_image = NULL" : ""
            guard try await !tx.sql().raw("""
                UPDATE ocr_sessions SET combination_id = \(bind: combinationID), finished_at = \(bind: now), sealed_keys = NULL,
                sealed_front = NULL, sealed_back = NULL, sealed_review = \(bind: review?.sealedResult) \(images)
                WHERE id = \(bind: id) AND finished_at IS NULL RETURNING id
                """).all().isEmpty else { return nil }
            let told = try await WebhookOutbox.publish(events, now: now, on: tx)
            if let review { try await ReviewCaseRepository.open(review.reviewCase, on: tx) }
            return told
        }
    }

    /// What a held combination keeps for its reviewer.
    public struct HeldCombination: Sendable {
        public let environmentID: UUID
        public let userID: UUID
        public let combinationID: String?
        public let finishedAt: Int64?
        public let sealedResult: Data?
        public let sealedFrontImage: Data?
        public let sealedBackImage: Data?
    }

    public func held(id: UUID) async throws -> HeldCombination? {
        guard let row = try await db.sql().raw("""
            SELECT environment_id, user_id, combination_id, finished_at, sealed_review, sealed_front_image, sealed_back_image
            FROM ocr_sessions WHERE id = \(bind: id)
            """).first() else { return nil }
        return HeldCombination(environmentID: try row.decode(column: "environment_id", as: UUID.self),
                               userID: try row.decode(column: "user_id", as: UUID.self),
                               combinationID: try row.decode(column: "combination_id", as: String?.self),
                               finishedAt: try row.decode(column: "finished_at", as: Int64?.self),
                               sealedResult: try row.decode(column: "sealed_review", as: Data?.self),
                               sealedFrontImage: try row.decode(column: "sealed_front_image", as: Data?.self),
                               sealedBackImage: try row.decode(column: "sealed_back_image", as: Data?.self))
    }

    /// A held combination's evidence erased, inside the decision's transaction.
    public static func releaseHeld(id: UUID, on tx: any Database) async throws {
        try await tx.sql().raw("""
            UPDATE ocr_sessions SET sealed_review = NULL, sealed_front_image = NULL, sealed_back_image = NULL WHERE id = \(bind: id)
            """).run()
    }

    /// Housekeeping: sessions past their expiry go with whatever they held (but
    /// what a reviewer still needs); returns how many.
    @discardableResult
    public func purge(expiredBefore now: Int64) async throws -> Int {
        try await db.write { tx in
            // A combination a reviewer has yet to decide stays (sealed) until they do.
            try await tx.sql().raw("""
                DELETE FROM ocr_sessions WHERE expires_at < \(bind: now) AND NOT EXISTS (
                  SELECT 1 FROM review_cases WHERE review_cases.kind = \(literal: Self.reviewKind) AND review_cases.subject_id = ocr_sessions.id
                  AND review_cases.decided_at IS NULL) RETURNING id
                """).all().count
        }
    }
}
