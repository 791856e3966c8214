import Fluent
import Foundation

/// A person in the embedded reference registry: the whole record sealed with
/// AES-GCM, found by a blind index of country, surname and date of birth.
public final class RegistryRecordModel: Model, @unchecked Sendable {
    public static let schema = "registry_records"

    @ID public var id: UUID?
    @Field(key: "lookup_index") public var lookupIndex: String
    @Field(key: "sealed_record") public var sealedRecord: Data
    @Field(key: "created_at") public var createdAt: Int64

    public init() {}

    public init(lookupIndex: String, sealedRecord: Data, createdAt: Int64) {
        self.lookupIndex = lookupIndex
        self.sealedRecord = sealedRecord
        self.createdAt = createdAt
    }
}
