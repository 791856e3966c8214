import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityStore

/// Active Authentication challenges, for the identity API's users and the
/// mobile API's sessions alike.
package enum ChipChallenges {
    /// Eight bytes, as ICAO 9303's INTERNAL AUTHENTICATE takes.
    package static let length = 8

    package static func issue(environmentID: UUID, subjectID: UUID, db: any Database, now: Int64) async throws -> ChipChallenge {
        let bytes = DataProtector.randomBytes(length)
        let model = try await ChipChallengeRepository(db: db).issue(environmentID: environmentID, subjectID: subjectID, challenge: bytes, now: now)
        return ChipChallenge(challengeId: try model.requireID().uuidString, challengeBase64: bytes.base64EncodedString(),
                             expiresAtEpochMs: model.expiresAt)
    }

    package static let invalid = VerityError(
        .chipChallengeInvalid, "the challenge is unknown, expired or used: ask for a new one (chip-challenge) and read the chip again",
        field: "chip.activeAuthentication.challengeId")
}
