import Fluent
import Foundation
import SQLKit
import VerityCore

/// Users' certificates from request to revocation, and the registration
/// status that moves with them (in the same transaction, with the device
/// tokens that described the old status).
public struct UserCertificateRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    public func certificate(id: UUID) async throws -> UserCertificateModel? {
        try await UserCertificateModel.find(id, on: db)
    }

    /// The certificate with its registration and entity loaded (to issue it).
    public func certificateForIssuing(id: UUID) async throws -> UserCertificateModel? {
        try await UserCertificateModel.query(on: db).filter(\.$id == id).with(\.$registration, { $0.with(\.$entity) }).first()
    }

    public func certificate(serial: String) async throws -> UserCertificateModel? {
        try await UserCertificateModel.query(on: db).filter(\.$serial == serial).first()
    }

    /// The issued, unrevoked certificate of a registration (the newest).
    public func current(registrationID: UUID) async throws -> UserCertificateModel? {
        try await UserCertificateModel.query(on: db).filter(\.$registration.$id == registrationID)
            .filter(\.$status == .issued).sort(\.$issuedAt, .descending).first()
    }

    /// The registration's issued and pending certificates.
    public func live(registrationID: UUID) async throws -> [UserCertificateModel] {
        try await UserCertificateModel.query(on: db).filter(\.$registration.$id == registrationID)
            .filter(\.$status ~~ [UserCertificateModel.Status.issued, .pending]).all()
    }

    /// Every revoked certificate with a serial (for the CRL).
    /// Revoked certificates issued by the CA `issuerCA` names (nil: the platform CA).
    public func revoked(issuerCA: String?) async throws -> [UserCertificateModel] {
        try await UserCertificateModel.query(on: db).filter(\.$status == .revoked).filter(\.$serial != nil)
            .filter(\.$issuerCA == issuerCA).all()
    }

    /// The certificates whose holders were erased: serial and revocation time only.
    public func erased(issuerCA: String?) async throws -> [ErasedCertificateModel] {
        try await ErasedCertificateModel.query(on: db).filter(\.$issuerCA == issuerCA).all()
    }

    /// A certificate issued within the request (level 1): stored pending, no job.
    public func create(_ certificate: UserCertificateModel) async throws {
        try await db.write { try await certificate.create(on: $0) }
    }

    /// Spends the activation code `codeID` and queues `certificate` for the
    /// issuing job, in one transaction: the code used, the user's wrong-secret
    /// count reset, the certificate stored pending, the registration
    /// `CERTIFICATE_PENDING` and the job queued. A certification that fails
    /// half way (the database gone between two writes) leaves the code unused
    /// for the retry, never spent with no certificate pending. False, with
    /// nothing written, when the code was used already.
    public func queue(_ certificate: UserCertificateModel, jobKind: String, spendingActivationCode codeID: UUID, userID: UUID,
                      now: Int64) async throws -> Bool {
        let registrationID = certificate.$registration.id
        return try await db.write { tx in
            let sql = try tx.sql()
            let spent = try await sql.raw("""
                UPDATE cert_activation_codes SET used_at = \(bind: now)
                WHERE id = \(bind: codeID) AND used_at IS NULL RETURNING id
                """).first() != nil
            guard spent else { return false }
            try await CertificationLockRepository.resetWrongSecrets(userID: userID, on: tx)
            try await certificate.create(on: tx)
            try await RegistrationModel.query(on: tx).filter(\.$id == registrationID)
                .set(\.$status, to: CertificationStatus.certificatePending).update()
            try await JobQueue.enqueue(kind: jobKind, subject: try certificate.requireID(), now: now, on: tx)
            return true
        }
    }

    /// An issued certificate replaces the registration's old one (at most one
    /// is live): the old revoked, this one issued, the registration
    /// `CERTIFIED`, the user's device tokens revoked. Returns the replaced ones.
    /// `sealedPEM`: the certificate sealed under the holder's key.
    public func recordIssued(id: UUID, registrationID: UUID, userID: UUID, serial: String, sealedPEM: Data, notAfter: Int64,
                             issuerCA: String? = nil, now: Int64, events: [WebhookEventDraft] = [],
                             replacedEvent: @escaping @Sendable (UserCertificateModel) -> WebhookEventDraft? = { _ in nil })
        async throws -> (replaced: [UserCertificateModel], told: Bool) {
        try await db.write { tx -> (replaced: [UserCertificateModel], told: Bool) in
            let old = try await UserCertificateModel.query(on: tx).filter(\.$registration.$id == registrationID)
                .filter(\.$status == .issued).all()
            try await UserCertificateModel.query(on: tx).filter(\.$registration.$id == registrationID)
                .filter(\.$status == .issued).set(\.$status, to: .revoked).set(\.$revokedAt, to: now).update()
            try await UserCertificateModel.query(on: tx).filter(\.$id == id).filter(\.$status == .pending)
                .set(\.$status, to: .issued).set(\.$serial, to: serial).set(\.$certificateSealed, to: sealedPEM)
                .set(\.$notAfter, to: notAfter).set(\.$issuedAt, to: now).set(\.$issuerCA, to: issuerCA).update()
            try await RegistrationModel.query(on: tx).filter(\.$id == registrationID)
                .set(\.$status, to: CertificationStatus.certified).update()
            try await DeviceTokenRepository.revokeAll(userID: userID, reason: .certificationChanged, now: now, on: tx)
            return (old, try await WebhookOutbox.publish(events + old.compactMap(replacedEvent), now: now, on: tx))
        }
    }

    /// A pending certificate that will not be issued; its registration goes
    /// back to `status` when given (where the user stood before asking).
    public func fail(id: UUID, reason: String, registration: (id: UUID, status: CertificationStatus)? = nil) async throws {
        try await db.write { tx in
            try await UserCertificateModel.query(on: tx).filter(\.$id == id).filter(\.$status == .pending)
                .set(\.$status, to: .failed).set(\.$failure, to: reason).update()
            if let registration {
                try await RegistrationModel.query(on: tx).filter(\.$id == registration.id).set(\.$status, to: registration.status).update()
            }
        }
    }

    /// The user gives the certificate up: issued ones revoked, pending ones
    /// failed, the registration at `status`, device tokens revoked, together.
    /// Returns whether an endpoint will be told of `events`.
    @discardableResult
    public func uncertify(registrationID: UUID, userID: UUID, status: CertificationStatus, now: Int64,
                          events: [WebhookEventDraft] = []) async throws -> Bool {
        try await db.write { tx in
            try await UserCertificateModel.query(on: tx).filter(\.$registration.$id == registrationID).filter(\.$status == .issued)
                .set(\.$status, to: .revoked).set(\.$revokedAt, to: now).update()
            try await UserCertificateModel.query(on: tx).filter(\.$registration.$id == registrationID).filter(\.$status == .pending)
                .set(\.$status, to: .failed).set(\.$failure, to: "cancelled by uncertify").update()
            try await RegistrationModel.query(on: tx).filter(\.$id == registrationID).set(\.$status, to: status).update()
            try await DeviceTokenRepository.revokeAll(userID: userID, reason: .certificationChanged, now: now, on: tx)
            return try await WebhookOutbox.publish(events, now: now, on: tx)
        }
    }
}
