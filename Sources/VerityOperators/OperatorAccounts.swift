import Crypto
import Fluent
import Foundation
import NIOPosix
import Vapor
import VerityAPI
import VerityCore
import VerityStore
import VerityKernel

/// Operator accounts and sign-in: bcrypt (cost 12) off the event loops,
/// waits after repeated failures for the client that failed, never the
/// account (`SignInGuard`), known devices the operator can revoke, an
/// optional TOTP second factor, and
/// sessions kept in the database (any server can read them) by the SHA-256
/// of their token. Signing in and confirming are in `OperatorAccounts+SignIn.swift`.
package struct OperatorAccounts: Sendable {
    let db: any Database
    let protector: DataProtector
    package let clock: VerityClock
    /// Bcrypt's cost: `bcryptCost` everywhere but the test suites (`Settings.operatorPasswordCost`).
    var cost: Int = Self.bcryptCost
    /// The server's bound on sign-ins hashing at once (a server passes its own, `ServerDependencies.signInHashing`).
    var hashing: SignInGuard.HashingQueue = SignInGuard.HashingQueue(capacity: SignInGuard.hashingCapacity)

    static let bcryptCost = Settings.operatorBcryptCost
    /// A session ends after this long unused, and after `sessionMaxMilliseconds` whatever happens.
    static let sessionIdleMilliseconds = OperatorRepository.sessionIdleMilliseconds
    package static let sessionMaxMilliseconds: Int64 = 12 * 3_600_000
    static let generatedPasswordLength = 20
    static let issuer = "Verity"

    /// The operator's TOTP, or nil when its secret cannot be unsealed (a data
    /// key that does not open it, a damaged row): then no code matches, never
    /// the code of an empty key, which anyone can compute.
    static func secondFactor(_ sealed: Data, operatorID: UUID, _ protector: DataProtector) -> TOTP? {
        guard let secret = try? protector.open(sealed, at: .of(.operatorSecondFactor, operatorID)), !secret.isEmpty else {
            Logger(label: "verity.console").error("an operator's second-factor secret cannot be unsealed: sign-in refused; run verity doctor",
                                                  metadata: ["operator": .string(operatorID.uuidString)])
            return nil
        }
        return TOTP(secret: secret)
    }

    /// Whether the operator's security columns are as the server last wrote
    /// them (`CredentialBinding`); a row changed behind its back is refused
    /// wherever it is used, and said in the log for the people who run it.
    static func intact(_ model: OperatorModel, _ protector: DataProtector) -> Bool {
        guard model.credentialsHold(protector) else {
            Logger(label: "verity.console").error("an operator's credentials are not bound to their row (changed in the database?): refused",
                                                  metadata: ["operator": .string(model.id?.uuidString ?? "-")])
            return false
        }
        return true
    }

    /// Why a sign-in was refused: the console words it in the page's
    /// language, other callers take `verityError`.
    package enum Refusal: Error, Equatable {
        /// The address, password or code is wrong (which one is not said),
        /// or this client waits after its failures: told alike, in the same time.
        case wrong
        /// This client (address or device) tried too often this minute (`SignInGuard`).
        case throttled(retryAfterSeconds: Int)
        /// The hashing thread has no room: try again in a moment.
        case busy

        var verityError: VerityError {
            switch self {
            case .wrong: VerityError(.signInFailed, "the e-mail address, password or code is not right")
            case .throttled: VerityError(.rateLimited, "too many sign-ins from this address this minute: wait, then try again")
            case .busy: VerityError(.serviceUnavailable, "sign-ins are queued: try again in a moment")
            }
        }
    }

    /// What a sign-in gives: the session's token (for its cookie), the
    /// session, and, for a browser not known yet, the device cookie that
    /// marks it as known from now on.
    package struct SignedIn: Sendable {
        package let token: String
        let session: Session
        package let deviceCookie: String?
    }

    /// A signed-in operator, as each console request finds them.
    package struct Session: Sendable {
        /// The operator as the session was read (the console's header shows them).
        package let account: OperatorView
        package let tenantID: UUID
        package let tenantName: String
        /// The session token's hash (sign-out).
        let tokenHash: String
        /// What every form of this session carries.
        package let csrfToken: String
        /// When the operator last proved themselves in it: the sign-in, or a confirmation since.
        let confirmedAt: Int64?

        package var operatorID: UUID { account.id }
        package var role: OperatorRole { account.role }

        /// Whether a sensitive change may go ahead now without asking again.
        func isConfirmed(now: Int64) -> Bool {
            confirmedAt.map { now - $0 < OperatorAccounts.confirmationMilliseconds && $0 <= now } ?? false
        }

        /// Until when it is, if it is.
        package func confirmedUntil(now: Int64) -> Int64? {
            isConfirmed(now: now) ? confirmedAt.map { $0 + OperatorAccounts.confirmationMilliseconds } : nil
        }
    }

    /// How long a sign-in or a confirmation lets an operator make sensitive
    /// changes (keys, operators, settings) before asking for their password,
    /// and code, again (OWASP ASVS 3.7.1).
    static let confirmationMilliseconds: Int64 = 5 * 60_000

    /// Refuses a sensitive change unless the session proved its operator
    /// within `confirmationMilliseconds`.
    package static func requireConfirmed(_ session: Session, now: Int64) throws(VerityError) {
        guard session.isConfirmed(now: now) else {
            throw VerityError(.reauthenticationRequired,
                              "confirm your password (and code) first: this change needs a proof from the last 5 minutes", field: "reauthenticate")
        }
    }

    // MARK: Accounts

    // Each change below writes its audit row (`operator.*`, naming the
    // operator changed) in its own transaction, with whoever asked: the admin
    // API, the CLI and the console hand in their `AuditedChange` and nothing else.

    package func create(tenantID: UUID, email rawEmail: String, role: OperatorRole, password given: String?, secondFactor: Bool,
                        _ change: AuditedChange) async throws -> OperatorCredentials {
        let email = try OperatorCredentialRules.normalisedEmail(rawEmail)
        let password = given ?? Self.generatedPassword()
        try OperatorCredentialRules.check(password: password)
        let totpSecret = secondFactor ? TOTP.newSecret() : nil
        let id = UUID(), now = clock.nowMillis()
        let detail = "\(Self.actor(id)), \(role.rawValue)\(secondFactor ? ", second factor" : "")"
        let model = try await OperatorRepository(db: db).create(.init(
            id: id, tenantID: tenantID, emailIndex: Self.emailIndex(email, protector),
            emailSealed: try protector.seal(text: email, at: .of(.operatorEmail, id)), role: role,
            passwordHash: try await Self.hash(password, cost: cost),
            totpSecretSealed: try totpSecret.map { try protector.seal($0, at: .of(.operatorSecondFactor, id)) }), now: now,
            protector: protector, alongside: { tx in
                try await Self.audit("operator.create", change, detail: detail, tenantID: tenantID, now: now, on: tx)
            })
        return OperatorCredentials(operator: try account(model), password: password,
                                   totpURI: totpSecret.map { TOTP(secret: $0).provisioningURI(issuer: Self.issuer, account: email) })
    }

    package func list(tenantID: UUID) async throws -> [OperatorView] {
        try await OperatorRepository(db: db).list(tenantID: tenantID).map(account)
    }

    /// A new password, generated (shown once); every session and known device
    /// of the operator ends, and every client's failures are forgotten.
    package func resetPassword(operatorID: UUID, tenantID: UUID, _ change: AuditedChange) async throws -> OperatorCredentials {
        let before = try account(try await own(operatorID, tenantID))
        let password = Self.generatedPassword()
        let passwordHash = try await Self.hash(password, cost: cost)
        try await write("operator.reset_password", change, operatorID: operatorID, tenantID: tenantID, detail: Self.actor(operatorID)) { [protector] tx in
            try await OperatorRepository.apply(.password(hash: passwordHash), to: operatorID, protector: protector, on: tx)
            try await Self.endEverything(operatorID, on: tx)
            try await OperatorSignInRepository.clearFailures(operatorID: operatorID, on: tx)
        }
        return OperatorCredentials(operator: before, password: password, totpURI: nil)
    }

    /// A new second-factor secret (its `otpauth://` address shown once), for an
    /// operator who lost their authenticator; every session and known device ends.
    package func resetSecondFactor(operatorID: UUID, tenantID: UUID, _ change: AuditedChange) async throws -> SecondFactorReset {
        let before = try account(try await own(operatorID, tenantID))
        let secret = TOTP.newSecret()
        let sealed = try protector.seal(secret, at: .of(.operatorSecondFactor, operatorID))
        try await write("operator.reset_second_factor", change, operatorID: operatorID, tenantID: tenantID, detail: Self.actor(operatorID)) { [protector] tx in
            try await OperatorRepository.apply(.secondFactor(sealed: sealed), to: operatorID, protector: protector, on: tx)
            try await Self.endEverything(operatorID, on: tx)
        }
        let updated = try account(try await own(operatorID, tenantID))
        return SecondFactorReset(operator: updated, totpURI: TOTP(secret: secret).provisioningURI(issuer: Self.issuer, account: updated.email))
    }

    /// Disables (every session and known device ends) or enables an operator.
    package func setActive(_ active: Bool, operatorID: UUID, tenantID: UUID, _ change: AuditedChange) async throws -> OperatorView {
        let before = try account(try await own(operatorID, tenantID))
        try await write(active ? "operator.enable" : "operator.disable", change, operatorID: operatorID, tenantID: tenantID,
                        detail: Self.actor(operatorID)) { [protector] tx in
            try await OperatorRepository.apply(.status(active: active), to: operatorID, protector: protector, on: tx)
            if !active { try await Self.endEverything(operatorID, on: tx) }
        }
        return try account(try await own(operatorID, tenantID))
    }

    /// Every session of the operator, and every browser known as theirs.
    func endEverything(_ operatorID: UUID) async throws {
        try await db.write { tx in try await Self.endEverything(operatorID, on: tx) }
    }

    static func endEverything(_ operatorID: UUID, on tx: any Database) async throws {
        try await OperatorRepository.endSessions(operatorID: operatorID, on: tx)
        try await OperatorSignInRepository.revokeDevices(operatorID: operatorID, on: tx)
    }

    /// A change of an existing operator and its audit row, in one transaction.
    private func write(_ action: String, _ change: AuditedChange, operatorID: UUID, tenantID: UUID, detail: String,
                       _ body: @escaping @Sendable (any Database) async throws -> Void) async throws {
        let now = clock.nowMillis()
        try await db.write { tx in
            try await body(tx)
            try await Self.audit(action, change, detail: detail, tenantID: tenantID, now: now, on: tx)
        }
    }

    /// An operator change's row: tenant-wide (no environment), the operator
    /// changed named by id as an actor is (`operator:<id>`): their address is
    /// sealed in its table and stays out of the trail (the console shows it).
    private static func audit(_ action: String, _ change: AuditedChange, detail: String, tenantID: UUID, now: Int64,
                              on tx: any Database) async throws {
        try await AuditRepository.record(action, actor: change.actor, environmentID: nil, userID: nil, now: now, tenantID: tenantID,
                                         reason: change.reason(with: detail), on: tx)
    }

    // MARK: Devices

    /// The browsers the operator signed in from and that are still known, the most recent first.
    package func devices(_ session: Session) async throws -> [OperatorDevice] {
        try await OperatorSignInRepository(db: db).devices(operatorID: session.operatorID, now: clock.nowMillis()).compactMap { model in
            model.id.map { OperatorDevice(id: $0, label: model.label, createdAt: model.createdAt, lastUsedAt: model.lastUsedAt,
                                         expiresAt: model.expiresAt, tokenHash: model.tokenHash) }
        }
    }

    /// Forgets one of the operator's own devices; false when it is not theirs.
    package func revokeDevice(_ id: UUID, session: Session) async throws -> Bool {
        guard try await OperatorSignInRepository(db: db).revokeDevice(id: id, operatorID: session.operatorID) else { return false }
        try await audit("console.device_revoked", operatorID: session.operatorID, tenantID: session.tenantID)
        return true
    }

    /// An operator's own event in the audit trail (`operator:<id>`).
    func audit(_ action: String, operatorID: UUID, tenantID: UUID, userID: UUID? = nil, environmentID: UUID? = nil, reason: String? = nil) async throws {
        try await AuditRepository(db: db).record(action, actor: Self.actor(operatorID), environmentID: environmentID, userID: userID,
                                                 now: clock.nowMillis(), tenantID: tenantID, reason: reason)
    }

    package static func actor(_ operatorID: UUID) -> String { AuditedChange.operator(operatorID).actor }

    /// The CSRF token of a session: derived from its cookie's token, which
    /// script cannot read (`HttpOnly`) and another site cannot send with a
    /// form it makes (`SameSite=Strict`), so a page must have been served to
    /// this session to know it.
    static func csrfToken(forSession token: String) -> String {
        DataProtector.base64URL(Data(SHA256.hash(data: Data("verity.console.csrf\u{0}\(token)".utf8))))
    }

    package static func csrfMatches(_ sent: String?, _ session: Session) -> Bool {
        sent.map { DataProtector.constantTimeEqual($0, session.csrfToken) } ?? false
    }

    // MARK: Pieces

    private func own(_ operatorID: UUID, _ tenantID: UUID) async throws -> OperatorModel {
        guard let model = try await OperatorRepository(db: db).find(id: operatorID, tenantID: tenantID) else {
            throw VerityError(.notFound, "no such operator in this tenant", field: "operatorId")
        }
        return model
    }

    /// Each of the tenant's operators' e-mail address, unsealed, by id: how pages name operators.
    package static func emails(tenantID: UUID, db: any Database, protector: DataProtector) async throws -> [UUID: String] {
        var emails: [UUID: String] = [:]
        for model in try await OperatorRepository(db: db).list(tenantID: tenantID) {
            if let id = model.id { emails[id] = try protector.openText(model.emailSealed, at: .of(.operatorEmail, id)) }
        }
        return emails
    }

    func account(_ model: OperatorModel) throws -> OperatorView {
        let id = try model.requireID()
        return OperatorView(id: id, email: try protector.openText(model.emailSealed, at: .of(.operatorEmail, id)),
                     role: model.role, active: model.status == .active,
                     secondFactor: model.totpSecretSealed != nil, createdAtEpochMs: model.createdAt, lastSignInAtEpochMs: model.lastSignInAt)
    }

    static func emailIndex(_ email: String, _ protector: DataProtector) -> String {
        protector.blindIndex(email, domain: OperatorRepository.emailDomain)
    }

    static func generatedPassword() -> String { Base62.random(length: generatedPasswordLength) }

    /// Bcrypt's own thread. Not NIO's shared blocking pool: SQLite runs every
    /// query there, and a sign-in held them all behind a quarter of a second
    /// of hashing. One thread: sign-ins queue, and a flood of them costs one
    /// core at most, never the event loops or the engines.
    static let hashingPool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        return pool
    }()

    /// Bcrypt is slow on purpose (a quarter of a second at cost 12).
    package static func hash(_ password: String, cost: Int) async throws -> String {
        try await hashingPool.runIfActive { try Bcrypt.hash(password, cost: cost) }
    }

    static func verify(_ password: String, against hash: String) async throws -> Bool {
        try await hashingPool.runIfActive { (try? Bcrypt.verify(password, created: hash)) ?? false }
    }

    /// What an unknown address is checked against, so it costs what a known
    /// one does; made on the hashing thread the first time it is needed.
    static func decoyHash(cost: Int) async throws -> String {
        if let made = decoy.lock.withLock({ decoy.hashes[cost] }) { return made }
        let made = try await hash("decoy-password-never-used", cost: cost)
        decoy.lock.withLock { decoy.hashes[cost] = made }
        return made
    }

    /// Guarded by its lock.
    private final class Decoy: @unchecked Sendable {
        let lock = NSLock()
        var hashes: [Int: String] = [:]
    }

    private static let decoy = Decoy()

    package init(db: any Database, protector: DataProtector, clock: VerityClock, cost: Int = Self.bcryptCost,
                 hashing: SignInGuard.HashingQueue = SignInGuard.HashingQueue(capacity: SignInGuard.hashingCapacity)) {
        self.db = db
        self.protector = protector
        self.clock = clock
        self.cost = cost
        self.hashing = hashing
    }
}

