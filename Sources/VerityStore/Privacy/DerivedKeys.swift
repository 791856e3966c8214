import Crypto
import Foundation

/// The keys Verity names and signs with, apart from the data key that
/// encrypts: blind indexes, end-user token signatures, capture links, mobile
/// pass tokens and the environments' response-signing keys.
///
/// They are kept in the database (`DerivedKeyRecord`), sealed under the data
/// key, so a rotated data key can be destroyed: what stays across data-key
/// rotations is these keys, never a data key they were made from. A
/// deployment's first ones are derived from its first data key (HKDF, which
/// cannot be undone); `verity keys rotate-derived-keys` replaces them with
/// random ones (`DerivedKeyRotation`), keeping the old ones for an overlap
/// window in which what they signed is still accepted.
public struct DerivedKeys: Sendable, Codable, Equatable {
    public var current: DerivedKeySet
    /// The set before the last rotation, accepted until `retiringUntil`.
    public var retiring: DerivedKeySet?
    /// Epoch milliseconds.
    public var retiringUntil: Int64?
    /// When every sealed value was found bound to its place (`SealBinding`),
    /// epoch milliseconds: from then on a seal bound to none is refused.
    /// Kept here, sealed, so that writing the database cannot undo it.
    public var sealsBoundAt: Int64?
    /// When every row's security columns were found bound to it
    /// (`CredentialBinding`), epoch milliseconds: from then on a row with no
    /// binding is refused. Kept here, sealed, for the same reason.
    public var credentialsBoundAt: Int64?

    public init(current: DerivedKeySet, retiring: DerivedKeySet? = nil, retiringUntil: Int64? = nil, sealsBoundAt: Int64? = nil,
                credentialsBoundAt: Int64? = nil) {
        self.current = current
        self.retiring = retiring
        self.retiringUntil = retiringUntil
        self.sealsBoundAt = sealsBoundAt
        self.credentialsBoundAt = credentialsBoundAt
    }

    var isWellFormed: Bool {
        current.isWellFormed && (retiring?.isWellFormed ?? true) && (retiring == nil) == (retiringUntil == nil)
    }
}

/// One generation of the keys `DerivedKeys` holds.
public struct DerivedKeySet: Sendable, Codable, Equatable {
    public var index: Data
    public var tokenSigning: Data
    public var captureLink: Data
    public var mobileToken: Data
    public var responseSigning: Data

    /// The keys derived from `root` (a deployment's first data key), as
    /// every release before they were stored derived them.
    public init(root: Data) {
        let master = SymmetricKey(data: root)
        func derive(_ label: String) -> Data { DataProtector.derive(master, label).withUnsafeBytes { Data($0) } }
        index = derive("verity.pii.blind-index.v1")
        tokenSigning = derive("verity.token.signing.v1")
        captureLink = derive("verity.capture-link.v1")
        mobileToken = derive("verity.mobile-token.v1")
        responseSigning = derive("verity.response-signing.v1")
    }

    /// Five new keys from a random root that is kept nowhere: they owe
    /// nothing to any data key.
    public static func random() -> DerivedKeySet { DerivedKeySet(root: DataProtector.randomBytes(32)) }

    public var all: [Data] { [index, tokenSigning, captureLink, mobileToken, responseSigning] }

    var isWellFormed: Bool { all.allSatisfy { $0.count == 32 } }
}
