import Crypto
import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityPKI
import VerityStore
import X509
import VerityKernel

/// What a certified user does with the certificate: authenticate by signing
/// a nonce, approve transactions by signing their canonical hash, and (level
/// 4) sign documents with the HSM key. Levels 1–3 sign on the device; level 4
/// signs in the HSM with the user's password. Built once; each call works
/// through the context's database handle.
struct CertificateUseService: Sendable {
    let protector: DataProtector
    let clock: VerityClock
    let pki: CertificationPKI
    let sessionLifetimeMilliseconds: Int64
    let registrations: RegistrationService

    static let challengeLifetimeMilliseconds: Int64 = 120_000
    static let maximumDocumentBytes = 10 * 1024 * 1024

    private func certified(_ name: String, context: CertificationContext) async throws -> (CertificationEntityModel, RegistrationModel, UserCertificateModel, Certificate) {
        let entity = try await registrations.entity(name, context: context)
        let registration = try await registrations.requireRegistration(entity: entity, context: context)
        try await CertificationLocks(db: context.db).checkUnlocked(userID: context.userID)
        let reader = try await PersonKeyRepository(db: context.db, protector: protector).reader(userID: context.userID)
        let (row, certificate) = try await UserCertificateRepository(db: context.db).requireCurrent(registrationID: try registration.requireID(),
                                                                                                     reader: reader)
        return (entity, registration, row, certificate)
    }

    // MARK: Authentication

    func challenge(_ name: String, context: CertificationContext) async throws -> AuthenticationChallenge {
        let (_, registration, _, _) = try await certified(name, context: context)
        let nonce = DataProtector.randomBytes(32)
        let expires = clock.nowMillis() + Self.challengeLifetimeMilliseconds
        let row = AuthenticationChallengeModel(registrationID: try registration.requireID(), nonce: nonce, expiresAt: expires)
        try await CertificateUseRepository(db: context.db).create(row)
        return AuthenticationChallenge(id: try row.requireID(), nonce: nonce.base64EncodedString(), expiresAtEpochMs: expires)
    }

    /// Checks the signed nonce (each challenge is answered once) and opens a session.
    func answer(_ name: String, challengeID: String, input: SignatureInput, context: CertificationContext) async throws -> AuthenticationSession {
        let (_, registration, row, certificate) = try await certified(name, context: context)
        let uses = CertificateUseRepository(db: context.db)
        guard let id = UUID(uuidString: challengeID), let challenge = try await uses.challenge(id: id),
              challenge.$registration.id == (try registration.requireID()) else {
            throw VerityError(.notFound, "No such challenge.", field: "id")
        }
        guard try await CertificationCounters(db: context.db).useChallenge(id: id, now: clock.nowMillis()) else {
            throw VerityError(.validationError, "The challenge was answered already or has expired: ask for a new one.", field: "id")
        }
        let message = Array(challenge.nonce)
        let signature = try await proof(input, row: row, message: message, context: context)
        try await pki.signatureChecker(environmentID: context.environmentID, db: context.db).check(signature: signature, over: message, by: certificate, revokedSerials: [])
        let session = "vas_" + Base62.random(length: 40)
        let expires = clock.nowMillis() + sessionLifetimeMilliseconds
        try await uses.openSession(challengeID: id, sessionHash: DataProtector.hashSecret(session), expiresAt: expires,
                                   certificateSerial: row.serial)
        return AuthenticationSession(sessionToken: session, expiresAtEpochMs: expires, level: row.level)
    }

    // MARK: Transactions

    func pendingTransactions(_ name: String, context: CertificationContext) async throws -> [TransactionView] {
        let entity = try await registrations.entity(name, context: context)
        let registration = try await registrations.requireRegistration(entity: entity, context: context)
        let rows = try await CertificateUseRepository(db: context.db).pendingTransactions(
            registrationID: try registration.requireID(), now: clock.nowMillis(), limit: 100)
        let reader = try await PersonKeyRepository(db: context.db, protector: protector).reader(userID: context.userID)
        return try rows.map { try TransactionViews.view($0, entity: entity.name, reader: reader) }
    }

