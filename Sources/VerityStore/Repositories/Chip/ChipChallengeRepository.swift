import Fluent
import Foundation

/// Active Authentication challenges: issued to a user or a mobile session,
/// used once by the check they are bound to.
public struct ChipChallengeRepository: Sendable {
    let db: any Database

    public init(db: any Database) {
        self.db = db
    }

    /// Five minutes: an app reads the chip right after it asks.
    public static let lifetimeMilliseconds: Int64 = 300_000

    public func issue(environmentID: UUID, subjectID: UUID, challenge: Data, now: Int64) async throws -> ChipChallengeModel {
        let model = ChipChallengeModel()
        model.id = UUID()
        model.environmentID = environmentID
        model.subjectID = subjectID
        model.challenge = challenge
        model.expiresAt = now + Self.lifetimeMilliseconds
        try await db.write { try await model.create(on: $0) }
        return model
    }

    /// Binds the challenge to `checkID` in the caller's transaction and gives
    /// its bytes; nil when it is unknown, another's, expired or used already.
    /// The update is the claim: of two checks racing for one challenge, one wins.
    public static func use(_ id: UUID, environmentID: UUID, subjectID: UUID, checkID: UUID, now: Int64, on tx: any Database) async throws -> Data? {
        try await ChipChallengeModel.query(on: tx)
            .filter(\.$id == id).filter(\.$environmentID == environmentID).filter(\.$subjectID == subjectID)
            .filter(\.$checkID == nil).filter(\.$expiresAt > now)
            .set(\.$checkID, to: checkID).update()
        guard let claimed = try await ChipChallengeModel.find(id, on: tx), claimed.checkID == checkID else { return nil }
        return claimed.challenge
    }

    /// Housekeeping: challenges expired an hour ago or more, used or not.
    public func removeExpired(before: Int64) async throws {
        try await db.write { try await ChipChallengeModel.query(on: $0).filter(\.$expiresAt < before).delete() }
    }
}
