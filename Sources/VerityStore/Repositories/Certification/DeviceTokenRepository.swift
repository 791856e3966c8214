import Fluent
import Foundation

/// Device tokens: stored as a hash, bound to one verified device, revoked
/// with a reason the client is told.
public struct DeviceTokenRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    public func create(_ token: DeviceTokenModel) async throws {
        try await db.write { try await token.create(on: $0) }
    }

    /// The token with its device and user, by the token's hash.
    public func token(hash: String) async throws -> DeviceTokenModel? {
        try await DeviceTokenModel.query(on: db).filter(\.$tokenHash == hash).with(\.$device).with(\.$user).first()
    }

    /// Revokes every live token of the user's devices.
    public func revokeAll(userID: UUID, reason: DeviceTokenModel.RevocationReason, now: Int64) async throws {
        try await db.write { tx in try await Self.revokeAll(userID: userID, reason: reason, now: now, on: tx) }
    }

    /// The same inside a caller's transaction: a status change and the
    /// revocation of the tokens describing the old status land together.
    static func revokeAll(userID: UUID, reason: DeviceTokenModel.RevocationReason, now: Int64, on tx: any Database) async throws {
        try await DeviceTokenModel.query(on: tx).filter(\.$user.$id == userID).filter(\.$revokedAt == nil)
            .set(\.$revokedAt, to: now).set(\.$revokedReason, to: reason.rawValue).update()
    }

    /// Spends one token (exchanged for a new one).
    public func revoke(id: UUID, reason: DeviceTokenModel.RevocationReason, now: Int64) async throws {
        try await db.write { tx in
            try await DeviceTokenModel.query(on: tx).filter(\.$id == id)
                .set(\.$revokedAt, to: now).set(\.$revokedReason, to: reason.rawValue).update()
        }
    }
}

extension DeviceTokenModel {
    /// Why a token was revoked (stored as its raw text in `revoked_reason`).
    public enum RevocationReason: String, Sendable, CaseIterable {
        /// The user was certified or uncertified: the token describes an old state.
        case certificationChanged = "certification-changed"
        /// The token was exchanged for a new one.
        case rotated
        /// The user was locked.
        case locked
        /// Every credential of the user was revoked (`tokens/revoke`).
        case userRevoked = "user-revoked"
    }

    /// The typed reason; a revoked token with no known reason counts as `locked`
    /// (the strictest: the device must be verified again).
    public var revocation: RevocationReason? {
        if let text = revokedReason { return RevocationReason(rawValue: text) ?? .locked }
        return revokedAt != nil ? .locked : nil
    }
}
