/// `/admin/v1/sanctions`: the lists a tenant's compliance screening reads,
/// and the tenant's own watchlists (internal blocklists).
public enum SanctionsRoute: Sendable, Equatable {
    /// GET: every list screened, public and the tenant's own.
    case lists
    /// POST imports a new version of the tenant's watchlist `name`; DELETE removes it.
    case watchlist(name: String)

    public var components: [String] {
        switch self {
        case .lists: ["admin", "v1", "sanctions", "lists"]
        case .watchlist(let name): ["admin", "v1", "sanctions", "watchlists", name]
        }
    }

    public var path: String { "/" + components.joined(separator: "/") }
}

/// A watchlist file, base64: CSV with a header row, or a JSON array of
/// objects (`reference`, `name`, `aliases`, `date_of_birth`, `nationality`,
/// `kind`, `note`; docs/screening.md).
public struct WatchlistImportInput: Codable, Sendable, Equatable {
    public var fileBase64: String

    /// 100,000 entries of a few hundred bytes each.
    public static let maximumFileBytes = 32 * 1024 * 1024

    public init(fileBase64: String) { self.fileBase64 = fileBase64 }
}

/// One list as it stands.
public struct SanctionsListView: Codable, Sendable, Equatable {
    /// `ofac-sdn`, `un-consolidated`, `us-bis-dpl`, or `watchlist:<name>`.
    public var list: String
    public var title: String
    /// Whether the list is this tenant's own watchlist (else a public list, the same for every tenant).
    public var tenantOwned: Bool
    public var source: String
    public var entries: Int
    public var published: String?
    public var sha256: String?
    /// ISO 8601.
    public var importedAt: String

    public init(list: String, title: String, tenantOwned: Bool, source: String, entries: Int, published: String?, sha256: String?, importedAt: String) {
        (self.list, self.title, self.tenantOwned, self.source, self.entries) = (list, title, tenantOwned, source, entries)
        (self.published, self.sha256, self.importedAt) = (published, sha256, importedAt)
    }
}

public struct SanctionsListsView: Codable, Sendable, Equatable {
    /// The environment's choice (`screening.lists`), nil for every list.
    public var screened: [String]?
    public var lists: [SanctionsListView]

    public init(screened: [String]?, lists: [SanctionsListView]) {
        self.screened = screened
        self.lists = lists
    }
}

/// An entry an import added, removed or changed.
public struct SanctionsEntryReference: Codable, Sendable, Equatable {
    public var reference: String
    public var name: String

    public init(reference: String, name: String) {
        self.reference = reference
        self.name = name
    }
}

/// What a watchlist import did.
public struct WatchlistImportResult: Codable, Sendable, Equatable {
    public var list: String
    /// The version number (the import's time in milliseconds).
    public var version: Int64
    public var sha256: String
    public var entries: Int
    /// The file was the current version already: nothing changed.
    public var unchanged: Bool
    /// The watchlist's first version.
    public var first: Bool
    public var added: [SanctionsEntryReference]
    public var removed: [SanctionsEntryReference]
    public var changed: [SanctionsEntryReference]

    public init(list: String, version: Int64, sha256: String, entries: Int, unchanged: Bool, first: Bool, added: [SanctionsEntryReference],
                removed: [SanctionsEntryReference], changed: [SanctionsEntryReference]) {
        (self.list, self.version, self.sha256, self.entries, self.unchanged, self.first) = (list, version, sha256, entries, unchanged, first)
        (self.added, self.removed, self.changed) = (added, removed, changed)
    }
}

public struct WatchlistRemoved: Codable, Sendable, Equatable {
    public var list: String
    public var removed: Bool

    public init(list: String, removed: Bool) {
        self.list = list
        self.removed = removed
    }
}
