import Fluent
import Foundation
import SQLKit
import VerityCore

/// Console operators: accounts and sessions (`OperatorSignInRepository`
/// keeps their devices and failed sign-ins).
/// Hashing and sealing happen in the server (`OperatorAccounts`); this keeps
/// what they produce.
public struct OperatorRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    /// A console session ends after this long unused (housekeeping deletes it then).
    public static let sessionIdleMilliseconds: Int64 = 30 * 60_000

    /// The blind index domain of operators' e-mail addresses.
    public static let emailDomain = "operator.email"

    public struct NewOperator: Sendable {
        /// The new row's id: its sealed columns are bound to it.
        public let id: UUID
        public let tenantID: UUID
        public let emailIndex: String
        public let emailSealed: Data
        public let role: OperatorRole
        public let passwordHash: String
        public let totpSecretSealed: Data?

        public init(id: UUID, tenantID: UUID, emailIndex: String, emailSealed: Data, role: OperatorRole, passwordHash: String,
                    totpSecretSealed: Data?) {
            self.id = id
            self.tenantID = tenantID
            self.emailIndex = emailIndex
            self.emailSealed = emailSealed
            self.role = role
            self.passwordHash = passwordHash
            self.totpSecretSealed = totpSecretSealed
        }
    }

    /// Adds an operator; an address that already signs in anywhere is `OPERATOR_EXISTS` (409) on `email`,
    /// the same answer (code and words) whether this tenant or another holds it,
    /// also when two creations race (the unique index decides). `alongside`
    /// writes in the same transaction (the change's audit row).
    public func create(_ new: NewOperator, now: Int64, protector: DataProtector,
                       alongside: @escaping @Sendable (any Database) async throws -> Void = { _ in }) async throws -> OperatorModel {
        let model = OperatorModel()
        model.id = new.id
        model.$tenant.id = new.tenantID
        model.emailIndex = new.emailIndex
        model.emailSealed = new.emailSealed
        model.role = new.role
        model.passwordHash = new.passwordHash
        model.totpSecretSealed = new.totpSecretSealed
        model.status = .active
        model.createdAt = now
        model.credentialBinding = model.credentialBinding(protector)
        // Worded the same whoever holds the address: it says nothing of other tenants.
        let taken = VerityError(.operatorExists, "this address cannot be given to a new operator: choose another", field: "email")
        guard try await find(emailIndex: new.emailIndex) == nil else { throw taken }
        do {
            try await db.write { tx in
                try await model.create(on: tx)
                try await alongside(tx)
            }
        } catch {
            // Two creations at once: the unique index kept one.
            if try await find(emailIndex: new.emailIndex) != nil { throw taken }
            throw error
        }
        return model
    }

    public func find(emailIndex: String) async throws -> OperatorModel? {
        try await OperatorModel.query(on: db).filter(\.$emailIndex == emailIndex).first()
    }

    /// The operator `id` of `tenantID`; nil when it is another tenant's or unknown.
    public func find(id: UUID, tenantID: UUID) async throws -> OperatorModel? {
        try await OperatorModel.query(on: db).filter(\.$id == id).filter(\.$tenant.$id == tenantID).first()
    }

    public func list(tenantID: UUID) async throws -> [OperatorModel] {
        try await OperatorModel.query(on: db).filter(\.$tenant.$id == tenantID).sort(\.$createdAt).all()
    }

    /// A successful sign-in (or, with `isConfirmation`, a session's operator
    /// proving themselves again): noted, and the TOTP step (if any) used up.
    /// False when that step was used already (a replayed code).
    public func recordSignIn(id: UUID, totpStep: Int64?, now: Int64, isConfirmation: Bool = false) async throws -> Bool {
        try await db.write { tx in
            let sql = try tx.sql()
            if let totpStep {
                let fresh = try await sql.raw("""
                    UPDATE operators SET totp_last_step = \(bind: totpStep)
                    WHERE id = \(bind: id) AND (totp_last_step IS NULL OR totp_last_step < \(bind: totpStep)) RETURNING id
                    """).first() != nil
                guard fresh else { return false }
            }
            // A confirmation is no sign-in: "latest sign-in" stays as it was.
            if !isConfirmation {
                try await sql.raw("UPDATE operators SET last_sign_in_at = \(bind: now) WHERE id = \(bind: id)").run()
            }
            return true
        }
    }

    /// The security columns an operator change sets, each bound again to the row.
    public enum Change: Sendable {
        /// A new password hash (the caller ends every session and device in the same transaction).
        case password(hash: String)
        case status(active: Bool)
        /// A new second factor's sealed secret (nil removes it).
        case secondFactor(sealed: Data?)
    }

    /// Changes security columns of operator `id` and binds the row again, in
    /// the caller's transaction. A row whose binding no longer held (changed
    /// behind the server's back) is left refused, never laundered by a change.
    public static func apply(_ change: Change, to id: UUID, protector: DataProtector, on tx: any Database) async throws {
        guard let model = try await OperatorModel.find(id, on: tx) else { return }
        let held = model.credentialsHold(protector)
        switch change {
        case .password(let hash): model.passwordHash = hash
        case .status(let active): model.status = active ? .active : .disabled
        case .secondFactor(let sealed):
            model.totpSecretSealed = sealed
            model.totpLastStep = nil
        }
        model.rebind(held: held, protector)
        try await model.update(on: tx)
    }

    // MARK: Sessions

    public func createSession(operatorID: UUID, tokenHash: String, now: Int64, expiresAt: Int64) async throws {
        let session = OperatorSessionModel()
        session.$operator.id = operatorID
        session.tokenHash = tokenHash
        session.createdAt = now
        session.lastSeenAt = now
        session.expiresAt = expiresAt
        session.confirmedAt = now
        try await db.write { try await session.create(on: $0) }
    }

    /// The operator proved themselves again in this session.
    public func confirmSession(tokenHash: String, now: Int64) async throws {
        try await db.write { tx in
            try await OperatorSessionModel.query(on: tx).filter(\.$tokenHash == tokenHash).set(\.$confirmedAt, to: now).update()
        }
    }

    /// The live session `tokenHash` names, with its operator and their tenant: nil when it is
    /// unknown, past its end, idle longer than `idleMilliseconds`, or its
    /// operator is disabled.
    public func session(tokenHash: String, now: Int64, idleMilliseconds: Int64) async throws -> (OperatorSessionModel, OperatorModel)? {
        guard let session = try await OperatorSessionModel.query(on: db).filter(\.$tokenHash == tokenHash)
                .with(\.$operator) { $0.with(\.$tenant) }.first(),
              session.expiresAt > now, now - session.lastSeenAt < idleMilliseconds, session.operator.status == .active
        else { return nil }
        return (session, session.operator)
    }

    /// Notes the session was used (at most once a minute: a page's every request need not write).
    public func touch(_ session: OperatorSessionModel, now: Int64) async throws {
        guard now - session.lastSeenAt >= 60_000, let id = session.id else { return }
        try await db.write { tx in
            try await OperatorSessionModel.query(on: tx).filter(\.$id == id).set(\.$lastSeenAt, to: now).update()
        }
    }

    public func endSession(tokenHash: String) async throws {
        try await db.write { tx in try await OperatorSessionModel.query(on: tx).filter(\.$tokenHash == tokenHash).delete() }
    }

    /// Signs the operator out everywhere.
    public func endSessions(operatorID: UUID) async throws {
        try await db.write { tx in try await Self.endSessions(operatorID: operatorID, on: tx) }
    }

    public static func endSessions(operatorID: UUID, on tx: any Database) async throws {
        try await OperatorSessionModel.query(on: tx).filter(\.$operator.$id == operatorID).delete()
    }

    /// Housekeeping: sessions past their end or idle longer than `idleMilliseconds`.
    @discardableResult
    public func purgeSessions(now: Int64, idleMilliseconds: Int64) async throws -> Int {
        try await db.write { tx in
            try await tx.sql().raw("""
                DELETE FROM operator_sessions WHERE expires_at <= \(bind: now) OR last_seen_at <= \(bind: now - idleMilliseconds) RETURNING id
                """).all().count
        }
    }
}
