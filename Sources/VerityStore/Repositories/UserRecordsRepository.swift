import Fluent
import Foundation
import SQLKit

/// Every row held on one user, oldest first, as the right of access exports
/// them (`UserExportService`) and erasure finds their registrations: one
/// place that knows which tables name a user.
public struct UserRecordsRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    public func verificationAttempts(userID: UUID) async throws -> [VerificationAttemptModel] {
        try await VerificationAttemptModel.query(on: db).filter(\.$user.$id == userID).sort(\.$attemptedAt).all()
    }

    public func auditEvents(userID: UUID) async throws -> [AuditEventModel] {
        try await AuditEventModel.query(on: db).filter(\.$userID == userID).sort(\.$at).all()
    }

    /// Consent given and withdrawn, each with the text it was given for.
    public func consentEvents(userID: UUID) async throws -> [ConsentEventModel] {
        try await ConsentEventModel.query(on: db).filter(\.$user.$id == userID).with(\.$consentText).sort(\.$at).all()
    }

    public func documentChecks(userID: UUID) async throws -> [DocumentCheckModel] {
        try await DocumentCheckModel.query(on: db).filter(\.$user.$id == userID).sort(\.$createdAt).all()
    }

    public func certificationDevices(userID: UUID) async throws -> [CertificationDeviceModel] {
        try await CertificationDeviceModel.query(on: db).filter(\.$user.$id == userID).sort(\.$createdAt).all()
    }

    /// The user's registrations, each with its entity.
    public func registrations(userID: UUID) async throws -> [RegistrationModel] {
        try await RegistrationModel.query(on: db).filter(\.$user.$id == userID).with(\.$entity).sort(\.$createdAt).all()
    }

    public func certificates(registrationID: UUID) async throws -> [UserCertificateModel] {
        try await UserCertificateModel.query(on: db).filter(\.$registration.$id == registrationID).sort(\.$createdAt).all()
    }

    public func transactions(registrationID: UUID) async throws -> [TransactionModel] {
        try await TransactionModel.query(on: db).filter(\.$registration.$id == registrationID).sort(\.$createdAt).all()
    }

    /// An OCR session of the user's, by its public id (its images and results are never kept past the combination).
    public struct OCRSessionRecord: Sendable, Decodable {
        public let publicID: String
        public let createdAt: Int64
        public let finishedAt: Int64?

        enum CodingKeys: String, CodingKey {
            case publicID = "public_id", createdAt = "created_at", finishedAt = "finished_at"
        }
    }

    public func ocrSessions(userID: UUID) async throws -> [OCRSessionRecord] {
        try await db.sql().raw("""
            SELECT public_id, created_at, finished_at FROM ocr_sessions WHERE user_id = \(bind: userID) ORDER BY created_at
            """).all(decoding: OCRSessionRecord.self)
    }
}
