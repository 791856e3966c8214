import Crypto
import Foundation
import NIOConcurrencyHelpers
import VerityCore

/// Encrypts PII at rest and makes keyed lookup indexes and signatures.
///
/// What *encrypts* (sealed columns, the wrapping of each person's key) comes
/// from the data key itself, so a new data key (`verity keys rotate-data-key`)
/// re-encrypts everything and the old one can be destroyed. What *names or
/// signs* (blind indexes, token and link signatures, response-signing keys)
/// uses the `DerivedKeys`, kept in the database sealed under the data key
/// (`DerivedKeyRecord`): they stay across a data-key rotation, because
/// indexes cannot be recomputed without data that is never kept and live
/// tokens and integrators' pinned keys must keep working, but no data key
/// can be recovered from them.
public struct DataProtector: Sendable {
    let current: Keyring
    /// Keys that open what was sealed before a rotation (`VERITY_PREVIOUS_DATA_KEYS`).
    let previous: [Keyring]
    /// What it names and signs with now (`DataProtector+Naming`).
    let naming: NamingKeys
    /// What it named and signed with before the last rotation of the derived
    /// keys, accepted (never used for anything new) until `retiringUntil`.
    let retiringNaming: NamingKeys?
    let retiringUntil: Int64
    /// Whether a seal bound to no place (from before issue 47) still opens:
    /// until `SealBinding` has bound every value (`DerivedKeys.sealsBoundAt`).
    public let acceptsUnboundSeals: Bool
    /// Whether a row with no credential binding is taken as it is: until
    /// `CredentialBinding` has bound every row (`DerivedKeys.credentialsBoundAt`).
    public let acceptsUnboundCredentials: Bool
    /// The keys above, as `DerivedKeyRecord` keeps them.
    public let derivedKeys: DerivedKeys
    /// Names this data key without revealing it (`person_keys.wrapped_by`).
    public var keyID: String { current.keyID }
    /// Names the previous keys this protector still opens with.
    public var previousKeyIDs: [String] { previous.map(\.keyID) }

    /// What one data key encrypts with.
    struct Keyring: Sendable {
        let encryptionKey: SymmetricKey
        let environmentKeyRoot: SymmetricKey
        let keyID: String
        /// Environment keys derived so far: every request that reads a person's
        /// data unwraps their key, and HKDF was 1.4 % of a verification's CPU.
        /// Each is derivable from `environmentKeyRoot`, which is held anyway.
        private let environmentKeys = NIOLockedValueBox<[UUID: SymmetricKey]>([:])
        /// Beyond this many environments the cache starts again.
        private static let environmentKeyCapacity = 1_024

        init(_ dataKey: Data) {
            let master = SymmetricKey(data: dataKey)
            encryptionKey = DataProtector.derive(master, "verity.pii.encryption.v1")
            environmentKeyRoot = DataProtector.derive(master, "verity.environment-data-key.v1")
            keyID = DataProtector.keyID(of: dataKey)
        }

        /// Environment `environmentID`'s data key: derived from the data key, so
        /// every server has it and a new data key is a new key for every environment.
        func environmentKey(_ environmentID: UUID) -> SymmetricKey {
            if let known = environmentKeys.withLockedValue({ $0[environmentID] }) { return known }
            let key = HKDF<SHA256>.deriveKey(inputKeyMaterial: environmentKeyRoot, info: Data(environmentID.uuidString.lowercased().utf8),
                                             outputByteCount: 32)
            environmentKeys.withLockedValue { keys in
                if keys.count >= Self.environmentKeyCapacity { keys.removeAll(keepingCapacity: true) }
                keys[environmentID] = key
            }
            return key
        }
    }

    /// `dataKey` is 32 random bytes (`VERITY_DATA_KEY`, base64); `previousKeys`
    /// open what was sealed under earlier keys; `derived` are the keys it
    /// names and signs with (`DerivedKeyRecord.protector` reads them from the
    /// database; nil derives them from the data key, as a deployment's first).
    public init(dataKey: Data, previousKeys: [Data] = [], derived: DerivedKeys? = nil) throws(StoreError) {
        guard dataKey.count == 32, previousKeys.allSatisfy({ $0.count == 32 }) else { throw StoreError.badDataKey }
        try self.init(keyrings: Keyring(dataKey), previousKeys.filter { $0 != dataKey }.map(Keyring.init),
                      derived: derived ?? DerivedKeys(current: DerivedKeySet(root: dataKey)))
    }

