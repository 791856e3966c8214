import Foundation
import VerityStore

extension IdentityContext {
    /// The user's sealer, from the key their session read with the token (no
    /// query), or made now for a user from before people had keys.
    package func personSealer(_ protector: DataProtector, now: Int64) async throws -> PersonSealer {
        let keys = PersonKeyRepository(db: db, protector: protector)
        if let wrapped = session.wrappedPersonKey {
            return try keys.sealer(wrapped: wrapped, userID: userID, environmentID: environmentID)
        }
        return try await keys.sealer(userID: userID, environmentID: environmentID, now: now)
    }
}
