/// Whether an operator may sign in (`operators.status`).
public enum OperatorStatus: String, Sendable, Codable, CaseIterable {
    case active, disabled
}