    /// The same data keys with other derived keys (read from the database).
    public func with(derived: DerivedKeys) throws(StoreError) -> DataProtector {
        try DataProtector(keyrings: current, previous, derived: derived)
    }

    private init(keyrings current: Keyring, _ previous: [Keyring], derived: DerivedKeys) throws(StoreError) {
        guard derived.isWellFormed else { throw StoreError.badDataKey }
        self.current = current
        self.previous = previous
        derivedKeys = derived
        naming = NamingKeys(derived.current)
        retiringNaming = derived.retiring.map(NamingKeys.init)
        retiringUntil = derived.retiringUntil ?? 0
        acceptsUnboundSeals = derived.sealsBoundAt == nil
        acceptsUnboundCredentials = derived.credentialsBoundAt == nil
    }

    /// Names `dataKey` without revealing it.
    public static func keyID(of dataKey: Data) -> String {
        String(derive(SymmetricKey(data: dataKey), "verity.key-id.v1").withUnsafeBytes { Data($0) }.hexString.prefix(16))
    }

    /// A new person key wrapped under environment `environmentID`'s data key,
    /// bound to the person (`userID` is authenticated with it, so a wrapped key
    /// moved to another person's row does not open).
    public func wrapPersonKey(_ key: SymmetricKey, userID: UUID, environmentID: UUID) throws -> Data {
        let bytes = key.withUnsafeBytes { Data($0) }
        let box = try AES.GCM.seal(bytes, using: current.environmentKey(environmentID), authenticating: Self.personBinding(userID))
        guard let combined = box.combined else { throw StoreError.sealFailed }
        return combined
    }

    /// The person key, wrapped under the current data key or a previous one.
    public func unwrapPersonKey(_ wrapped: Data, userID: UUID, environmentID: UUID) throws -> SymmetricKey {
        var failure: (any Error)?
        for keyring in [current] + previous {
            do {
                return SymmetricKey(data: try AES.GCM.open(AES.GCM.SealedBox(combined: wrapped), using: keyring.environmentKey(environmentID),
                                                           authenticating: Self.personBinding(userID)))
            } catch { failure = failure ?? error }
        }
        throw failure ?? StoreError.sealFailed
    }

    static func personBinding(_ userID: UUID) -> Data {
        Data("verity.person-key.v1:\(userID.uuidString.lowercased())".utf8)
    }

    /// AES-GCM: nonce, ciphertext and tag in one blob, bound to no place:
    /// the format before issue 47, still read (`open(_:at:)`) until
    /// `SealBinding` has bound every value. Nothing new is sealed so.
    func sealUnbound(_ plaintext: Data) throws -> Data {
        guard let combined = try AES.GCM.seal(plaintext, using: current.encryptionKey).combined else { throw StoreError.sealFailed }
        return combined
    }

    /// Opens an unbound seal made under the current data key or a previous one.
    func openUnbound(_ sealed: Data) throws -> Data {
        let box = try AES.GCM.SealedBox(combined: sealed)
        do {
            return try AES.GCM.open(box, using: current.encryptionKey)
        } catch {
            for keyring in previous {
                if let opened = try? AES.GCM.open(box, using: keyring.encryptionKey) { return opened }
            }
            throw error
        }
    }

    public static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// SHA-256 of a high-entropy secret (API keys, token ids): stored instead of the secret.
    public static func hashSecret(_ secret: String) -> String {
        SHA256.hash(data: Data(secret.utf8)).hexString
    }

    /// Whether two secrets (codes, tokens, hashes) are equal, in a time that
    /// depends on their length only, not on where they first differ.
    public static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// `count` random bytes from the system's secure generator.
    public static func randomBytes(_ count: Int) -> Data {
        Data(SymmetricKey(size: .init(bitCount: count * 8)).withUnsafeBytes { Array($0) })
    }

    static func derive(_ master: SymmetricKey, _ label: String) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: master, info: Data(label.utf8), outputByteCount: 32)
    }
}
