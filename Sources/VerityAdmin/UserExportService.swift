import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityStore
import VerityKernel
import VerityIdentity
import VerityCertification

/// Everything held on one user, opened under their key, as one document
/// (`GET /admin/v1/users/{userRef}/export`, `verity users export`): the
/// right of access. Secrets that are only ever kept hashed (tokens, codes,
/// the digest of each attempt's input) are not the user's data and are not
/// in it; neither is what the user never gave (embeddings are never stored).
struct UserExportService: Sendable {
    let protector: DataProtector
    let clock: VerityClock

    /// The export, recorded in the audit trail as `user.export` by `actor`.
    func export(userRef: String, actor: String, context: AdminContext) async throws -> UserExport {
        let users = UserRepository(db: context.db, protector: protector)
        let user = try await AdminUserService.existingUser(userRef, users: users, context: context)
        let userID = try user.requireID()
        let reader = try await PersonKeyRepository(db: context.db, protector: protector).reader(userID: userID)
        let contacts = try await users.contacts(userID: userID)
        let now = clock.nowMillis()
        let identity = try await IdentityStatusReader(db: context.db, links: context.links, now: now)
            .identity(userID: userID, configuration: context.environment.configuration, consented: user.consented)
        try await AuditRepository(db: context.db).record("user.export", actor: actor, environmentID: context.environmentID, userID: userID, now: now)
        let records = UserRecordsRepository(db: context.db)
        let claim = try await DocumentCheckRepository(db: context.db).sealedClaim(userID: userID)
            .map { try reader.open(json: IdentityRecord.self, from: $0, at: .of(.verificationClaim, userID)) }
        return UserExport(
            userRef: userRef, environment: context.environment.kind.rawValue, exportedAtEpochMs: now, createdAtEpochMs: user.createdAt,
            phoneNumber: contacts.phone, email: contacts.email,
            consent: try await consent(user, records: records), identityVerification: identity,
            claimOnFile: claim.map { ExportedClaim(firstName: $0.firstName, lastName: $0.lastName, address: $0.address, city: $0.city,
                                                   state: $0.state, postalCode: $0.postalCode, country: $0.country,
                                                   dateOfBirth: $0.dateOfBirth) },
            verificationAttempts: try await records.verificationAttempts(userID: userID)
                .map { ExportedAttempt(source: $0.source, outcome: $0.outcome.rawValue, attemptedAtEpochMs: $0.attemptedAt, settledAtEpochMs: $0.settledAt) },
            documentChecks: try await documentChecks(userID: userID, reader: reader, records: records),
            devices: try await devices(userID: userID, reader: reader, records: records),
            certification: try await registrations(userID: userID, reader: reader, records: records),
            ocrSessions: try await records.ocrSessions(userID: userID).map {
                ExportedOCRSession(sessionId: $0.publicID, createdAtEpochMs: $0.createdAt, finishedAtEpochMs: $0.finishedAt)
            },
            auditEvents: try await records.auditEvents(userID: userID)
                .map { ExportedAuditEvent(action: $0.action, actor: $0.actor, atEpochMs: $0.at, reason: $0.reason) })
    }

    private func consent(_ user: EndUserModel, records: UserRecordsRepository) async throws -> ExportedConsent {
        let events = try await records.consentEvents(userID: try user.requireID())
        return ExportedConsent(consented: user.consented, consentedAtEpochMs: user.consentedAt, withdrawnAtEpochMs: user.consentWithdrawnAt,
                               history: events.map { event in
                                   ExportedConsentEvent(action: event.action, atEpochMs: event.at, locale: event.consentText?.locale,
                                                        text: event.consentText?.content)
                               })
    }

    private func documentChecks(userID: UUID, reader: PersonSealer, records: UserRecordsRepository) async throws -> [ExportedDocumentCheck] {
        try await records.documentChecks(userID: userID).map { check in
            let checkID = try check.requireID()
            let evidence = try check.sealedEvidence.map {
                try reader.open(json: DocumentCheckHandler.Evidence.self, from: $0, at: .of(.checkEvidence, checkID))
            }
            var fields: [String: String] = [:]
            for field in evidence?.report?.fields ?? [] where fields[field.name] == nil { fields[field.name] = field.value }
            var images: [String: String] = [:]
            let sides: [(String, Data?, SealedColumn)] = [("front", check.sealedFront, .checkFront), ("back", check.sealedBack, .checkBack),
                                                          ("face", check.sealedFace, .checkFace)]
            for (side, sealed, column) in sides {
                if let sealed { images[side] = try reader.open(sealed, at: .of(column, checkID)).base64EncodedString() }
            }
            return ExportedDocumentCheck(
                checkId: try check.requireID().uuidString.lowercased(), flow: check.flow.rawValue, documentType: check.documentType.rawValue,
                country: check.country, status: check.status.rawValue,
                reasons: check.reasons.map { $0.split(separator: ",").map(String.init) } ?? [],
                submittedAtEpochMs: check.createdAt, finishedAtEpochMs: check.finishedAt, fields: fields, images: images)
        }
    }

    private func devices(userID: UUID, reader: PersonSealer, records: UserRecordsRepository) async throws -> [ExportedDevice] {
        try await records.certificationDevices(userID: userID).map { device in
            ExportedDevice(phoneNumber: try reader.openText(device.phoneSealed, at: .of(.devicePhone, try device.requireID())),
                           createdAtEpochMs: device.createdAt,
                           verifiedAtEpochMs: device.verifiedAt)
        }
    }

    private func registrations(userID: UUID, reader: PersonSealer, records: UserRecordsRepository) async throws -> [ExportedRegistration] {
        var exported: [ExportedRegistration] = []
        for registration in try await records.registrations(userID: userID) {
            let registrationID = try registration.requireID()
            let certificates = try await records.certificates(registrationID: registrationID).map { row in
                    ExportedCertificate(serialNumber: row.serial, level: row.level, status: row.status.rawValue, requestedAtEpochMs: row.createdAt,
                                        issuedAtEpochMs: row.issuedAt, notAfterEpochMs: row.notAfter, revokedAtEpochMs: row.revokedAt,
                                        certificatePEM: try row.pem(reader: reader))
                }
            let transactions = try await records.transactions(registrationID: registrationID).map { row in
                    let description = try reader.open(json: TransactionDetails.self, from: row.descriptionSealed,
                                                      at: .of(.transactionDescription, try row.requireID()))
                    return ExportedTransaction(id: try row.requireID().uuidString.lowercased(), reference: description.reference,
                                               summary: description.summary, details: description.details, status: row.status.rawValue,
                                               createdAtEpochMs: row.createdAt, decidedAtEpochMs: row.decidedAt)
                }
            exported.append(ExportedRegistration(
                entity: registration.entity.name, status: registration.status.rawValue, accreditedLevel: registration.accreditedLevel,
                registeredAtEpochMs: registration.createdAt,
                fields: try reader.open(json: [String: String].self, from: registration.fieldsSealed, at: .of(.registrationFields, registrationID)),
                certificates: certificates, transactions: transactions))
        }
        return exported
    }

    init(protector: DataProtector, clock: VerityClock) {
        self.protector = protector
        self.clock = clock
    }
}
