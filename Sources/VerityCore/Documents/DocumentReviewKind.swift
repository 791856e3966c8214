extension ReviewCaseKind {
    /// A document check the engines held (`DocumentReviewPolicy`).
    public static let documentCheck = ReviewCaseKind(rawValue: "document_check")
}
