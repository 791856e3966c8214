/// What an environment screens against: the lists (`SanctionsListID`), or
/// every list imported on the server and the tenant's own watchlists when
/// `lists` is nil (the default).
public struct ScreeningSettings: Sendable, Equatable, Codable {
    public var lists: [String]?

    public init(lists: [String]? = nil) { self.lists = lists }

    /// Each list a known public list or a watchlist name, without repeats; at least one.
    public func validated() throws(VerityError) -> ScreeningSettings {
        guard let lists else { return self }
        var seen: [String] = []
        for text in lists {
            let list: String
            do { list = try SanctionsListID.parse(text) } catch { throw .invalid("screening.lists", error.message) }
            if !seen.contains(list) { seen.append(list) }
        }
        guard !seen.isEmpty else { throw .invalid("screening.lists", "name at least one list, or leave the setting out for every list") }
        return ScreeningSettings(lists: seen)
    }

    /// The lists a screen reads, for `SanctionsMatcher.Query.lists`.
    public var chosen: Set<String>? { lists.map(Set.init) }
}
