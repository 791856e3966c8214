import Crypto
import Foundation

/// What a `DataProtector` names and signs with (`DerivedKeys`): blind
/// indexes, end-user token, capture-link and pass-token signatures, and the
/// environments' response-signing keys. Something new is always made with
/// the current keys; what the retiring keys made before a rotation is still
/// accepted until the end of its overlap window, passed in as `now`.
struct NamingKeys: Sendable {
    let index: SymmetricKey
    let tokenSigning: SymmetricKey
    let captureLink: SymmetricKey
    let mobileToken: SymmetricKey
    let responseSigning: SymmetricKey
    /// Names this generation's token-signing key without revealing it (a JWT's `kid`).
    let generation: String

    init(_ set: DerivedKeySet) {
        index = SymmetricKey(data: set.index)
        tokenSigning = SymmetricKey(data: set.tokenSigning)
        captureLink = SymmetricKey(data: set.captureLink)
        mobileToken = SymmetricKey(data: set.mobileToken)
        responseSigning = SymmetricKey(data: set.responseSigning)
        generation = String(SHA256.hash(data: Data("verity.key-generation.v1".utf8) + set.tokenSigning).hexString.prefix(16))
    }

    func blindIndex(_ text: String, domain: String) -> String {
        HMAC<SHA256>.authenticationCode(for: Data("\(domain)\u{0}\(text)".utf8), using: index).hexString
    }

    func captureToken(linkID: UUID) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: withUnsafeBytes(of: linkID.uuid) { Data($0) }, using: captureLink)
        return DataProtector.base64URL(Data(mac))
    }

    func mobileTokenSignature(_ payload: String) -> String {
        DataProtector.base64URL(Data(HMAC<SHA256>.authenticationCode(for: Data(payload.utf8), using: mobileToken)))
    }

    func responseSigningSeed(environmentID: UUID) -> Data {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: responseSigning, info: Data(environmentID.uuidString.lowercased().utf8), outputByteCount: 32)
            .withUnsafeBytes { Data($0) }
    }
}

extension DataProtector {
    /// The retiring keys while their window lasts at `now`.
    private func retiring(at now: Int64) -> NamingKeys? {
        guard let retiringNaming, now < retiringUntil else { return nil }
        return retiringNaming
    }

    /// A keyed hash of `text` within `domain`: equal inputs give equal indexes,
    /// and without the derived keys nobody can tell what was indexed.
    public func blindIndex(_ text: String, domain: String) -> String {
        naming.blindIndex(text, domain: domain)
    }

    /// The index under the current keys, then under the retiring ones while
    /// their window lasts: for what is compared or looked up but never
    /// recomputed by a rotation (codes, clearances, idempotency fingerprints).
    public func blindIndexes(_ text: String, domain: String, now: Int64) -> [String] {
        [naming.blindIndex(text, domain: domain)] + (retiring(at: now).map { [$0.blindIndex(text, domain: domain)] } ?? [])
    }

    /// Bytes for signing end-user tokens (HMAC-SHA256), with the `kid` they are named by.
    public var tokenSigningKey: (bytes: Data, kid: String) {
        (naming.tokenSigning.withUnsafeBytes { Data($0) }, naming.generation)
    }

    /// The retiring token-signing key and when it stops being accepted.
    public var retiringTokenSigningKey: (bytes: Data, kid: String, until: Int64)? {
        retiringNaming.map { ($0.tokenSigning.withUnsafeBytes { Data($0) }, $0.generation, retiringUntil) }
    }

    /// Bytes for signing end-user tokens (HMAC-SHA256).
    public var tokenSigningKeyBytes: Data { tokenSigningKey.bytes }

    /// The token of capture link `linkID`: 256 bits, URL-safe, unguessable
    /// without the derived keys; the database keeps only `hashSecret` of it
    /// (which a rotation of the derived keys renews for every link).
    public func captureToken(linkID: UUID) -> String {
        naming.captureToken(linkID: linkID)
    }

    /// HMAC-SHA256 of a mobile pass token's payload, base64url.
    public func mobileTokenSignature(_ payload: String) -> String {
        naming.mobileTokenSignature(payload)
    }

    /// Whether `signature` signs `payload` under the current keys, or the
    /// retiring ones while their window lasts; in constant time.
    public func mobileTokenSignatureMatches(_ payload: String, _ signature: String, now: Int64) -> Bool {
        var matches = Self.constantTimeEqual(naming.mobileTokenSignature(payload), signature)
        if let retiring = retiring(at: now) { matches = Self.constantTimeEqual(retiring.mobileTokenSignature(payload), signature) || matches }
        return matches
    }

    /// The seed of environment `environmentID`'s Ed25519 response-signing key
    /// at `now`, and the next one with when it takes over: during a
    /// rotation's window responses are still signed with the key integrators
    /// pinned, and the next is published so they can pin it before it signs.
    public func responseSigningSeeds(environmentID: UUID, now: Int64) -> (signing: Data, next: (seed: Data, from: Int64)?) {
        let current = naming.responseSigningSeed(environmentID: environmentID)
        guard let retiring = retiring(at: now) else { return (current, nil) }
        return (retiring.responseSigningSeed(environmentID: environmentID), (current, retiringUntil))
    }
}
