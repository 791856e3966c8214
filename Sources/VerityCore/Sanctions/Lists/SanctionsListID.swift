/// The lists Verity reads, each named as its publisher names it. A tenant's
/// own watchlists are `watchlist:<name>`, visible only to that tenant.
public enum SanctionsListID {
    /// OFAC's Specially Designated Nationals list (`sdn.csv`, `alt.csv`, `add.csv`).
    public static let ofacSDN = "ofac-sdn"
    /// The UN Security Council Consolidated List (`CONSOLIDATED_LIST` XML).
    public static let unConsolidated = "un-consolidated"
    /// The US Bureau of Industry and Security's Denied Persons List (tab-separated).
    public static let usDeniedPersons = "us-bis-dpl"

    /// The public lists, in the order screening reports them.
    public static let publicLists = [ofacSDN, unConsolidated, usDeniedPersons]

    /// How lists sort wherever several are shown: the public lists in
    /// `publicLists` order, then any other (a tenant's watchlists) by name.
    public static func sortKey(_ list: String) -> String {
        publicLists.firstIndex(of: list).map { "\($0)" } ?? "9" + list
    }

    /// The prefix of a tenant's watchlists.
    public static let watchlistPrefix = "watchlist:"

    /// `watchlist:<name>` for a tenant's list named `name` (letters, digits, `-`, `_`, 1–40).
    public static func watchlist(_ name: String) throws(VerityError) -> String {
        let allowed = name.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "-" || $0 == "_" }
        guard !name.isEmpty, name.count <= 40, allowed else {
            throw .invalid("name", "a watchlist's name is 1 to 40 letters, digits, - or _ (blocklist, fraud-2026)")
        }
        return watchlistPrefix + name.lowercased()
    }

    public static func isWatchlist(_ list: String) -> Bool { list.hasPrefix(watchlistPrefix) }

    /// A list's name as a person reads it.
    public static func title(_ list: String) -> String {
        switch list {
        case ofacSDN: "OFAC SDN"
        case unConsolidated: "UN Security Council Consolidated List"
        case usDeniedPersons: "US BIS Denied Persons List"
        default: isWatchlist(list) ? "Watchlist " + list.dropFirst(watchlistPrefix.count) : list
        }
    }

    /// `ofac`, `un`, `dpl` as the CLI's `--list` takes them, or a full id.
    public static func parse(_ text: String) throws(VerityError) -> String {
        switch text.lowercased() {
        case "ofac", ofacSDN: return ofacSDN
        case "un", unConsolidated: return unConsolidated
        case "dpl", usDeniedPersons: return usDeniedPersons
        default:
            if isWatchlist(text) { return try watchlist(String(text.dropFirst(watchlistPrefix.count))) }
            throw .invalid("list", "\(text) is not a list Verity reads: ofac, un, dpl, or watchlist:<name>")
        }
    }
}
