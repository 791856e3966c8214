import Fluent
import VerityCore
import Foundation

/// Something the engines left for a person: a document check held for
/// review, a sanctions candidate, an accreditation request. One row per
/// subject; a claim hides it from other reviewers for a while, and the
/// decision is written once (conditional UPDATEs, so two reviewers on two
/// servers never both decide it).
public final class ReviewCaseModel: Model, @unchecked Sendable {
    public static let schema = "review_cases"

    @ID public var id: UUID?
    @Field(key: "tenant_id") public var tenantID: UUID
    @Field(key: "environment_id") public var environmentID: UUID
    @Field(key: "kind") public var kind: ReviewCaseKind
    /// The row the case is about (a document check's id, …), by kind.
    @Field(key: "subject_id") public var subjectID: UUID
    @OptionalField(key: "user_id") public var userID: UUID?
    /// Why it waits: stable codes, comma-separated.
    @Field(key: "reasons") public var reasons: String
    @Field(key: "opened_at") public var openedAt: Int64
    @OptionalField(key: "claimed_by") public var claimedBy: UUID?
    @OptionalField(key: "claimed_until") public var claimedUntil: Int64?
    @OptionalField(key: "decided_at") public var decidedAt: Int64?
    @OptionalField(key: "decided_by") public var decidedBy: UUID?
    @OptionalField(key: "decision") public var decision: ReviewDecision?
    /// The reason code the reviewer picked (the free text is in the audit trail).
    @OptionalField(key: "decision_reason") public var decisionReason: String?

    public init() {}

    public init(id: UUID = UUID(), tenantID: UUID, environmentID: UUID, kind: ReviewCaseKind, subjectID: UUID, userID: UUID?,
                reasons: [String], openedAt: Int64) {
        self.id = id
        self.tenantID = tenantID
        self.environmentID = environmentID
        self.kind = kind
        self.subjectID = subjectID
        self.userID = userID
        self.reasons = reasons.joined(separator: ",")
        self.openedAt = openedAt
    }

    public var reasonCodes: [String] { reasons.split(separator: ",").map(String.init) }
}
