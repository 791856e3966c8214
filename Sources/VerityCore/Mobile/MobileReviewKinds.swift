extension ReviewCaseKind {
    /// A mobile session whose outcome was `undetermined`.
    public static let mobileSession = ReviewCaseKind(rawValue: "mobile_session")
    /// A sanctions list candidate from VerifyCompliance.
    public static let sanctionsCandidate = ReviewCaseKind(rawValue: "sanctions_candidate")
}
