import Crypto
import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityPKI
import VerityStore
import VerityKernel

/// Certifying and uncertifying a registered user: level 1 at once, levels 2–3
/// with a DIAC and the device's CSR, level 4 with a DIAC and a key made in the HSM.
/// Built once; each call works through the context's database handle.
package struct CertificationService: Sendable {
    let protector: DataProtector
    let clock: VerityClock
    let pki: CertificationPKI
    let issuer: CertificateIssuer
    let jobs: JobWorker
    let registrations: RegistrationService

    /// Level 1: the platform certifies the device's key at once, with no code.
    func certifyAtLevel1(_ name: String, input: CertifyLevel1Input, context: CertificationContext) async throws -> CertificationUser {
        let entity = try await registrations.entity(name, context: context)
        let registration = try await registrations.requireRegistration(entity: entity, context: context)
        try await CertificationLocks(db: context.db).checkUnlocked(userID: context.userID)
        guard entity.levels.contains(1), (registration.accreditedLevel ?? 0) >= 1 else {
            throw VerityError(.userNotAccredited, "\(entity.name) does not offer level 1: ask for an activation code.")
        }
        let status = registration.status
        _ = try CertificationStateMachine().next(from: status, on: .certifiedAtLevel1)
        let request = try await checkedRequest(input.csr, entity: entity, registration: registration, context: context)
        _ = try await pki.requireCA(environmentID: context.environmentID, db: context.db)
        let certificateID = UUID()
        let row = UserCertificateModel(registrationID: try registration.requireID(), level: 1,
                                       publicKey: request.publicKey.x963Representation,
                                       csr: try await sealedCSR(request.der, certificateID, context), hsmToken: nil, createdAt: clock.nowMillis())
        row.id = certificateID
        // No job: this request issues it, or fails it.
        let certificates = UserCertificateRepository(db: context.db)
        try await certificates.create(row)
        let id = try row.requireID()
        let told = await issuer.issueNow(id)
        guard let issued = try await certificates.certificate(id: id), issued.status == .issued else {
            // Level 1 answers now or not at all: no retry behind the user's back.
            try await certificates.fail(id: id, reason: "not issued within the request")
            throw VerityError(.serviceUnavailable, "The certificate could not be issued; try again.")
        }
        registrations.wake?.published(told)
        return try await view(registration, context: context)
    }

    /// Levels 2–3: a DIAC for the level and the device's CSR → `CERTIFICATE_PENDING`.
    func certify(_ name: String, input: CertifyInput, context: CertificationContext) async throws -> CertificationUser {
        let entity = try await registrations.entity(name, context: context)
        let registration = try await registrations.requireRegistration(entity: entity, context: context)
        let code = try ActivationCode.parse(input.diac)
        try await CertificationLocks(db: context.db).checkUnlocked(userID: context.userID)
        let request = try await checkedRequest(input.csr, entity: entity, registration: registration, context: context)
        let status = registration.status
        let activation = try await checkedCode(code, registration: registration, context: context, expecting: [.level2, .level3])
        _ = try CertificationStateMachine().next(from: status, on: .certificateRequested)
        _ = try await pki.requireCA(environmentID: context.environmentID, db: context.db)
        let certificateID = UUID()
        let row = UserCertificateModel(registrationID: try registration.requireID(), level: activation.level,
                                       publicKey: request.publicKey.x963Representation,
                                       csr: try await sealedCSR(request.der, certificateID, context), hsmToken: nil, createdAt: clock.nowMillis())
        row.id = certificateID
        try await queue(row, spending: activation, context: context)
        return try await view(registration, context: context)
    }

    /// Level 4: the key pair is made inside the HSM, in a token of the user's
    /// own whose PIN is `password` (never stored) → `CERTIFICATE_PENDING`.
    func certifyAtLevel4(_ name: String, input: CertifyLevel4Input, context: CertificationContext) async throws -> CertificationUser {
        let entity = try await registrations.entity(name, context: context)
        let registration = try await registrations.requireRegistration(entity: entity, context: context)
        let code = try ActivationCode.parse(input.diac)
        try Self.checkPassword(input.password)
        try await CertificationLocks(db: context.db).checkUnlocked(userID: context.userID)
        let status = registration.status
        let activation = try await checkedCode(code, registration: registration, context: context, expecting: [.level4])
        _ = try CertificationStateMachine().next(from: status, on: .certificateRequested)
        _ = try RegisteredSubject.names(fields: try await PersonKeyRepository(db: context.db, protector: protector).registrationFields(registration),
                                        entity: entity)
        _ = try await pki.requireCA(environmentID: context.environmentID, db: context.db)
        let module = try pki.requireHSM()
        // A token provisioned ahead (`verity hsm provision`): this process holds no SO PIN (issue 47, finding 15).
        let certificateID = UUID()
        let tokens = HSMTokenRepository(db: context.db, protector: protector)
        guard let (token, provisioningPIN) = try await tokens.claim(for: certificateID, now: clock.nowMillis()) else {
            throw VerityError(.serviceUnavailable, "No level-4 token is free: the operator makes more with `verity hsm provision`.")
        }
        let password = input.password
        let publicKey: P256.Signing.PublicKey
        do {
            // The user's password replaces the platform's PIN: from here only the user opens the token.
            try await pki.offLoop { try module.changePIN(token: token, from: provisioningPIN, to: password) }
            publicKey = try await pki.offLoop {
                try module.withSession(token: token, pin: password) { session throws(VerityError) in
                    try session.generateP256(label: Self.hsmKeyLabel)
                }
            }
            let row = UserCertificateModel(registrationID: try registration.requireID(), level: 4, publicKey: publicKey.x963Representation,
                                           csr: nil, hsmToken: token, createdAt: clock.nowMillis())
            row.id = certificateID
            // The code is spent with the certificate queued, or not at all: a failure gives the token up to be wiped.
            try await queue(row, spending: activation, context: context)
        } catch {
            try? await tokens.markToWipe(label: token, now: clock.nowMillis())
            throw error
        }
        return try await view(registration, context: context)
    }

    /// Gives the certificate up: revoked (on the next CRL), a level-4 key
    /// destroyed, the user back to `UNCERTIFIED`; device tokens must be refreshed.
    func uncertify(_ name: String, context: CertificationContext) async throws -> CertificationUser {
        let entity = try await registrations.entity(name, context: context)
        let registration = try await registrations.requireRegistration(entity: entity, context: context)
        try await revokeAll(registration, entity: entity, context: context)
        return try await view(registration, context: context)
    }

    /// An operator's uncertification (the console): the same, with no device
    /// in the context (the user is not the one asking).
    package func uncertifyByOperator(_ name: String, context: CertificationContext) async throws {
        let entity = try await registrations.entity(name, context: context)
        guard let registration = try await RegistrationRepository(db: context.db).registration(entityID: try entity.requireID(),
                                                                                              userID: context.userID) else {
            throw VerityError(.userNotAccredited, "This user has not registered with \(entity.name).")
        }
        try await revokeAll(registration, entity: entity, context: context)
    }

    private func revokeAll(_ registration: RegistrationModel, entity: CertificationEntityModel, context: CertificationContext) async throws {
        let next = try CertificationStateMachine().next(from: registration.status, on: .uncertified)
        let registrationID = try registration.requireID()
        let certificates = UserCertificateRepository(db: context.db)
        let live = try await certificates.live(registrationID: registrationID)
        let revoked = live.filter { $0.status == .issued }.compactMap { row in
            CertificationEvents.certificateRevoked(environmentID: context.environmentID, userID: context.userID, entity: entity.name,
                                                   level: row.level, serial: row.serial, reason: .uncertified)
        }
        let told = try await certificates.uncertify(registrationID: registrationID, userID: context.userID, status: next,
                                                    now: clock.nowMillis(), events: revoked)
        registrations.wake?.published(told)
        // A level-4 token goes to `verity hsm wipe` once its certificate is
        // revoked, never before: a lost mark only waits for the wipe's own sweep.
        for row in live { try? await issuer.giveUpHSMToken(of: row) }
        await issuer.notifyRevoked(live.filter { $0.status == .issued })
    }

    /// The current certificate and chain (the spec's `fetchCertificate`).
    func certificate(_ name: String, context: CertificationContext) async throws -> UserCertificate {
        let entity = try await registrations.entity(name, context: context)
        let registration = try await registrations.requireRegistration(entity: entity, context: context)
        guard let row = try await UserCertificateRepository(db: context.db).current(registrationID: try registration.requireID()) else {
            throw VerityError(.notFound, "The user has no certificate with \(entity.name).")
        }
        return try UserCertificates.wire(row, pki: pki, reader: try await PersonKeyRepository(db: context.db, protector: protector)
            .reader(userID: context.userID))
    }

    /// A CSR names its holder: sealed under their key until the issuer reads it.
    private func sealedCSR(_ der: [UInt8], _ certificateID: UUID, _ context: CertificationContext) async throws -> Data {
        try await PersonKeyRepository(db: context.db, protector: protector)
            .sealer(userID: context.userID, environmentID: context.environmentID, now: clock.nowMillis())
            .seal(Data(der), at: .of(.certificateRequest, certificateID))
    }

    // MARK: Steps

    static let hsmKeyLabel = "signing"

    static func checkPassword(_ password: String) throws(VerityError) {
        guard (8...128).contains(password.count), !password.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw VerityError(.validationError, "The password is 8–128 printable characters.", field: "password")
        }
    }


    /// The user as they stand after a change: the registration read again.
    private func view(_ registration: RegistrationModel, context: CertificationContext) async throws -> CertificationUser {
        let stored = try await RegistrationRepository(db: context.db).registration(id: try registration.requireID()) ?? registration
        return try await registrations.view(stored, context: context)
    }

    /// The device's CSR, checked: well-formed, self-signed, P-256, naming the registered person.
    private func checkedRequest(_ text: String, entity: CertificationEntityModel, registration: RegistrationModel,
                                context: CertificationContext) async throws -> SigningRequest {
        let bytes: [UInt8]
        if text.contains("-----BEGIN") {
            bytes = Array(text.utf8)
        } else if let der = Data(base64Encoded: text) {
            bytes = Array(der)
        } else {
            throw VerityError(.validationError, "csr is a PKCS#10 request, PEM or base64 DER.", field: "csr")
        }
        let request = try SigningRequest(bytes)
        let fields = try await PersonKeyRepository(db: context.db, protector: protector).registrationFields(registration)
        let (given, surname) = try RegisteredSubject.names(fields: fields, entity: entity)
        guard RegisteredSubject.requestNames(request, given: given, surname: surname) else {
            throw VerityError(.validationError, "The request names someone other than the registered user.", field: "csr")
        }
        return request
    }

    /// The registration's live activation code matching `code`; wrong codes count towards the lock.
    private func checkedCode(_ code: ActivationCode, registration: RegistrationModel, context: CertificationContext,
                             expecting levels: Set<AccreditationLevel>) async throws -> ActivationCodeModel {
        let registrationID = try registration.requireID()
        let accredited = registration.accreditedLevel ?? 0
        guard levels.contains(where: { $0.rawValue <= accredited }) else {
            throw VerityError(.userNotAccredited, "The user is not accredited at level \(levels.map(\.rawValue).min() ?? 2) or above: ask for accreditation first.")
        }
        let locks = CertificationLocks(db: context.db)
        var found: ActivationCodeModel?
        for hash in ActivationCodes.hashes(code, protector: protector, now: clock.nowMillis()) where found == nil {
            found = try await RegistrationRepository(db: context.db).activationCode(hash: hash)
        }
        guard let row = found, row.$registration.id == registrationID else {
            try await locks.recordWrongSecret(userID: context.userID, now: clock.nowMillis())
            throw VerityError(.validationError, "The activation code is not valid.", field: "diac")
        }
        guard row.usedAt == nil else {
            try await locks.recordWrongSecret(userID: context.userID, now: clock.nowMillis())
            throw VerityError(.validationError, "The activation code was used already.", field: "diac")
        }
        guard row.expiresAt > clock.nowMillis() else {
            throw VerityError(.validationError, "The activation code has expired: ask the operator for a new one.", field: "diac")
        }
        guard let level = AccreditationLevel(rawValue: row.level), levels.contains(level) else {
            throw VerityError(.userNotAccredited, row.level == 4
                              ? "This is a level-4 code: certify at level 4 with a password."
                              : "This is a level-\(row.level) code: certify with the device's key.", field: "diac")
        }
        return row
    }

    /// Spends the activation code and stores the pending certificate with its
    /// issuing job in one transaction (a failure between them would spend the
    /// code with nothing pending, and the request's Idempotency-Key would then
    /// answer IDEMPOTENCY_ANSWER_LOST for a certification that never began),
    /// then wakes the worker.
    private func queue(_ row: UserCertificateModel, spending code: ActivationCodeModel, context: CertificationContext) async throws {
        // The address the code was mailed to is proven by its use: the certificate may name it, and no other.
        if let mailed = code.mailedToSealed {
            let sealer = try await PersonKeyRepository(db: context.db, protector: protector).reader(userID: context.userID)
            let address = try sealer.openText(mailed, at: .of(.activationMailedTo, try code.requireID()))
            row.verifiedEmailSealed = try sealer.seal(text: address, at: .of(.certificateEmail, try row.requireID()))
        }
        guard try await UserCertificateRepository(db: context.db).queue(
            row, jobKind: CertificateIssuer.kind, spendingActivationCode: try code.requireID(), userID: context.userID, now: clock.nowMillis())
        else {
            throw VerityError(.validationError, "The activation code was used already.", field: "diac")
        }
        jobs.kick()
    }
}

/// DIACs are stored as a keyed hash: 16 digits are too few to leave to plain SHA-256.
enum ActivationCodes {
    static let lifetimeMilliseconds: Int64 = 30 * 86_400_000

    static func hash(_ code: ActivationCode, protector: DataProtector) -> String {
        protector.blindIndex(code.digits, domain: "diac")
    }

    /// The hashes a stored code may have: a code issued before a rotation of
    /// the derived keys is still good while its window lasts.
    static func hashes(_ code: ActivationCode, protector: DataProtector, now: Int64) -> [String] {
        protector.blindIndexes(code.digits, domain: "diac", now: now)
    }

    static func generate() -> ActivationCode {
        ActivationCode.generate { Int.random(in: 0...9) }
    }
}
