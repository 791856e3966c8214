import Fluent
import Foundation
import VerityCore

/// A person an environment keeps screening (`MonitoredSubject`, sealed): the
/// check that last screened them (`source`, `source_id`) and when.
public final class MonitoredSubjectModel: Model, @unchecked Sendable {
    public static let schema = "monitored_subjects"

    @ID public var id: UUID?
    @Field(key: "tenant_id") public var tenantID: UUID
    @Field(key: "environment_id") public var environmentID: UUID
    /// Keyed hash of `SanctionsPerson.key` (domain `sanctions-person`): one row a person, and their false positives.
    @Field(key: "person_index") public var personIndex: String
    /// `verifycompliance`, `identity` or `documents`.
    @Field(key: "source") public var source: String
    /// The verification that last screened them.
    @Field(key: "source_id") public var sourceID: UUID
    /// The end user, for a subject of the identity API (export and erasure reach it).
    @OptionalField(key: "user_id") public var userID: UUID?
    @Field(key: "sealed_subject") public var sealedSubject: Data
    @Field(key: "created_at") public var createdAt: Int64
    @Field(key: "last_seen_at") public var lastSeenAt: Int64

    public init() {}
}

/// A listed entry a re-screen found for a monitored subject: `open` (a case
/// waits), `cleared` (a false positive), `confirmed` (a true match) or
/// `delisted` (the entry left its list).
public final class MonitoringAlertModel: Model, @unchecked Sendable {
    public static let schema = "monitoring_alerts"

    @ID public var id: UUID?
    @Field(key: "subject_id") public var subjectID: UUID
    @Field(key: "tenant_id") public var tenantID: UUID
    @Field(key: "environment_id") public var environmentID: UUID
    @Field(key: "list") public var list: String
    @Field(key: "entry_id") public var entryID: Int
    /// The entry's content hash when found (`SanctionsClearanceRepository.fingerprint`).
    @Field(key: "entry_fingerprint") public var entryFingerprint: String
    /// The list version (`sanctions_list_versions`) whose change found it.
    @Field(key: "version_id") public var versionID: UUID
    @Field(key: "state") public var state: MonitoringAlertState
    /// `MonitoringFinding`, sealed under the data key (`SealedColumn.monitoringFinding`).
    @Field(key: "sealed_found") public var sealedFound: Data
    @OptionalField(key: "case_id") public var caseID: UUID?
    @Field(key: "created_at") public var createdAt: Int64
    @Field(key: "updated_at") public var updatedAt: Int64

    public init() {}
}
