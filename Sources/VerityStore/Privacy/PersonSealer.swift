import Crypto
import Foundation

/// Seals and opens one person's data under their own key (`PersonKeyModel`).
///
/// Blobs carry a four-byte mark before AES-GCM's nonce, ciphertext and tag.
/// Data sealed before people had keys carries none and is opened with the
/// data key itself, as it was sealed; the erasure deletes those rows.
public struct PersonSealer: Sendable {
    /// Nil for a reader of someone without a key: it opens only what was
    /// sealed before people had keys.
    let key: SymmetricKey?
    let protector: DataProtector
    static let mark = Data("VPK1".utf8)

    init(key: SymmetricKey?, protector: DataProtector) {
        self.key = key
        self.protector = protector
    }

    public func seal(_ plaintext: Data) throws -> Data {
        guard let key else { throw PersonKeyError.erased }
        guard let combined = try AES.GCM.seal(plaintext, using: key).combined else { throw StoreError.sealFailed }
        return Self.mark + combined
    }

    public func open(_ sealed: Data) throws -> Data {
        if sealed.starts(with: Self.mark) {
            guard let key else { throw PersonKeyError.erased }
            if let opened = try? AES.GCM.open(AES.GCM.SealedBox(combined: sealed.dropFirst(Self.mark.count)), using: key) {
                return opened
            }
        }
        // Sealed before people had keys (a legacy nonce may begin with the mark: 2⁻³² of them).
        return try protector.open(sealed)
    }

    public func seal<T: Encodable>(json value: T) throws -> Data {
        try seal(JSONEncoder().encode(value))
    }

    public func open<T: Decodable>(json type: T.Type, from sealed: Data) throws -> T {
        try JSONDecoder().decode(type, from: open(sealed))
    }

    public func seal(text: String) throws -> Data { try seal(Data(text.utf8)) }

    public func openText(_ sealed: Data) throws -> String { String(decoding: try open(sealed), as: UTF8.self) }
}
