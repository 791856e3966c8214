import Fluent
import Foundation

/// End users and the tokens minted for them.
public struct UserRepository: Sendable {
    let db: any Database
    let protector: DataProtector

    public init(db: any Database, protector: DataProtector) {
        self.db = db
        self.protector = protector
    }

    func refIndex(_ userRef: String, environmentID: UUID) -> String {
        protector.blindIndex(userRef, domain: "user-ref:\(environmentID.uuidString)")
    }

    public func find(userRef: String, environmentID: UUID) async throws -> EndUserModel? {
        try await EndUserModel.query(on: db)
            .filter(\.$environment.$id == environmentID)
            .filter(\.$refIndex == refIndex(userRef, environmentID: environmentID)).first()
    }

    public func user(id: UUID) async throws -> EndUserModel? {
        try await EndUserModel.find(id, on: db)
    }

    /// The user with this reference, created with a fresh verification record
    /// the first time the integrator names them.
    /// Users named before references were kept sealed get theirs now.
    public func findOrCreate(userRef: String, environmentID: UUID, now: Int64) async throws -> EndUserModel {
        if let user = try await find(userRef: userRef, environmentID: environmentID) {
            if user.refSealed == nil {
                user.refSealed = try protector.seal(Data(userRef.utf8))
                try await db.write { try await user.update(on: $0) }
            }
            return user
        }
        let sealedRef = try protector.seal(Data(userRef.utf8))
        do {
            return try await db.write { tx in
                let user = EndUserModel(environmentID: environmentID,
                                        refIndex: refIndex(userRef, environmentID: environmentID), createdAt: now)
                user.refSealed = sealedRef
                try await user.create(on: tx)
                try await IdentityVerificationModel(userID: try user.requireID()).create(on: tx)
                return user
            }
        } catch where (error as? any DatabaseError)?.isConstraintFailure == true {
            // Another request created the same user first: use theirs.
            guard let user = try await find(userRef: userRef, environmentID: environmentID) else { throw error }
            return user
        }
    }

    /// The integrator's reference for a user, when it is on file (events name users by it).
    public func userRef(of user: EndUserModel) throws -> String? {
        try user.refSealed.map { String(decoding: try protector.open($0), as: UTF8.self) }
    }

    /// The integrator's references for many users at once (a console page's rows).
    public func userRefs(ids: Set<UUID>) async throws -> [UUID: String] {
        guard !ids.isEmpty else { return [:] }
        var refs: [UUID: String] = [:]
        for user in try await EndUserModel.query(on: db).filter(\.$id ~~ Array(ids)).all() {
            if let id = user.id, let ref = try userRef(of: user) { refs[id] = ref }
        }
        return refs
    }

    /// Replaces the user's phone number and/or e-mail address (sealed); nil leaves one as it is.
    public func recordContacts(_ user: EndUserModel, phoneSealed: Data?, emailSealed: Data?) async throws {
        if let phoneSealed { user.phoneSealed = phoneSealed }
        if let emailSealed { user.emailSealed = emailSealed }
        try await db.write { try await user.update(on: $0) }
    }

    public func recordToken(userID: UUID, tokenID: String, expiresAt: Int64, now: Int64) async throws {
        let token = AccessTokenModel(userID: userID, tokenIDHash: DataProtector.hashSecret(tokenID),
                                     expiresAt: expiresAt, createdAt: now)
        try await db.write { try await token.create(on: $0) }
    }

    /// Revokes every live token of the user; returns how many.
    public func revokeTokens(userID: UUID, now: Int64) async throws -> Int {
        let live = try await AccessTokenModel.query(on: db)
            .filter(\.$user.$id == userID).filter(\.$revokedAt == nil).filter(\.$expiresAt > now).count()
        try await db.write { tx in
            try await AccessTokenModel.query(on: tx)
                .filter(\.$user.$id == userID).filter(\.$revokedAt == nil)
                .set(\.$revokedAt, to: now).update()
        }
        return live
    }
}