    /// Checks the user's signature over the transaction's digest and stores the approval.
    func approve(_ name: String, transactionID: String, input: SignatureInput, context: CertificationContext) async throws -> TransactionView {
        let (entity, registration, row, certificate) = try await certified(name, context: context)
        let uses = CertificateUseRepository(db: context.db)
        guard let id = UUID(uuidString: transactionID), let transaction = try await uses.transaction(id: id),
              transaction.$registration.id == (try registration.requireID()) else {
            throw VerityError(.notFound, "No such transaction.", field: "id")
        }
        guard transaction.status == .pending else {
            throw VerityError(.validationError, "The transaction was \(transaction.status) already.", field: "id")
        }
        let now = clock.nowMillis()
        guard transaction.expiresAt > now else { throw VerityError(.validationError, "The transaction has expired.", field: "id") }
        guard let digest = TransactionViews.digestBytes(transaction.digest) else { throw VerityError(.systemError, "A transaction digest is damaged.") }
        let signature = try await proof(input, row: row, message: digest, context: context)
        try await pki.signatureChecker(environmentID: context.environmentID, db: context.db).check(signature: signature, over: digest, by: certificate, revokedSerials: [])
        guard try await uses.approve(transactionID: id, signature: Data(signature), certificateSerial: row.serial, now: now) else {
            throw VerityError(.validationError, "The transaction was decided already.", field: "id")
        }
        guard let stored = try await uses.transaction(id: id) else { throw VerityError(.notFound, "No such transaction.") }
        let reader = try await PersonKeyRepository(db: context.db, protector: protector).reader(userID: context.userID)
        return try TransactionViews.view(stored, entity: entity.name, reader: reader)
    }

    // MARK: Documents (level 4)

    func signDocument(_ name: String, input: DocumentSigningInput, context: CertificationContext) async throws -> DocumentSignatureOutput {
        let (_, _, row, certificate) = try await certified(name, context: context)
        guard let token = row.hsmToken else {
            throw VerityError(.validationError, "Levels 1–3 sign documents on the device with its own key (CertificationClient.signDocument).")
        }
        guard input.document.count <= (Self.maximumDocumentBytes / 3 + 1) * 4, let document = Data(base64Encoded: input.document),
              !document.isEmpty else {
            throw VerityError(.validationError, "document is the file, base64, at most \(Self.maximumDocumentBytes / 1_048_576) MiB.", field: "document")
        }
        try CertificationService.checkPassword(input.password)
        let module = try pki.requireHSM()
        let ca = try await pki.requireCA(environmentID: context.environmentID, db: context.db)
        let password = input.password
        let signature = try await countingWrongPasswords(context) {
            try await pki.offLoop {
                let key = try HSMKey(module: module, token: token, label: CertificationService.hsmKeyLabel, pin: password)
                return try DocumentSignature.sign(Array(document), certificate: certificate, key: key.certificateKey, chain: [ca.issuing])
            }
        }
        return DocumentSignatureOutput(signature: Data(signature).base64EncodedString())
    }

    // MARK: Proof of the key

    /// Runs an HSM call that logs in with the user's password; a wrong
    /// password (`VALIDATION_ERROR`) counts towards the user's lock.
    private func countingWrongPasswords<T>(_ context: CertificationContext, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as VerityError where error.code == .validationError {
            try await CertificationLocks(db: context.db).recordWrongSecret(userID: context.userID, now: clock.nowMillis())
            throw error
        }
    }

    /// The signature over `message`: the device's (levels 1–3) or the HSM's
    /// with the password (level 4). A wrong password counts towards the lock.
    private func proof(_ input: SignatureInput, row: UserCertificateModel, message: [UInt8], context: CertificationContext) async throws -> [UInt8] {
        if let token = row.hsmToken {
            guard let password = input.password else {
                throw VerityError(.validationError, "A level-4 key signs in the HSM: send the password.", field: "password")
            }
            try CertificationService.checkPassword(password)
            let module = try pki.requireHSM()
            return try await countingWrongPasswords(context) {
                try await pki.offLoop {
                    try module.withSession(token: token, pin: password) { session throws(VerityError) in
                        Array(try session.sign(message, label: CertificationService.hsmKeyLabel).derRepresentation)
                    }
                }
            }
        }
        guard let text = input.signature, text.count <= 256, let signature = Data(base64Encoded: text), !signature.isEmpty else {
            throw VerityError(.validationError, "signature is the ECDSA signature, DER, base64.", field: "signature")
        }
        return Array(signature)
    }
}

/// Transactions as the app and the user see them.
enum TransactionViews {
    /// The 32 bytes of a stored hex digest.
    static func digestBytes(_ hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count == 64 else { return nil }
        return stride(from: 0, to: 64, by: 2).compactMap { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16) }
    }

    static func view(_ row: TransactionModel, entity: String, reader: PersonSealer) throws -> TransactionView {
        let details = try reader.open(json: TransactionDetails.self, from: row.descriptionSealed,
                                      at: .of(.transactionDescription, try row.requireID()))
        return TransactionView(id: try row.requireID(), entity: entity, description: details, digest: row.digest, status: row.status.rawValue,
                               signature: row.signature?.base64EncodedString(), certificateSerial: row.certificateSerial,
                               expiresAtEpochMs: row.expiresAt, decidedAtEpochMs: row.decidedAt)
    }
}
