/// What a mobile verification came to (`mobile-api.txt`'s `outcome`):
/// `MobileOutcomePolicy` says when each is given.
public enum MobileOutcome: String, Sendable, Codable, CaseIterable {
    case pass, fail, undetermined
}
