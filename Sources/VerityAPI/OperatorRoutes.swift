/// Paths of `/admin/v1/operators`: the tenant's console operators, managed
/// with a live secret key (operators see both environments).
public enum OperatorRoute: Sendable, Equatable {
    /// POST adds an operator (the password is generated and shown once); GET lists the tenant's.
    case operators
    case disable(id: String)
    case enable(id: String)
    case resetPassword(id: String)

    public static let idParameter = RouteParameter.id.placeholder

    public var components: [String] {
        let base = ["admin", "v1", "operators"]
        switch self {
        case .operators: return base
        case .disable(let id): return base + [id, "disable"]
        case .enable(let id): return base + [id, "enable"]
        case .resetPassword(let id): return base + [id, "reset-password"]
        }
    }

    public var path: String { percentEncodedPath(components) }
}
