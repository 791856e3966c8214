import Fluent
import VerityCore
import Foundation

/// Background work as a row: what to do (`kind`), to what (`subject`, an id the
/// handler looks up), and where it stands. Any server leases a due job for a
/// while; a crashed server's lease runs out and another takes the job again, so
/// handlers are idempotent. Only ids and codes are stored here, never PII.
public final class JobModel: Model, @unchecked Sendable {
    public static let schema = "jobs"

    @ID(key: .id) public var id: UUID?
    @Field(key: "kind") public var kind: String
    @Field(key: "subject") public var subject: UUID
    /// `queued` (waiting or leased), `done`, `failed` (given up).
    @Field(key: "status") public var status: JobStatus
    @Field(key: "attempts") public var attempts: Int
    /// Not before this time (epoch ms): backoff after a failure.
    @Field(key: "run_after") public var runAfter: Int64
    @OptionalField(key: "lease_until") public var leaseUntil: Int64?
    /// The last failure's message (no PII: services' messages and codes).
    @OptionalField(key: "last_error") public var lastError: String?
    @Field(key: "created_at") public var createdAt: Int64
    @Field(key: "updated_at") public var updatedAt: Int64

    public init() {}

    public init(kind: String, subject: UUID, now: Int64) {
        id = UUID()
        self.kind = kind
        self.subject = subject
        status = .queued
        attempts = 0
        runAfter = now
        createdAt = now
        updatedAt = now
    }
}
