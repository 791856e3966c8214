import Crypto
import Foundation

extension DataProtector {
    /// What re-sealing one blob under the current data key came to.
    public enum Resealing: Sendable, Equatable {
        /// It is sealed under the current key already.
        case current
        /// It was under a previous key; here it is under the current one.
        case resealed(Data)
        /// No key this protector has opens it.
        case unreadable
    }

    /// A person's key (from `wrapPersonKey`) wrapped under the current data key.
    public func rewrapPersonKey(_ wrapped: Data, userID: UUID, environmentID: UUID) -> Resealing {
        guard let box = try? AES.GCM.SealedBox(combined: wrapped) else { return .unreadable }
        let binding = Self.personBinding(userID)
        if (try? AES.GCM.open(box, using: current.environmentKey(environmentID), authenticating: binding)) != nil { return .current }
        for keyring in previous {
            if let key = try? AES.GCM.open(box, using: keyring.environmentKey(environmentID), authenticating: binding),
               let again = try? wrapPersonKey(SymmetricKey(data: key), userID: userID, environmentID: environmentID) {
                return .resealed(again)
            }
        }
        return .unreadable
    }
}
