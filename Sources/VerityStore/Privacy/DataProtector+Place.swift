import Crypto
import Foundation

/// Seals bound to their place (`SealPlace`): the format every column sealed
/// under the data key is written in. A blob is a four-byte mark, then
/// AES-GCM's nonce, ciphertext and tag, with the place as associated data.
extension DataProtector: PlaceSealing {
    static let placeMark = Data("VDK2".utf8)

    /// `plaintext` sealed under the current data key for `place` only.
    public func seal(_ plaintext: Data, at place: SealPlace) throws -> Data {
        guard let combined = try AES.GCM.seal(plaintext, using: current.encryptionKey, authenticating: place.associatedData).combined else {
            throw StoreError.sealFailed
        }
        return Self.placeMark + combined
    }

    /// What was sealed for `place`, under the current data key or a previous
    /// one; `StoreError.corruptRecord` when it was sealed for another place
    /// (moved there), damaged, or under a key this server lacks. A value
    /// from before places were bound opens as it was sealed, until every
    /// value is bound (`acceptsUnboundSeals`).
    public func open(_ sealed: Data, at place: SealPlace) throws -> Data {
        if let opened = openBound(sealed, at: place)?.plaintext { return opened }
        // Sealed before places were bound (a legacy nonce may begin with the mark: 2⁻³² of them).
        guard acceptsUnboundSeals, let opened = try? openUnbound(sealed) else { throw StoreError.corruptRecord(place.description) }
        return opened
    }

    /// The plaintext of a bound seal, and whether the current key opened it.
    func openBound(_ sealed: Data, at place: SealPlace) -> (plaintext: Data, underCurrentKey: Bool)? {
        guard sealed.starts(with: Self.placeMark), let box = try? AES.GCM.SealedBox(combined: sealed.dropFirst(Self.placeMark.count)) else {
            return nil
        }
        for (index, keyring) in ([current] + previous).enumerated() {
            if let opened = try? AES.GCM.open(box, using: keyring.encryptionKey, authenticating: place.associatedData) {
                return (opened, index == 0)
            }
        }
        return nil
    }

    /// `sealed` bound to `place` under the current data key: what a rotation
    /// and `SealBinding` write back. A value from before places were bound
    /// is bound here, to the place it was found in.
    public func reseal(_ sealed: Data, at place: SealPlace) -> Resealing {
        if let bound = openBound(sealed, at: place) {
            if bound.underCurrentKey { return .current }
            return (try? seal(bound.plaintext, at: place)).map(Resealing.resealed) ?? .unreadable
        }
        guard acceptsUnboundSeals, let plaintext = try? openUnbound(sealed), let again = try? seal(plaintext, at: place) else {
            return .unreadable
        }
        return .resealed(again)
    }
}
