import Fluent
import Foundation

/// The keys Verity names and signs with (`DerivedKeys`, `DerivedKeyRecord`),
/// sealed under the current data key: one row, named `derived-keys`. (The
/// table's name and `sealed_root` are from when it held a data key itself.)
public final class DataKeyRootModel: Model, @unchecked Sendable {
    public static let schema = "data_key_root"

    @ID(custom: "name", generatedBy: .user) public var id: String?
    @Field(key: "sealed_root") public var sealedRoot: Data
    /// `DataProtector.keyID` of the data key it is sealed under.
    @Field(key: "sealed_by") public var sealedBy: String
    @Field(key: "created_at") public var createdAt: Int64
    @Field(key: "updated_at") public var updatedAt: Int64

    public init() {}

    init(name: String, sealedRoot: Data, sealedBy: String, now: Int64) {
        self.id = name
        self.sealedRoot = sealedRoot
        self.sealedBy = sealedBy
        self.createdAt = now
        self.updatedAt = now
    }
}
