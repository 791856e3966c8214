import Fluent
import Foundation
import Logging
import VerityAPI
import VerityCore
import VerityPKI
import VerityStore
import VerityKernel
import VerityWebhooks

/// Operators' and the app backend's side of certification in one environment:
/// deciding accreditation requests (an approval makes the DIAC), unlocking
/// users, asking users to approve transactions, checking sessions. Built
/// once; each call works in the context's environment, through its database handle.
package struct AccreditationAdminService: Sendable {
    let protector: DataProtector
    let clock: VerityClock
    let messaging: CertificationMessaging
    /// Wakes the job worker for the outcome's webhook deliveries (nil: the poll delivers them).
    var wake: WebhookWake? = nil

    static let maximumListed = 200

    /// Requests of the environment, newest first; `status` filters (`pending`, `approved`, `rejected`).
    package func requests(status text: String?, context: AdminContext) async throws -> [AccreditationRequestView] {
        let status = try text.map { text throws(VerityError) -> AccreditationRequestModel.Status in
            guard let status = AccreditationRequestModel.Status(rawValue: text), status != .expired else {
                throw VerityError(.validationError, "status is pending, approved or rejected.", field: "status")
            }
            return status
        }
        let rows = try await RegistrationRepository(db: context.db).requests(environmentID: context.environmentID, status: status,
                                                                            limit: Self.maximumListed)
        return try rows.map { try RegistrationService.view($0.request, entity: $0.entity.name) }
    }

    private func request(_ idText: String, context: AdminContext) async throws -> (AccreditationRequestModel, RegistrationModel, CertificationEntityModel) {
        guard let id = UUID(uuidString: idText),
              let request = try await RegistrationRepository(db: context.db).request(id: id, environmentID: context.environmentID) else {
            throw VerityError(.notFound, "No accreditation request has that id.", field: "id")
        }
        guard request.status == .pending else {
            throw VerityError(.validationError, "The request was \(request.status) already.", field: "id")
        }
        return (request, request.registration, request.registration.entity)
    }

    /// Approves: the user is accredited at the level and gets a DIAC, sent by
    /// SMS to their verified phone and shown here once. Level 3 and above
    /// need recorded identity evidence: a checkpoint visit, a succeeded
    /// document check named by id, or, when none is given, the user's own
    /// succeeded document check.
    package func approve(_ idText: String, input: AccreditationApprovalInput, context: AdminContext) async throws -> ActivationCodeIssued {
        let approval = try await prepareApproval(idText, input: input, context: context)
        try await commit(approval.write, events: approval.events, now: approval.now, context: context,
                         audit: .init(action: Approval.action, userID: approval.userID, detail: "level \(approval.level.rawValue)"))
        return await deliver(approval, context: context)
    }

    /// A decision's audit row: the console's review writes the same action (`AccreditationReview`).
    struct Audited: Sendable {
        let action: String
        let userID: UUID
        let detail: String
    }

    /// Writes a prepared decision, its events and its audit row (as the key,
    /// or `cli`) in one transaction, then wakes the webhooks; refused when
    /// the request was decided meanwhile.
    private func commit(_ write: @escaping @Sendable (any Database) async throws -> Bool, events: [WebhookEventDraft], now: Int64,
                        context: AdminContext, audit: Audited) async throws {
        let (environmentID, tenantID, change) = (context.environmentID, context.environment.$tenant.id, context.change)
        let told = try await context.db.write { tx -> Bool? in
            guard try await write(tx) else { return nil }
            let told = try await WebhookOutbox.publish(events, now: now, on: tx)
            try await AuditRepository.record(audit.action, actor: change.actor, environmentID: environmentID, userID: audit.userID, now: now,
                                             tenantID: tenantID, reason: change.reason(with: audit.detail), on: tx)
            return told
        }
        guard let told else { throw VerityError(.validationError, "The request was decided already.", field: "id") }
        wake?.published(told)
    }

    /// An approval read and checked, written by `write(on:)` in the caller's
    /// transaction (the admin API's own, or a console decision's) with its
    /// `events`, then handed to `deliver`.
    package struct Approval: Sendable {
        static let action = "accreditation.approve"
        let requestID: UUID
        package let userID: UUID
        let level: AccreditationLevel
        let evidence: AccreditationEvidence?
        let code: ActivationCode
        let codeRow: ActivationCodeModel
        package let message: ActivationCodeMessage?
        let delivery: MessageChannel
        let events: [WebhookEventDraft]
        let now: Int64

        /// False when the request was decided meanwhile.
        func write(on tx: any Database) async throws -> Bool {
            try await RegistrationRepository.approve(
                requestID: requestID, evidenceKind: evidence.flatMap { AccreditationEvidenceKind(rawValue: $0.kind) }, evidenceReference: evidence?.reference, code: codeRow, now: now,
                delivery: message.map { _ in .init(kind: ActivationCodeDelivery.kind, runAfter: now + ActivationCodeDelivery.fallbackMilliseconds) },
                on: tx)
        }
    }

    func prepareApproval(_ idText: String, input: AccreditationApprovalInput, context: AdminContext) async throws -> Approval {
        let (request, registration, entity) = try await request(idText, context: context)
        let (db, environmentID) = (context.db, context.environmentID)
        let level = try AccreditationLevel.parse(request.level)
        guard let delivery = MessageChannel(rawValue: input.delivery ?? MessageChannel.sms.rawValue) else {
            throw VerityError(.validationError, "delivery is sms or email.", field: "delivery")
        }
        // An e-mail needs an address before anything is decided: the operator learns now, not after.
        let address = delivery == .email ? try await emailAddress(of: registration, entity: entity, context: context) : nil
        // What the operator gives, else what the request stated: checked again
        // now, as of this user (a check cited then may not have been theirs).
        let userID = registration.$user.id
        let cited = input.evidence ?? request.evidenceKind.map { AccreditationEvidence(kind: $0.rawValue, reference: request.evidenceReference ?? "") }
        var stated = try await RegistrationService.checkedEvidence(cited, level: level, environmentID: environmentID, userID: userID,
                                                                   db: db, byOperator: true)
        // The user's own succeeded document check is evidence enough: nobody need type its id.
        if stated == nil, let check = try await DocumentCheckRepository(db: db).latestCheck(userID: userID),
           check.status == .succeeded, check.environmentID == environmentID {
            stated = AccreditationEvidence(kind: AccreditationEvidenceKind.document.rawValue, reference: try check.requireID().uuidString)
        }
        let evidence = stated
        if level.requiresIdentityCheck && evidence == nil {
            throw VerityError(.validationError, "Level \(level.rawValue) needs a recorded identity check: a verified document, a checkpoint visit or a video call.", field: "evidence")
        }
        let code = ActivationCodes.generate()
        let now = clock.nowMillis()
        let expires = now + ActivationCodes.lifetimeMilliseconds
        let requestID = try request.requireID()
        let registrationID = try registration.requireID()
        let codeRow = ActivationCodeModel(registrationID: registrationID, level: level.rawValue,
                                          codeHash: ActivationCodes.hash(code, protector: protector), expiresAt: expires, createdAt: now)
        let codeID = UUID()
        codeRow.id = codeID
        // The message is kept, sealed, until a gateway has it: the approval's
        // answer may die with its server, and the code with it.
        // (Nowhere to send it, or the phone unreadable: the approval stands, the operator has the code.)
        let message = (try? await self.message(code, level: level, entity: entity, userID: registration.$user.id, mailTo: address,
                                               context: context)) ?? nil
        if let message {
            let sealer = try await PersonKeyRepository(db: db, protector: protector)
                .sealer(userID: registration.$user.id, environmentID: environmentID, now: now)
            codeRow.deliverySealed = try sealer.seal(json: message, at: .of(.activationDelivery, codeID))
            // Entering a code that went only to this address proves the user reads it: the certificate may name it.
            if message.channel == .email { codeRow.mailedToSealed = try sealer.seal(text: message.to, at: .of(.activationMailedTo, codeID)) }
        }
        let approved = WebhookEvents.draft(AccreditationApproved(entity: entity.name, requestId: requestID.uuidString, level: level.rawValue,
                                                                 evidenceKind: evidence.flatMap { AccreditationEvidenceKind(rawValue: $0.kind) }),
                                           environmentID: environmentID, userID: registration.$user.id)
        return Approval(requestID: requestID, userID: userID, level: level, evidence: evidence, code: code, codeRow: codeRow, message: message,
                        delivery: delivery, events: [approved], now: now)
    }

    /// Sends a written approval's code (the job standing behind it sends it
    /// should this fail), and says what the operator is shown once.
    func deliver(_ approval: Approval, context: AdminContext) async -> ActivationCodeIssued {
        var delivered = false
        if let message = approval.message,
           await ActivationCodeDelivery.send(message, messaging: messaging, db: context.db, environmentID: context.environmentID,
                                             logger: context.logger) {
            delivered = true
            // Handed over: the job that stands behind it finds nothing to send.
            try? await RegistrationRepository(db: context.db).forgetDelivery(codeID: try approval.codeRow.requireID())
        }
        return ActivationCodeIssued(requestId: approval.requestID, level: approval.level.rawValue, diac: approval.code.grouped,
                                    expiresAtEpochMs: approval.codeRow.expiresAt, deliveredBy: delivered ? approval.delivery.rawValue : nil)
    }

    package func reject(_ idText: String, input: AccreditationRejectionInput, context: AdminContext) async throws -> AccreditationRequestView {
        let rejection = try await prepareRejection(idText, input: input, context: context)
        try await commit(rejection.write, events: rejection.events, now: rejection.now, context: context,
                         audit: .init(action: Rejection.action, userID: rejection.request.registration.$user.id,
                                      detail: "level \(rejection.request.level): \(input.reason)"))
        rejection.request.status = .rejected
        rejection.request.reason = input.reason
        return try RegistrationService.view(rejection.request, entity: rejection.entity)
    }

    /// A rejection read and checked, written by `write(on:)` in the caller's transaction with its `events`.
    struct Rejection: Sendable {
        static let action = "accreditation.reject"
        let request: AccreditationRequestModel
        let entity: String
        let reason: String
        let events: [WebhookEventDraft]
        let now: Int64

        /// False when the request was decided meanwhile.
        func write(on tx: any Database) async throws -> Bool {
            try await RegistrationRepository.reject(requestID: try request.requireID(), reason: reason, now: now, on: tx)
        }
    }

    func prepareRejection(_ idText: String, input: AccreditationRejectionInput, context: AdminContext) async throws -> Rejection {
        let (request, _, entity) = try await request(idText, context: context)
        try DirectoryOperations.checkText(input.reason, field: "reason", limit: 500)
        let requestID = try request.requireID()
        return Rejection(request: request, entity: entity.name, reason: input.reason, events: [
            WebhookEvents.draft(AccreditationRejected(entity: entity.name, requestId: requestID.uuidString, level: request.level),
                                environmentID: context.environmentID, userID: request.registration.$user.id),
        ], now: clock.nowMillis())
    }

    /// The DIAC's message: by e-mail to `mailTo`, else by SMS to the phone of
    /// the user's last verified device; nil when there is nowhere to send it
    /// (the operator has the code).
    private func message(_ code: ActivationCode, level: AccreditationLevel, entity: CertificationEntityModel, userID: UUID,
                         mailTo: String?, context: AdminContext) async throws -> ActivationCodeMessage? {
        if let mailTo {
            return ActivationCodeMessage(channel: .email, to: mailTo, subject: "Your \(entity.displayName) activation code",
                                         text: "Your \(entity.displayName) level \(level.rawValue) activation code is \(code.grouped).\n\n"
                                             + "Enter it in the app to finish your certification. Keep it secret: nobody from \(entity.displayName) will ask you for it.")
        }
        guard let device = try await CertificationDeviceRepository(db: context.db).latestVerifiedDevice(userID: userID) else { return nil }
        let phone = try await PersonKeyRepository(db: context.db, protector: protector).reader(userID: userID)
            .openText(device.phoneSealed, at: .of(.devicePhone, try device.requireID()))
        return ActivationCodeMessage(channel: .sms, to: phone, subject: nil,
                                     text: "Your \(entity.displayName) level \(level.rawValue) activation code is \(code.grouped). Keep it secret.")
    }

    /// Where a DIAC is mailed: the address the integrator's backend filed
    /// with the user token, else the registration's e-mail field.
    private func emailAddress(of registration: RegistrationModel, entity: CertificationEntityModel,
                              context: AdminContext) async throws -> String {
        if let email = try await UserRepository(db: context.db, protector: protector).contacts(userID: registration.$user.id).email {
            return email
        }
        let fields = try await PersonKeyRepository(db: context.db, protector: protector).registrationFields(registration)
        for definition in entity.fieldDefinitions where definition.type == .email {
            if let value = fields[definition.name], ContactDetails.isEmail(value) { return value }
        }
        throw VerityError(.validationError, "No e-mail address is known for this user: the backend files one with the user token (email), "
                          + "or the entity's form has an e-mail field.", field: "delivery")
    }

    package func unlock(userRef: String, context: AdminContext) async throws -> UnlockResult {
        let user = try await user(userRef, context: context)
        return UnlockResult(unlocked: try await CertificationLocks(db: context.db).unlock(userID: try user.requireID(), in: context.environment,
                                                                                         context.change, now: clock.nowMillis()))
    }

    private func user(_ userRef: String, context: AdminContext) async throws -> EndUserModel {
        guard let user = try await UserRepository(db: context.db, protector: protector).find(userRef: userRef,
                                                                                           environmentID: context.environmentID) else {
            throw VerityError(.notFound, "No user has that reference.", field: "userRef")
        }
        return user
    }

    // MARK: Transactions and sessions

    func createTransaction(userRef: String, input: TransactionInput, context: AdminContext) async throws -> TransactionView {
        let user = try await user(userRef, context: context)
        guard let entity = try await CertificationDirectory(db: context.db).entity(environmentID: context.environmentID, name: input.entity) else {
            throw VerityError(.notFound, "No entity is named \(input.entity.prefix(64)).", field: "entity")
        }
        guard let registration = try await RegistrationRepository(db: context.db).registration(entityID: try entity.requireID(),
                                                                                              userID: try user.requireID()) else {
            throw VerityError(.notFound, "The user is not registered with \(entity.name).", field: "userRef")
        }
        let ttl = input.ttlSeconds ?? 600
        guard (60...86_400).contains(ttl) else { throw VerityError(.validationError, "ttlSeconds is 60–86400.", field: "ttlSeconds") }
        let description = try TransactionDescription(reference: input.description.reference, summary: input.description.summary,
                                                     details: input.description.details).validated()
        let digest = SerialNumbers.hex(UserSignatures.digest(of: description)).lowercased()
        let stored = TransactionDetails(reference: description.reference, summary: description.summary, details: description.details)
        let now = clock.nowMillis()
        let sealer = try await PersonKeyRepository(db: context.db, protector: protector)
            .sealer(userID: try user.requireID(), environmentID: context.environmentID, now: now)
        let id = UUID()
        let row = TransactionModel(registrationID: try registration.requireID(),
                                   descriptionSealed: try sealer.seal(json: stored, at: .of(.transactionDescription, id)),
                                   digest: digest, expiresAt: now + Int64(ttl) * 1000, createdAt: now)
        row.id = id
        try await CertificateUseRepository(db: context.db).create(row)
        return try TransactionViews.view(row, entity: entity.name, reader: sealer)
    }

    func transaction(_ idText: String, context: AdminContext) async throws -> TransactionView {
        guard let id = UUID(uuidString: idText),
              let row = try await CertificateUseRepository(db: context.db).transactionWithEntity(id: id),
              row.registration.entity.$environment.id == context.environmentID else {
            throw VerityError(.notFound, "No transaction has that id.", field: "id")
        }
        if row.status == .pending, row.expiresAt <= clock.nowMillis() { row.status = .expired }
        let reader = try await PersonKeyRepository(db: context.db, protector: protector).reader(userID: row.registration.$user.id)
        return try TransactionViews.view(row, entity: row.registration.entity.name, reader: reader)
    }

    func checkSession(_ input: SessionCheckInput, context: AdminContext) async throws -> SessionCheck {
        guard input.sessionToken.hasPrefix("vas_"), input.sessionToken.count <= 128,
              let row = try await CertificateUseRepository(db: context.db).session(hash: DataProtector.hashSecret(input.sessionToken)),
              row.registration.entity.$environment.id == context.environmentID,
              let expires = row.sessionExpiresAt, expires > clock.nowMillis() else {
            return SessionCheck(valid: false)
        }
        // A session ends early when its certificate is revoked or replaced.
        let certificate = try await UserCertificateRepository(db: context.db).certificate(serial: row.certificateSerial ?? "")
        guard let certificate, certificate.status == .issued else { return SessionCheck(valid: false) }
        return SessionCheck(valid: true, entity: row.registration.entity.name, level: certificate.level,
                            certificateSerial: row.certificateSerial, expiresAtEpochMs: expires)
    }

    package init(protector: DataProtector, clock: VerityClock, messaging: CertificationMessaging, wake: WebhookWake? = nil) {
        self.protector = protector
        self.clock = clock
        self.messaging = messaging
        self.wake = wake
    }
}
