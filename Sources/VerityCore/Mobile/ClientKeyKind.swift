/// Publishable client keys: safe to ship inside an app, they can only run
/// verifications. `vhk_live_…` and `vhk_test_…` belong to one environment;
/// `pk_demo_…` answers deterministically and consumes no credits.
public enum ClientKeyKind: String, Sendable, Codable, CaseIterable {
    case live, test, demo

    public var prefix: String {
        switch self {
        case .live: "vhk_live_"
        case .test: "vhk_test_"
        case .demo: "pk_demo_"
        }
    }

    /// Random characters after the prefix (base62, 238 bits).
    public static let secretLength = 40

    /// The kind a key's text claims, or nil when it is no client key at all.
    public static func of(_ key: String) -> ClientKeyKind? {
        guard key.utf8.count <= 64 else { return nil }
        let kind = allCases.first { key.hasPrefix($0.prefix) }
        guard let kind, key.utf8.count == kind.prefix.utf8.count + secretLength,
              key.dropFirst(kind.prefix.count).allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
        return kind
    }
}
