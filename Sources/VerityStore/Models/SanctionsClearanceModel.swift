import Fluent
import Foundation

/// A reviewer's false positive: this person (a keyed hash of their name and
/// date of birth, `SanctionsPerson`) is not this list entry, as the entry
/// read then (its content's fingerprint). A later screen of the same person
/// skips the entry until the list changes it.
public final class SanctionsClearanceModel: Model, @unchecked Sendable {
    public static let schema = "sanctions_clearances"

    @ID public var id: UUID?
    @Field(key: "tenant_id") public var tenantID: UUID
    @Field(key: "person_index") public var personIndex: String
    /// The list's own id (OFAC's `ent_num`).
    @Field(key: "entry_id") public var entryID: Int
    /// SHA-256 of the entry as screened (`SanctionsClearanceRepository.fingerprint`).
    @Field(key: "entry_fingerprint") public var entryFingerprint: String
    /// The case whose decision made it, and who decided.
    @Field(key: "case_id") public var caseID: UUID
    @Field(key: "cleared_by") public var clearedBy: UUID
    @Field(key: "cleared_at") public var clearedAt: Int64

    public init() {}
}
