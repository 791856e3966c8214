import Fluent
import Foundation

/// One environment's retention sweep for one hour (`slot`: hours since the
/// epoch), queued as a `retention.sweep` job; `removed` is what it removed
/// (JSON counts), written when it finishes.
public final class RetentionSweepModel: Model, @unchecked Sendable {
    public static let schema = "retention_sweeps"

    @ID public var id: UUID?
    @Field(key: "environment_id") public var environmentID: UUID
    @Field(key: "slot") public var slot: Int64
    @Field(key: "created_at") public var createdAt: Int64
    @OptionalField(key: "finished_at") public var finishedAt: Int64?
    @OptionalField(key: "removed") public var removed: String?

    public init() {}
}
