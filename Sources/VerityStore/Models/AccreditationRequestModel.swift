import Fluent
import VerityCore
import Foundation

/// A user's request to be accredited at level 2–4, decided by an operator.
public final class AccreditationRequestModel: Model, @unchecked Sendable {
    public static let schema = "cert_accreditation_requests"

    @ID public var id: UUID?
    @Parent(key: "registration_id") public var registration: RegistrationModel
    @Field(key: "level") public var level: Int
    /// `document` (an identity verification the user passed) or `checkpoint` (an in-person visit).
    @OptionalField(key: "evidence_kind") public var evidenceKind: AccreditationEvidenceKind?
    @OptionalField(key: "evidence_reference") public var evidenceReference: String?
    /// Stored as its raw text.
    @Field(key: "status") public var status: Status
    @OptionalField(key: "reason") public var reason: String?
    @Field(key: "created_at") public var createdAt: Int64
    @OptionalField(key: "decided_at") public var decidedAt: Int64?

    public init() {}

    public init(registrationID: UUID, level: Int, evidenceKind: AccreditationEvidenceKind?, evidenceReference: String?, createdAt: Int64) {
        self.$registration.id = registrationID
        self.level = level
        self.evidenceKind = evidenceKind
        self.evidenceReference = evidenceReference
        self.status = .pending
        self.createdAt = createdAt
    }
}

extension AccreditationRequestModel {
    /// Where an accreditation request stands; `expired` is only ever shown, never stored.
    public enum Status: String, Codable, Sendable, CaseIterable {
        case pending, approved, rejected, expired
    }
}
