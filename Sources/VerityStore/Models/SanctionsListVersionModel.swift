import Fluent
import Foundation

/// One import of one list: when, from what file (its hash), published when,
/// and how many entries it added, removed and changed since the version before.
public final class SanctionsListVersionModel: Model, @unchecked Sendable {
    public static let schema = "sanctions_list_versions"

    @ID public var id: UUID?
    /// The list's storage key (`SanctionsRepository.ListKey`).
    @Field(key: "list") public var list: String
    @OptionalField(key: "tenant_id") public var tenantID: UUID?
    @Field(key: "version") public var version: Int64
    @OptionalField(key: "published") public var published: String?
    @Field(key: "sha256") public var sha256: String
    @Field(key: "source") public var source: String
    @Field(key: "entries") public var entries: Int
    @Field(key: "added") public var added: Int
    @Field(key: "removed") public var removed: Int
    @Field(key: "changed") public var changed: Int
    @Field(key: "imported_at") public var importedAt: Int64

    public init() {}
}

/// One entry an import added, removed or changed, with the entry as the new
/// version lists it (as the old one did, for a removal).
public final class SanctionsListChangeModel: Model, @unchecked Sendable {
    public static let schema = "sanctions_list_changes"

    @ID public var id: UUID?
    @Field(key: "version_id") public var versionID: UUID
    /// `added`, `removed` or `changed`.
    @Field(key: "change") public var change: String
    @Field(key: "entry_id") public var entryID: Int
    @Field(key: "reference") public var reference: String
    @Field(key: "name") public var name: String
    @Field(key: "detail") public var detail: String
    /// A tenant's watchlist entry, sealed (`detail` is empty and `name` its reference).
    @OptionalField(key: "sealed_detail") public var sealedDetail: Data?

    public init() {}
}
