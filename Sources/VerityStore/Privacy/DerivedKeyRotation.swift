import Fluent
import Foundation
import SQLKit
import VerityCore

/// Replaces the keys Verity names and signs with (`DerivedKeys`) by new
/// random ones (`verity keys rotate-derived-keys`), for when they may have
/// leaked with a data key or a database copy.
///
/// Every blind index a lookup depends on is recomputed from the value it
/// indexes, which is kept sealed: users' references, registry records,
/// operators' addresses. Live capture links get tokens under the new keys.
/// What was signed or indexed only to be compared later (user tokens, pass
/// tokens, activation and device codes, sanctions clearances, idempotency
/// fingerprints) is still accepted under the old keys for an overlap
/// window, and responses go on being signed with the key integrators pinned
/// until it ends, the next one published beside it.
///
/// Indexes change, so it runs with every server stopped, in one transaction:
/// the new keys are recorded together with the indexes made with them, or
/// nothing changes.
public struct DerivedKeyRotation: Sendable {
    let db: any Database
    let protector: DataProtector

    public init(db: any Database, protector: DataProtector) {
        self.db = db
        self.protector = protector
    }

    /// What the rotation changed, by table.
    public struct Report: Sendable, Codable, Equatable {
        /// Indexes recomputed (or link tokens renewed), by table.
        public var recomputed: [String: Int] = [:]
        /// Until when what the old keys signed is accepted (epoch milliseconds).
        public var retiringUntil: Int64 = 0
    }

    public enum Refusal: Error, Equatable {
        /// The last rotation's window is still open until this time: rotating
        /// again would end it early for everyone holding what it signed.
        case windowOpen(until: Int64)
        /// Users named before references were kept sealed: their index could
        /// not be recomputed, and they would be lost.
        case unsealedReferences(count: Int)
        /// A sealed value no configured data key opens.
        case unreadable(table: String, count: Int)
    }

    public func run(now: Int64, overlapMilliseconds: Int64) async throws -> Report {
        let old = protector.derivedKeys
        if let until = old.retiringUntil, now < until { throw Refusal.windowOpen(until: until) }
        let unsealed = try await EndUserModel.query(on: db).filter(\.$refSealed == nil).count()
        guard unsealed == 0 else { throw Refusal.unsealedReferences(count: unsealed) }
        let keys = DerivedKeys(current: .random(), retiring: old.current, retiringUntil: now + overlapMilliseconds,
                               sealsBoundAt: old.sealsBoundAt, credentialsBoundAt: old.credentialsBoundAt)
        let next = try protector.with(derived: keys)

        let users = try await userIndexes(next)
        let registry = try await registryIndexes(next)
        let operators = try await operatorIndexes(next)
        let apiKeys = try await keyBindings(APIKeyModel.query(on: db).all(), next)
        let clientKeys = try await keyBindings(ClientKeyModel.query(on: db).all(), next)
        let links = try await CaptureLinkModel.query(on: db).all().map { link in
            (try link.requireID(), DataProtector.hashSecret(next.captureToken(linkID: try link.requireID())))
        }
        try await db.write { db in
            let sql = try db.sql()
            for (id, index) in users { try await sql.raw("UPDATE end_users SET ref_index = \(bind: index) WHERE id = \(bind: id)").run() }
            for (id, index) in registry {
                try await sql.raw("UPDATE registry_records SET lookup_index = \(bind: index) WHERE id = \(bind: id)").run()
            }
            for (id, index, binding) in operators {
                try await sql.raw("UPDATE operators SET email_index = \(bind: index), credential_binding = \(bind: binding) WHERE id = \(bind: id)").run()
            }
            for (id, binding) in apiKeys {
                try await sql.raw("UPDATE api_keys SET credential_binding = \(bind: binding) WHERE id = \(bind: id)").run()
            }
            for (id, binding) in clientKeys {
                try await sql.raw("UPDATE client_keys SET credential_binding = \(bind: binding) WHERE id = \(bind: id)").run()
            }
            for (id, hash) in links { try await sql.raw("UPDATE capture_links SET token_hash = \(bind: hash) WHERE id = \(bind: id)").run() }
            guard try await DerivedKeyRecord.replace(old, with: keys, in: db, protector: protector, now: now) else {
                throw StoreError.derivedKeysChanged
            }
        }
        return Report(recomputed: [EndUserModel.schema: users.count, RegistryRecordModel.schema: registry.count,
                                   OperatorModel.schema: operators.count, CaptureLinkModel.schema: links.count],
                      retiringUntil: now + overlapMilliseconds)
    }

    /// Each user's reference index under `next`, from their sealed reference.
    private func userIndexes(_ next: DataProtector) async throws -> [(UUID, String)] {
        let users = try await EndUserModel.query(on: db).all()
        let readers = try await PersonKeyRepository(db: db, protector: protector).readers(userIDs: Set(users.compactMap(\.id)))
        var indexes: [(UUID, String)] = [], unreadable = 0
        for user in users {
            let id = try user.requireID()
            guard let sealed = user.refSealed, let reference = try? readers[id]?.openText(sealed, at: .of(.userRef, id)) else {
                unreadable += 1
                continue
            }
            indexes.append((id, next.blindIndex(reference, domain: UserRepository.refDomain(environmentID: user.$environment.id))))
        }
        guard unreadable == 0 else { throw Refusal.unreadable(table: EndUserModel.schema, count: unreadable) }
        return indexes
    }

    private func registryIndexes(_ next: DataProtector) async throws -> [(UUID, String)] {
        var indexes: [(UUID, String)] = []
        for record in try await RegistryRecordModel.query(on: db).all() {
            let place = SealPlace.of(.registryRecord, try record.requireID())
            guard let opened = try? protector.open(json: IdentityRecord.self, from: record.sealedRecord, at: place) else {
                throw Refusal.unreadable(table: RegistryRecordModel.schema, count: 1)
            }
            indexes.append((try record.requireID(), next.blindIndex(ReferenceRegistry.lookupKey(opened), domain: ReferenceRegistry.domain)))
        }
        return indexes
    }

    /// Each key's binding under `next`: only where it held under the old keys
    /// (a row not bound yet stays for `CredentialBinding.bindLegacy`).
    private func keyBindings<M: CredentialBound>(_ rows: [M], _ next: DataProtector) throws -> [(UUID, String)] where M.IDValue == UUID {
        try rows.compactMap { row in
            guard row.credentialBinding != nil else { return nil }
            return (try row.requireID(), row.credentialsHold(protector) ? row.credentialBinding(next) : CredentialBinding.broken)
        }
    }

    /// Each operator's address index under `next`, and their credential
    /// binding with it: bound again only where it held under the old keys (a
    /// row changed behind the server's back stays refused; one not bound yet
    /// stays for `CredentialBinding.bindLegacy`).
    private func operatorIndexes(_ next: DataProtector) async throws -> [(UUID, String, String?)] {
        var indexes: [(UUID, String, String?)] = []
        for model in try await OperatorModel.query(on: db).all() {
            guard let email = try? protector.open(model.emailSealed, at: .of(.operatorEmail, try model.requireID())) else {
                throw Refusal.unreadable(table: OperatorModel.schema, count: 1)
            }
            let index = next.blindIndex(String(decoding: email, as: UTF8.self), domain: OperatorRepository.emailDomain)
            let binding: String? = switch (model.credentialBinding, model.credentialsHold(protector)) {
            case (nil, _): nil
            case (_, true): model.credentialBinding(next, emailIndex: index)
            case (_, false): CredentialBinding.broken
            }
            indexes.append((try model.requireID(), index, binding))
        }
        return indexes
    }
}
