/// The two environments every tenant has: keys, users, consent texts and
/// settings of one never serve the other.
public enum EnvironmentKind: String, Sendable, Codable, CaseIterable {
    case test, live
}
