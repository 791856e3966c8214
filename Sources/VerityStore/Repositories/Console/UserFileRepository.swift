import Fluent
import Foundation
import VerityCore

/// What the console's user page reads of one user, newest first and
/// bounded: attempts (outcomes only: the input is a keyed digest), consent
/// events with their text's locale, document checks, certification.
public struct UserFileRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    /// How many rows of each history a page shows.
    public static let historyLimit = 20

    public func attempts(userID: UUID) async throws -> [VerificationAttemptModel] {
        try await VerificationAttemptModel.query(on: db).filter(\.$user.$id == userID)
            .sort(\.$attemptedAt, .descending).limit(Self.historyLimit).all()
    }

    public struct ConsentEvent: Sendable {
        public let action: String
        public let locale: String?
        public let at: Int64
    }

    public func consentEvents(userID: UUID) async throws -> [ConsentEvent] {
        let events = try await ConsentEventModel.query(on: db).filter(\.$user.$id == userID)
            .sort(\.$at, .descending).limit(Self.historyLimit).with(\.$consentText).all()
        return events.map { ConsentEvent(action: $0.action, locale: $0.consentText?.locale, at: $0.at) }
    }

    public func checks(userID: UUID) async throws -> [DocumentCheckModel] {
        try await DocumentCheckModel.query(on: db).filter(\.$user.$id == userID)
            .sort(\.$createdAt, .descending).limit(Self.historyLimit)
            // The page lists checks; their sealed images and evidence stay where they are.
            .field(\.$id).field(\.$user.$id).field(\.$environmentID).field(\.$flow).field(\.$documentType).field(\.$country)
            .field(\.$status).field(\.$reasons).field(\.$createdAt).field(\.$finishedAt)
            .all()
    }

    public struct Certification: Sendable {
        public let entity: String
        public let entityDisplayName: String
        public let status: CertificationStatus
        public let accreditedLevel: Int?
        public let certificates: [UserCertificateModel]
    }

    public func certification(userID: UUID) async throws -> [Certification] {
        let registrations = try await RegistrationModel.query(on: db).filter(\.$user.$id == userID).with(\.$entity).all()
        var found: [Certification] = []
        for registration in registrations {
            let certificates = try await UserCertificateModel.query(on: db).filter(\.$registration.$id == registration.requireID())
                .sort(\.$createdAt, .descending).limit(Self.historyLimit)
                .field(\.$id).field(\.$registration.$id).field(\.$level).field(\.$status).field(\.$serial).field(\.$notAfter)
                .field(\.$createdAt).field(\.$issuedAt).field(\.$revokedAt).field(\.$failure).field(\.$attempts)
                .all()
            found.append(Certification(entity: registration.entity.name, entityDisplayName: registration.entity.displayName,
                                       status: registration.status, accreditedLevel: registration.accreditedLevel,
                                       certificates: certificates))
        }
        return found.sorted { $0.entity < $1.entity }
    }

    public func lock(userID: UUID) async throws -> CertificationLockModel? {
        try await CertificationLockModel.query(on: db).filter(\.$user.$id == userID).first()
    }
}
