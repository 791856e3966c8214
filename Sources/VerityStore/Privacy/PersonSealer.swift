import Crypto
import Foundation

/// Seals and opens one person's data under their own key (`PersonKeyModel`).
///
/// Blobs carry a four-byte mark before AES-GCM's nonce, ciphertext and tag:
/// `VPK2` for a seal bound to its place (`SealPlace`, authenticated with
/// it), `VPK1` for one from before places were bound. Data sealed before
/// people had keys carries none and is opened with the data key itself, as
/// it was sealed; the erasure deletes those rows.
public struct PersonSealer: PlaceSealing {
    /// Nil for a reader of someone without a key: it opens only what was
    /// sealed before people had keys.
    let key: SymmetricKey?
    let protector: DataProtector
    static let mark = Data("VPK1".utf8)
    static let placeMark = Data("VPK2".utf8)

    init(key: SymmetricKey?, protector: DataProtector) {
        self.key = key
        self.protector = protector
    }

    /// Whether `sealed` is marked as under a person's key (bound or not).
    public static func isPersonSealed(_ sealed: Data) -> Bool {
        sealed.starts(with: mark) || sealed.starts(with: placeMark)
    }

    /// `plaintext` under the person's key, for `place` only.
    public func seal(_ plaintext: Data, at place: SealPlace) throws -> Data {
        guard let key else { throw PersonKeyError.erased }
        guard let combined = try AES.GCM.seal(plaintext, using: key, authenticating: place.associatedData).combined else {
            throw StoreError.sealFailed
        }
        return Self.placeMark + combined
    }

    /// What was sealed for `place`; `StoreError.corruptRecord` when it was
    /// sealed for another (moved there) or damaged, `PersonKeyError.erased`
    /// when the person's key is gone. Older seals open as they were sealed
    /// until every value is bound (`DataProtector.acceptsUnboundSeals`).
    public func open(_ sealed: Data, at place: SealPlace) throws -> Data {
        if sealed.starts(with: Self.placeMark) {
            guard let key else { throw PersonKeyError.erased }
            if let box = try? AES.GCM.SealedBox(combined: sealed.dropFirst(Self.placeMark.count)),
               let opened = try? AES.GCM.open(box, using: key, authenticating: place.associatedData) {
                return opened
            }
        }
        if protector.acceptsUnboundSeals, let opened = try openMarkedUnbound(sealed) { return opened }
        // Sealed under the data key, before people had keys (bound to its place since, or not yet).
        return try protector.open(sealed, at: place)
    }

    // MARK: Before places were bound

    /// A seal bound to no place, as before issue 47 (`VPK1`): only tests
    /// that stand for an older release make one.
    func sealUnbound(_ plaintext: Data) throws -> Data {
        guard let key else { throw PersonKeyError.erased }
        guard let combined = try AES.GCM.seal(plaintext, using: key).combined else { throw StoreError.sealFailed }
        return Self.mark + combined
    }

    /// Opens a seal bound to no place: one under the person's key (`VPK1`),
    /// or under the data key from before people had keys.
    func openUnbound(_ sealed: Data) throws -> Data {
        if let opened = try openMarkedUnbound(sealed) { return opened }
        // Sealed before people had keys (a legacy nonce may begin with the mark: 2⁻³² of them).
        return try protector.openUnbound(sealed)
    }

    /// A `VPK1` seal opened with the person's key; nil when `sealed` is not
    /// one (or a legacy data-key seal whose nonce begins with the mark).
    private func openMarkedUnbound(_ sealed: Data) throws -> Data? {
        guard sealed.starts(with: Self.mark) else { return nil }
        guard let key else { throw PersonKeyError.erased }
        return try? AES.GCM.open(AES.GCM.SealedBox(combined: sealed.dropFirst(Self.mark.count)), using: key)
    }
}
