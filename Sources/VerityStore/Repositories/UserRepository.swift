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
        protector.blindIndex(userRef, domain: Self.refDomain(environmentID: environmentID))
    }

    /// The blind-index domain of the references of one environment's users.
    static func refDomain(environmentID: UUID) -> String { "user-ref:\(environmentID.uuidString)" }

    public func find(userRef: String, environmentID: UUID) async throws -> EndUserModel? {
        try await EndUserModel.query(on: db)
            .filter(\.$environment.$id == environmentID)
            .filter(\.$refIndex == refIndex(userRef, environmentID: environmentID)).first()
    }

    public func user(id: UUID) async throws -> EndUserModel? {
        try await EndUserModel.find(id, on: db)
    }

    /// The user with this reference, created with a fresh verification record
    /// and their own data key the first time the integrator names them.
    /// Users named before references were kept sealed get theirs now.
    public func findOrCreate(userRef: String, environmentID: UUID, now: Int64) async throws -> EndUserModel {
        let keys = PersonKeyRepository(db: db, protector: protector)
        if let user = try await find(userRef: userRef, environmentID: environmentID) {
            if user.refSealed == nil {
                let id = try user.requireID()
                let sealer = try await keys.sealer(userID: id, environmentID: environmentID, now: now)
                user.refSealed = try sealer.seal(text: userRef, at: .of(.userRef, id))
                try await db.write { try await user.update(on: $0) }
            }
            return user
        }
        let userID = UUID()
        let key = try keys.prepare(userID: userID, environmentID: environmentID, now: now)
        let sealedRef = try key.sealer.seal(text: userRef, at: .of(.userRef, userID))
        do {
            return try await db.write { tx in
                let user = EndUserModel(id: userID, environmentID: environmentID,
                                        refIndex: refIndex(userRef, environmentID: environmentID), createdAt: now)
                user.refSealed = sealedRef
                try await user.create(on: tx)
                try await IdentityVerificationModel(userID: userID).create(on: tx)
                try await keys.insert(key, on: tx)
                return user
            }
        } catch where (error as? any DatabaseError)?.isConstraintFailure == true {
            // Another request created the same user first: use theirs.
            guard let user = try await find(userRef: userRef, environmentID: environmentID) else { throw error }
            return user
        }
    }

    /// The integrator's reference for a user, when it is on file (events name
    /// users by it); nil once the user's key is destroyed.
    public func userRef(of user: EndUserModel) async throws -> String? {
        guard let sealed = user.refSealed, let id = user.id else { return nil }
        return try? await PersonKeyRepository(db: db, protector: protector).reader(userID: id).openText(sealed, at: .of(.userRef, id))
    }

    /// The integrator's references for many users at once (a console page's rows).
    public func userRefs(ids: Set<UUID>) async throws -> [UUID: String] {
        guard !ids.isEmpty else { return [:] }
        let readers = try await PersonKeyRepository(db: db, protector: protector).readers(userIDs: ids)
        var refs: [UUID: String] = [:]
        for user in try await EndUserModel.query(on: db).filter(\.$id ~~ Array(ids)).all() {
            if let id = user.id, let sealed = user.refSealed, let ref = try? readers[id]?.openText(sealed, at: .of(.userRef, id)) { refs[id] = ref }
        }
        return refs
    }

    /// Replaces the user's phone number and/or e-mail address (sealed under
    /// their key); nil leaves one as it is.
    public func recordContacts(_ user: EndUserModel, phone: String?, email: String?, now: Int64) async throws {
        guard phone != nil || email != nil else { return }
        let id = try user.requireID()
        let sealer = try await PersonKeyRepository(db: db, protector: protector).sealer(userID: id, environmentID: user.$environment.id, now: now)
        if let phone { user.phoneSealed = try sealer.seal(text: phone, at: .of(.userPhone, id)) }
        if let email { user.emailSealed = try sealer.seal(text: email, at: .of(.userEmail, id)) }
        try await db.write { try await user.update(on: $0) }
    }

    /// User `userID`'s phone number and e-mail address, as on file.
    public func contacts(userID: UUID) async throws -> (phone: String?, email: String?) {
        guard let user = try await user(id: userID) else { return (nil, nil) }
        let sealer = try await PersonKeyRepository(db: db, protector: protector).reader(userID: userID)
        return (try user.phoneSealed.map { try sealer.openText($0, at: .of(.userPhone, userID)) },
                try user.emailSealed.map { try sealer.openText($0, at: .of(.userEmail, userID)) })
    }

    public func recordToken(userID: UUID, tokenID: String, expiresAt: Int64, now: Int64) async throws {
        let token = AccessTokenModel(userID: userID, tokenIDHash: DataProtector.hashSecret(tokenID),
                                     expiresAt: expiresAt, createdAt: now)
        try await db.write { try await token.create(on: $0) }
    }

    /// Revokes every live token of the user; returns how many.
}
