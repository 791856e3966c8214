/// What an environment screens against: the lists (`SanctionsListID`), or
/// every list imported on the server and the tenant's own watchlists when
/// `lists` is nil (the default); and whom it keeps under ongoing screening.
public struct ScreeningSettings: Sendable, Equatable, Codable {
    public var lists: [String]?
    /// Days a subject stays monitored after the check that last screened them.
    public var monitoringDays: Int

    public static let defaultMonitoringDays = 365
    public static let monitoringDaysRange = 1...3650

    public init(lists: [String]? = nil, monitoringDays: Int = ScreeningSettings.defaultMonitoringDays) {
        self.lists = lists
        self.monitoringDays = monitoringDays
    }

    enum CodingKeys: String, CodingKey { case lists, monitoringDays }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        lists = try container.decodeIfPresent([String].self, forKey: .lists)
        monitoringDays = try container.decodeIfPresent(Int.self, forKey: .monitoringDays) ?? Self.defaultMonitoringDays
    }

    /// Each list a known public list or a watchlist name, without repeats; at least one.
    public func validated() throws(VerityError) -> ScreeningSettings {
        guard Self.monitoringDaysRange.contains(monitoringDays) else {
            throw .invalid("screening.monitoringDays", "monitoringDays must be 1 to 3650")
        }
        guard let lists else { return self }
        var seen: [String] = []
        for text in lists {
            let list: String
            do { list = try SanctionsListID.parse(text) } catch { throw .invalid("screening.lists", error.message) }
            if !seen.contains(list) { seen.append(list) }
        }
        guard !seen.isEmpty else { throw .invalid("screening.lists", "name at least one list, or leave the setting out for every list") }
        var copy = self
        copy.lists = seen
        return copy
    }

    /// The lists a screen reads, for `SanctionsMatcher.Query.lists`.
    public var chosen: Set<String>? { lists.map(Set.init) }
}
