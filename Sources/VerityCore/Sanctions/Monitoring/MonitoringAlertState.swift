/// Where a monitoring alert stands: `open` (its case waits), `cleared` (a
/// reviewer's false positive), `confirmed` (a true match), or `delisted` (the
/// entry has since left its list).
public enum MonitoringAlertState: String, Sendable, Codable, CaseIterable {
    case open, cleared, confirmed, delisted
}
