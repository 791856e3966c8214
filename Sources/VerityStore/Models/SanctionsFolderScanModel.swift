import Fluent
import Foundation

/// One read of the sanctions folder (`slot`: intervals since the epoch).
public final class SanctionsFolderScanModel: Model, @unchecked Sendable {
    public static let schema = "sanctions_folder_scans"

    @ID public var id: UUID?
    @Field(key: "slot") public var slot: Int64
    @Field(key: "created_at") public var createdAt: Int64
    @OptionalField(key: "finished_at") public var finishedAt: Int64?
    /// What the read found, file by file (JSON), once finished.
    @OptionalField(key: "report") public var report: String?

    public init() {}
}
