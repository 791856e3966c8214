import Crypto
import Foundation

/// Seals and opens one person's data under their own key (`PersonKeyModel`).
///
/// Blobs carry a four-byte mark before AES-GCM's nonce, ciphertext and tag:
/// `VPK2` for a seal bound to its place (`SealPlace`, authenticated with
/// it), `VPK1` for one from before places were bound. Data sealed before
/// people had keys carries none and is opened with the data key itself, as
/// it was sealed; the erasure deletes those rows.
public struct PersonSealer: Sendable {
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
        if sealed.starts(with: Self.mark), protector.acceptsUnboundSeals {
            guard let key else { throw PersonKeyError.erased }
            if let box = try? AES.GCM.SealedBox(combined: sealed.dropFirst(Self.mark.count)),
               let opened = try? AES.GCM.open(box, using: key) {
                return opened
            }
        }
        // Sealed under the data key, before people had keys (bound to its place since, or not yet).
        return try protector.open(sealed, at: place)
    }

    public func seal<T: Encodable>(json value: T, at place: SealPlace) throws -> Data {
        try seal(JSONEncoder().encode(value), at: place)
    }

    public func open<T: Decodable>(json type: T.Type, from sealed: Data, at place: SealPlace) throws -> T {
        try JSONDecoder().decode(type, from: open(sealed, at: place))
    }

    public func seal(text: String, at place: SealPlace) throws -> Data { try seal(Data(text.utf8), at: place) }

    public func openText(_ sealed: Data, at place: SealPlace) throws -> String {
        String(decoding: try open(sealed, at: place), as: UTF8.self)
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
        if sealed.starts(with: Self.mark) {
            guard let key else { throw PersonKeyError.erased }
            if let opened = try? AES.GCM.open(AES.GCM.SealedBox(combined: sealed.dropFirst(Self.mark.count)), using: key) {
                return opened
            }
        }
        // Sealed before people had keys (a legacy nonce may begin with the mark: 2⁻³² of them).
        return try protector.openUnbound(sealed)
    }
}
