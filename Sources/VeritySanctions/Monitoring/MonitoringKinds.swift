import VerityCore

extension ReviewCaseKind {
    /// A monitored person a list's new version matched (`monitoring_alerts`).
    public static let monitoringMatch = ReviewCaseKind(rawValue: "monitoring_match")
}
