extension ReviewCaseKind {
    /// An accreditation request at levels 2–4.
    public static let accreditation = ReviewCaseKind(rawValue: "accreditation")
}
