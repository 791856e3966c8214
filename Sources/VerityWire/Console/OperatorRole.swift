/// What a console operator may do. Roles are cumulative: a reviewer can do
/// everything a viewer can, an admin everything a reviewer can.
public enum OperatorRole: String, Sendable, Codable, CaseIterable, Comparable {
    /// Reads cases, users, the overview and the audit trail.
    case viewer
    /// Also claims and decides cases, and resets or unlocks users.
    case reviewer
    /// Also manages operators, keys and environment settings.
    case admin

    private var rank: Int {
        switch self {
        case .viewer: 0
        case .reviewer: 1
        case .admin: 2
        }
    }

    public static func < (lhs: OperatorRole, rhs: OperatorRole) -> Bool { lhs.rank < rhs.rank }

    /// Whether this role includes `needed`.
    public func includes(_ needed: OperatorRole) -> Bool { self >= needed }
}
