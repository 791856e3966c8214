import Fluent
import Foundation
import SQLKit
import VerityCore

/// The reviewer's copy of a finished mobile session's images
/// (`mobile_review_images`): made at submit when a case opens, read by the
/// case page, erased at the decision, past the environment's held-images
/// retention (`RetentionRepository`), or with the environment.
public struct MobileReviewImageRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    /// The copy held for `verificationID`'s cases, in its environment only.
    public func images(verificationID: UUID, environmentID: UUID) async throws -> MobileReviewImagesModel? {
        try await MobileReviewImagesModel.query(on: db).filter(\.$id == verificationID).filter(\.$environmentID == environmentID).first()
    }

    /// Erases the copy, inside a decision's transaction.
    public static func release(verificationID: UUID, on tx: any Database) async throws {
        try await MobileReviewImagesModel.query(on: tx).filter(\.$id == verificationID).delete()
    }

    /// Finished sessions whose row still holds images, as releases before
    /// this one left those held for a reviewer: the images move to a copy
    /// sealed here when a case is still open for them, and leave the session
    /// row either way. Returns how many sessions it cleared.
    public func moveLegacy(protector: DataProtector, limit: Int = 100) async throws -> Int {
        let rows = try await db.sql().raw("""
            SELECT s.id, s.environment_id, s.verification_id, s.last_activity_at, s.sealed_selfie, s.sealed_front, s.sealed_back,
              CASE WHEN EXISTS (SELECT 1 FROM review_cases c WHERE c.subject_id = s.verification_id AND c.decided_at IS NULL)
                THEN 1 ELSE 0 END AS open_case
            FROM mobile_sessions s WHERE s.outcome IS NOT NULL AND s.verification_id IS NOT NULL
              AND (s.sealed_selfie IS NOT NULL OR s.sealed_front IS NOT NULL OR s.sealed_back IS NOT NULL)
            LIMIT \(unsafeRaw: "\(limit)")
            """).all()
        for row in rows {
            let sessionID = try row.decode(column: "id", as: UUID.self)
            let verificationID = try row.decode(column: "verification_id", as: UUID.self)
            let held = try row.decode(column: "open_case", as: Int.self) == 1
                ? try MobileReviewImagesModel(
                    copying: (try row.decode(column: "sealed_selfie", as: Data?.self), try row.decode(column: "sealed_front", as: Data?.self),
                              try row.decode(column: "sealed_back", as: Data?.self)),
                    ofSession: sessionID, verificationID: verificationID, environmentID: try row.decode(column: "environment_id", as: UUID.self),
                    heldAt: try row.decode(column: "last_activity_at", as: Int64.self), protector: protector)
                : nil
            let copy = held
            try await db.write { tx in
                if let held = copy, try await MobileReviewImagesModel.find(verificationID, on: tx) == nil { try await held.create(on: tx) }
                try await tx.sql().raw("""
                    UPDATE mobile_sessions SET sealed_selfie = NULL, sealed_front = NULL, sealed_back = NULL WHERE id = \(bind: sessionID)
                    """).run()
            }
        }
        return rows.count
    }
}

extension MobileReviewImagesModel {
    /// The reviewer's copy of a session's sealed images (selfie, front,
    /// back): each opened at the session's place and sealed again at the
    /// verification's, so the copy outlives the session row's.
    public convenience init(copying images: (selfie: Data?, front: Data?, back: Data?), ofSession sessionID: UUID, verificationID: UUID,
                            environmentID: UUID, heldAt: Int64, protector: DataProtector) throws {
        func resealed(_ sealed: Data?, from: SealedColumn, to: SealedColumn) throws -> Data? {
            try sealed.map { try protector.seal(try protector.open($0, at: .of(from, sessionID)), at: .of(to, verificationID)) }
        }
        self.init(verificationID: verificationID, environmentID: environmentID,
                  sealedSelfie: try resealed(images.selfie, from: .mobileSelfie, to: .mobileReviewSelfie),
                  sealedFront: try resealed(images.front, from: .mobileFront, to: .mobileReviewFront),
                  sealedBack: try resealed(images.back, from: .mobileBack, to: .mobileReviewBack), heldAt: heldAt)
    }
}
