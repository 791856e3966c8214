/// What a re-screen found for a monitored person, kept with the alert
/// (sealed) so the reviewer sees the entry as it was listed when it was
/// found, even after the list has changed or dropped it.
public struct MonitoringFinding: Sendable, Codable, Equatable {
    public var match: SanctionsMatcher.Match
    public var entry: SanctionsEntry

    public init(match: SanctionsMatcher.Match, entry: SanctionsEntry) {
        self.match = match
        self.entry = entry
    }
}
