import Fluent
import Foundation
import SQLKit
import VerityCore

/// Single-shot verifications: stored with their charge in one transaction,
/// read back within their environment, their token redeemed once.
public struct MobileVerificationRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    /// Stores `verification` and charges its product's credits together;
    /// `CREDITS_EXHAUSTED` stores nothing. Returns whether an endpoint will be told.
    @discardableResult
    public func record(_ verification: MobileVerificationModel, credits: Int64, now: Int64, events: [WebhookEventDraft] = []) async throws -> Bool {
        try await db.write { tx in
            // The events first: the charge locks the environment's balance until commit.
            let told = try await WebhookOutbox.publish(events, now: now, on: tx)
            try await CreditLedger.charge(environmentID: verification.environmentID, amount: credits,
                                          reason: verification.product.rawValue, reference: try verification.requireID().uuidString,
                                          now: now, on: tx)
            try await verification.create(on: tx)
            return told
        }
    }

    /// The verification, only within `environmentID`.
    public func verification(id: UUID, environmentID: UUID) async throws -> MobileVerificationModel? {
        try await MobileVerificationModel.query(on: db).filter(\.$id == id).filter(\.$environmentID == environmentID).first()
    }

    /// The verification `id`, when `clientKeyID` made it: what a client key may read back.
    public func verification(id: UUID, environmentID: UUID, clientKeyID: UUID) async throws -> MobileVerificationModel? {
        try await MobileVerificationModel.query(on: db).filter(\.$id == id).filter(\.$environmentID == environmentID)
            .filter(\.$clientKeyID == clientKeyID).first()
    }

    /// Marks the token of `id` used; false when it was used already or has expired.
    public func redeemToken(id: UUID, environmentID: UUID, now: Int64) async throws -> Bool {
        try await db.write { tx in
            try await tx.sql().raw("""
                UPDATE mobile_verifications SET token_used_at = \(bind: now)
                WHERE id = \(bind: id) AND environment_id = \(bind: environmentID) AND outcome = \(literal: MobileOutcome.pass)
                  AND token_used_at IS NULL AND token_expires_at > \(bind: now) RETURNING id
                """).first() != nil
        }
    }
}
