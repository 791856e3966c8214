import Fluent
import Foundation

/// One sanctions list entry of one imported version. `detail` is the
/// `SanctionsEntry` as JSON (other names, dates of birth, nationalities,
/// programmes): public data, stored as published.
public final class SanctionsEntryModel: Model, @unchecked Sendable {
    public static let schema = "sanctions_entries"

    @ID public var id: UUID?
    /// The list's storage key (`SanctionsRepository.ListKey`).
    @Field(key: "list") public var list: String
    @Field(key: "version") public var version: Int64
    /// The entry's number within its list (OFAC's `ent_num`, the UN's `DATAID`).
    @Field(key: "list_id") public var listID: Int
    @Field(key: "kind") public var kind: String
    @Field(key: "name") public var name: String
    @Field(key: "detail") public var detail: String
    /// The entry of a tenant's watchlist, sealed (`detail` is empty and `name` its reference).
    @OptionalField(key: "sealed_detail") public var sealedDetail: Data?

    public init() {}
}
