import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityStore
import VerityKernel
import VerityWebhooks

/// Entities as users see them, registration, the user's status, and
/// accreditation requests. Built once; each call works through the
/// context's database handle.
package struct RegistrationService: Sendable {
    let protector: DataProtector
    let clock: VerityClock
    let pki: CertificationPKI
    /// Wakes the job worker for the outcome's webhook deliveries (nil: the poll delivers them).
    var wake: WebhookWake? = nil

    /// The entity by name in the caller's environment, or `NOT_FOUND`.
    func entity(_ name: String, context: CertificationContext) async throws -> CertificationEntityModel {
        guard name.count <= 64,
              let entity = try await CertificationDirectory(db: context.db).entity(environmentID: context.environmentID, name: name) else {
            throw VerityError(.notFound, "No entity is named \(name.prefix(64)).", field: "entity")
        }
        return entity
    }

    func details(_ name: String, context: CertificationContext) async throws -> EntityDetails {
        let entity = try await entity(name, context: context)
        return EntityDetails(name: entity.name, displayName: entity.displayName, levels: entity.levels,
                             userFieldDefinitions: entity.fieldDefinitions.map(FieldDefinition.init))
    }

    /// The registration, or `USER_NOT_ACCREDITED` telling the user to register first.
    func requireRegistration(entity: CertificationEntityModel, context: CertificationContext) async throws -> RegistrationModel {
        _ = try context.requireDevice()
        guard let registration = try await RegistrationRepository(db: context.db).registration(entityID: try entity.requireID(),
                                                                                              userID: context.userID) else {
            throw VerityError(.userNotAccredited, "Register with \(entity.name) first.")
        }
        return registration
    }

    /// The spec's `requestUser`: status with this entity, fields, accreditation and certificate.
    func user(_ name: String, context: CertificationContext) async throws -> CertificationUser {
        let entity = try await entity(name, context: context)
        guard context.device != nil else { return CertificationUser(status: .unverified) }
        guard let registration = try await RegistrationRepository(db: context.db).registration(entityID: try entity.requireID(),
                                                                                              userID: context.userID) else {
            return CertificationUser(status: .unregistered)
        }
        return try await view(registration, context: context)
    }

    /// The user as the SDK sees them: the registration, its fields and current certificate.
    func view(_ registration: RegistrationModel, context: CertificationContext) async throws -> CertificationUser {
        let keys = PersonKeyRepository(db: context.db, protector: protector)
        let fields = try await keys.registrationFields(registration)
        let certificate = try await UserCertificateRepository(db: context.db).current(registrationID: try registration.requireID())
        let reader = try await keys.reader(userID: registration.$user.id)
        return CertificationUser(status: registration.status, accreditedLevel: registration.accreditedLevel, fields: fields,
                                 certificate: try certificate.map { try UserCertificates.wire($0, pki: pki, reader: reader) })
    }

    /// The spec's `registerUser`: every field checked against the entity's form → `UNCERTIFIED`.
    func register(_ name: String, input: RegistrationInput, context: CertificationContext) async throws -> CertificationUser {
        let entity = try await entity(name, context: context)
        _ = try context.requireDevice()
        try await CertificationLocks(db: context.db).checkUnlocked(userID: context.userID)
        let registrations = RegistrationRepository(db: context.db)
        let entityID = try entity.requireID()
        if try await registrations.registration(entityID: entityID, userID: context.userID) != nil {
            throw VerityError(.userAlreadyRegistered, "The user is already registered with \(entity.name).")
        }
        guard input.fields.count <= DirectoryOperations.maximumFields * 2 else {
            throw VerityError(.validationError, "Too many fields.", field: "fields")
        }
        let today = clock.today(graceDays: 1)
        let validator = RegistrationValidator(definitions: entity.fieldDefinitions,
                                              today: CalendarDate(year: today.year, month: today.month, day: today.day)!)
        let values = try validator.validate(input.fields)
        let status = try CertificationStateMachine().next(from: .unregistered, on: .registered)
        // Level 1 is self-accreditation: registering is the accreditation.
        let sealer = try await PersonKeyRepository(db: context.db, protector: protector)
            .sealer(userID: context.userID, environmentID: context.environmentID, now: clock.nowMillis())
        let id = UUID()
        let registration = RegistrationModel(entityID: entityID, userID: context.userID,
                                             fieldsSealed: try sealer.seal(json: values, at: .of(.registrationFields, id)),
                                             status: status, accreditedLevel: entity.levels.contains(1) ? 1 : nil,
                                             createdAt: clock.nowMillis())
        registration.id = id
        guard try await registrations.create(registration) else {
            throw VerityError(.userAlreadyRegistered, "The user is already registered with \(entity.name).")
        }
        return try await view(registration, context: context)
    }

    /// A request to be accredited at level 2–4, for an operator to decide.
    func requestAccreditation(_ name: String, input: AccreditationRequestInput, context: CertificationContext) async throws
        -> (view: AccreditationRequestView, created: Bool) {
        let entity = try await entity(name, context: context)
        let registration = try await requireRegistration(entity: entity, context: context)
        let level = try AccreditationLevel.parse(input.level)
        guard level >= .level2 else {
            throw VerityError(.validationError, "Level 1 needs no request: registering accredits it.", field: "level")
        }
        guard entity.levels.contains(level.rawValue) else {
            throw VerityError(.validationError, "\(entity.name) does not offer level \(level.rawValue).", field: "level")
        }
        if let accredited = registration.accreditedLevel, accredited >= level.rawValue {
            throw VerityError(.validationError, "The user is already accredited at level \(accredited).", field: "level")
        }
        let evidence = try await Self.checkedEvidence(input.evidence, level: level, environmentID: context.environmentID,
                                                      userID: context.userID, db: context.db, byOperator: false)
        let registrationID = try registration.requireID()
        let registrations = RegistrationRepository(db: context.db)
        // Asked again while one waits (an app whose answer was lost on the way
        // asks again): the waiting request, not a second one.
        if let waiting = try await registrations.pendingRequest(registrationID: registrationID, level: level.rawValue) {
            return (try Self.view(waiting, entity: entity.name), created: false)
        }
        let now = clock.nowMillis()
        let request = AccreditationRequestModel(registrationID: registrationID, level: level.rawValue, evidenceKind: evidence.flatMap { AccreditationEvidenceKind(rawValue: $0.kind) },
                                                evidenceReference: evidence?.reference, createdAt: now)
        request.id = UUID()  // named by its event, written with it
        // The console's reviewers see it in their queue; the admin API and the CLI can decide it too.
        let tenantID = try await TenantRepository(db: context.db).tenantID(environmentID: context.environmentID)
        let reviewCase = ReviewCaseModel(tenantID: tenantID, environmentID: context.environmentID, kind: .accreditation,
                                         subjectID: try request.requireID(), userID: context.userID,
                                         reasons: ["LEVEL_\(level.rawValue)"] + (evidence.map { ["EVIDENCE_\($0.kind.uppercased())"] } ?? []),
                                         openedAt: now)
        let told = try await registrations.create(request, events: [
            WebhookEvents.draft(AccreditationRequested(entity: entity.name, requestId: try request.requireID().uuidString, level: level.rawValue),
                                environmentID: context.environmentID, userID: context.userID),
        ], now: now, reviewCase: reviewCase)
        wake?.published(told)
        return (try Self.view(request, entity: entity.name), created: true)
    }

    /// Evidence of an identity check: a checkpoint of this environment that
    /// accredits the level, a document check's reference, or (stated by the
    /// approving operator only) the record of a video call they held.
    /// `userID`: whose accreditation it is; a document check is evidence of
    /// its own user's identity only.
    static func checkedEvidence(_ evidence: AccreditationEvidence?, level: AccreditationLevel, environmentID: UUID, userID: UUID,
                                db: any Database, byOperator: Bool) async throws -> AccreditationEvidence? {
        guard let evidence else { return nil }
        let reference = evidence.reference.trimmingCharacters(in: .whitespaces)
        guard (1...200).contains(reference.count), !reference.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw VerityError(.validationError, "The evidence reference is 1–200 printable characters.", field: "evidence.reference")
        }
        guard let kind = AccreditationEvidenceKind(rawValue: evidence.kind) else {
            throw VerityError(.validationError, "Evidence is a `document` check, a `checkpoint` visit or a `videoCall` with an operator.",
                              field: "evidence.kind")
        }
        switch kind {
        case .checkpoint:
            guard let id = UUID(uuidString: reference),
                  let checkpoint = try await CertificationDirectory(db: db).checkpoint(environmentID: environmentID, id: id) else {
                throw VerityError(.validationError, "No checkpoint has that id.", field: "evidence.reference")
            }
            guard checkpoint.levels.contains(level.rawValue) else {
                throw VerityError(.validationError, "That checkpoint does not accredit level \(level.rawValue).", field: "evidence.reference")
            }
        case .document:
            // A document check of this environment that verified this very user:
            // someone else's verified document proves nothing about who registers.
            guard let id = UUID(uuidString: reference), let check = try await DocumentCheckRepository(db: db).check(id: id),
                  check.environmentID == environmentID, check.$user.id == userID, check.status == .succeeded else {
                throw VerityError(.validationError, "No succeeded document check has that id.", field: "evidence.reference")
            }
        case .videoCall:
            // The call is the operator's to record: a user's word that one happened proves nothing.
            guard byOperator else {
                throw VerityError(.validationError, "A video call is recorded by the operator who held it, when they approve.",
                                  field: "evidence.kind")
            }
        }
        return AccreditationEvidence(kind: evidence.kind, reference: reference)
    }

    static func view(_ request: AccreditationRequestModel, entity: String) throws -> AccreditationRequestView {
        AccreditationRequestView(
            id: try request.requireID(), entity: entity, level: request.level, status: request.status.rawValue,
            evidence: request.evidenceKind.map { AccreditationEvidence(kind: $0.rawValue, reference: request.evidenceReference ?? "") },
            reason: request.reason, createdAtEpochMs: request.createdAt)
    }
}

extension FieldDefinition {
    init(_ definition: UserFieldDefinition) {
        self.init(name: definition.name, type: definition.type.rawValue, required: definition.required, maxLength: definition.maxLength,
                  minimum: definition.minimum, maximum: definition.maximum, choices: definition.choices)
    }
}
