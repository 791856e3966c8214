import Foundation
import VerityCore
import VerityStore

extension OperatorAccounts {
    /// Checks the password (and the TOTP code, when the account has a second
    /// factor) and opens a session. Every wrong answer is the same
    /// `Refusal.wrong` in the same time: unknown addresses, inactive
    /// accounts and a client waiting after its failures cost a bcrypt check
    /// too. `SignInGuard` counts the client and bounds the hashing first.
    package func signIn(email rawEmail: String, password: String, code: String?,
                        client: SignInGuard.Client = SignInGuard.Client()) async throws -> SignedIn {
        let now = clock.nowMillis()
        let operators = OperatorRepository(db: db)
        let signIns = OperatorSignInRepository(db: db)
        let device = try await SignInGuard.admit(client, db: db, protector: protector, now: now)
        guard let email = try? OperatorCredentialRules.normalisedEmail(rawEmail), password.utf8.count <= OperatorCredentialRules.passwordBytes.upperBound,
              let model = try await operators.find(emailIndex: Self.emailIndex(email, protector)), model.status == .active,
              Self.intact(model, protector)
        else {
            // An answer in a bcrypt check's time, as for a known address.
            let cost = self.cost
            _ = try await hashing.run { try await Self.verify(String(password.prefix(72)), against: try await Self.decoyHash(cost: cost)) }
            throw Refusal.wrong
        }
        let id = try model.requireID()
        let tenantID = model.$tenant.id
        let knownDevice = try await proof(of: model, password: password, code: code, client: client, device: device, now: now, isConfirmation: false)
        var deviceCookie: String?
        if let knownDevice, let deviceID = knownDevice.id {
            try await signIns.useDevice(id: deviceID, now: now)
        } else {
            let token = SignInGuard.newDeviceToken()
            _ = try await signIns.addDevice(operatorID: id, tokenHash: DataProtector.hashSecret(token),
                                            label: DeviceLabel.of(userAgent: client.userAgent), now: now,
                                            expiresAt: now + SignInGuard.deviceMilliseconds)
            deviceCookie = token
        }
        let token = DataProtector.base64URL(DataProtector.randomBytes(32))
        let tokenHash = DataProtector.hashSecret(token)
        try await operators.createSession(operatorID: id, tokenHash: tokenHash, now: now, expiresAt: now + Self.sessionMaxMilliseconds)
        try await audit("console.sign_in", operatorID: id, tenantID: tenantID, reason: knownDevice == nil ? "a new device" : nil)
        let tenantName = try await TenantRepository(db: db).tenantName(id: tenantID) ?? ""
        return SignedIn(token: token, session: Session(account: try account(model), tenantID: tenantID, tenantName: tenantName,
                                                       tokenHash: tokenHash, csrfToken: Self.csrfToken(forSession: token),
                                                       confirmedAt: now),
                        deviceCookie: deviceCookie)
    }

    /// The operator proves themselves again (their password, and their code
    /// when they have a second factor) for the sensitive changes of the next
    /// few minutes. Counted and made to wait like a sign-in from the same
    /// client, so a stolen session cannot guess the password here either.
    package func confirm(_ session: Session, password: String, code: String?, client: SignInGuard.Client) async throws -> Session {
        let now = clock.nowMillis()
        let operators = OperatorRepository(db: db)
        let device = try await SignInGuard.admit(client, db: db, protector: protector, now: now)
        guard password.utf8.count <= OperatorCredentialRules.passwordBytes.upperBound,
              let model = try await operators.find(id: session.operatorID, tenantID: session.tenantID), model.status == .active,
              Self.intact(model, protector) else {
            throw Refusal.wrong
        }
        _ = try await proof(of: model, password: password, code: code, client: client, device: device, now: now, isConfirmation: true)
        try await operators.confirmSession(tokenHash: session.tokenHash, now: now)
        try await audit("console.confirmed", operatorID: session.operatorID, tenantID: session.tenantID)
        return Session(account: session.account, tenantID: session.tenantID, tenantName: session.tenantName, tokenHash: session.tokenHash,
                       csrfToken: session.csrfToken, confirmedAt: now)
    }

    /// What a sign-in and a confirmation both check of `model` from `client`:
    /// the client's wait after its failures (answered like a wrong password,
    /// after the same bcrypt check), the password, and the code, which is
    /// used up (a replayed one fails). A failure counts against the client,
    /// per account (its device when it is one of the operator's, else its
    /// address), and past the threshold makes it wait, in the audit trail; a
    /// success forgets its count. Returns the operator's own device, if the
    /// client is one; `Refusal.wrong` when anything fails.
    private func proof(of model: OperatorModel, password: String, code: String?, client: SignInGuard.Client,
                       device: OperatorDeviceModel?, now: Int64, isConfirmation: Bool) async throws -> OperatorDeviceModel? {
        let id = try model.requireID()
        let signIns = OperatorSignInRepository(db: db)
        // Another operator's device is no one's here: this browser counts as its address.
        let knownDevice = device.flatMap { $0.$operator.id == id ? $0 : nil }
        let clientIndex = SignInGuard.clientIndex(operatorID: id, client: client, knownDevice: knownDevice, protector)
        let waiting = try await signIns.waitsUntil(clientIndex: clientIndex, now: now) != nil
        let passwordRight = try await hashing.run { try await Self.verify(password, against: model.passwordHash) }
        var step: Int64?
        if passwordRight, let sealed = model.totpSecretSealed {
            step = code.flatMap { Self.secondFactor(sealed, operatorID: id, protector)?.matchingStep($0, at: now / 1000) }
        }
        guard !waiting, passwordRight, model.totpSecretSealed == nil || step != nil,
              try await OperatorRepository(db: db).recordSignIn(id: id, totpStep: step, now: now, isConfirmation: isConfirmation) else {
            if !waiting, try await signIns.recordFailure(clientIndex: clientIndex, operatorID: id, now: now) != nil {
                let who = knownDevice == nil ? "one client address waits" : "one known device waits"
                try await audit("operator.locked", operatorID: id, tenantID: model.$tenant.id, reason: isConfirmation ? "confirming: \(who)" : who)
            }
            throw Refusal.wrong
        }
        try await signIns.clearFailures(clientIndex: clientIndex)
        return knownDevice
    }

    /// The session a cookie's token names, if it is live.
    package func session(token: String) async throws -> Session? {
        guard token.count <= 64 else { return nil }
        let now = clock.nowMillis()
        let tokenHash = DataProtector.hashSecret(token)
        let operators = OperatorRepository(db: db)
        guard let (session, model) = try await operators.session(tokenHash: tokenHash, now: now, idleMilliseconds: Self.sessionIdleMilliseconds),
              Self.intact(model, protector)
        else { return nil }
        try await operators.touch(session, now: now)
        return Session(account: try account(model), tenantID: model.$tenant.id, tenantName: model.tenant.name, tokenHash: tokenHash,
                       csrfToken: Self.csrfToken(forSession: token), confirmedAt: session.confirmedAt)
    }

    package func signOut(_ session: Session, everywhere: Bool) async throws {
        if everywhere {
            try await endEverything(session.operatorID)
        } else {
            try await OperatorRepository(db: db).endSession(tokenHash: session.tokenHash)
        }
        try await audit(everywhere ? "console.sign_out_everywhere" : "console.sign_out", operatorID: session.operatorID, tenantID: session.tenantID)
    }
}
