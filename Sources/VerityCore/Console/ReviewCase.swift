/// What a person is asked to decide: each kind comes from one surface.
public enum ReviewCaseKind: String, Sendable, Codable, CaseIterable {
    /// A document check the engines held (`DocumentReviewPolicy`).
    case documentCheck = "document_check"
    /// A mobile session whose outcome was `undetermined`.
    case mobileSession = "mobile_session"
    /// An OCR combination whose fields need review.
    case ocrCombination = "ocr_combination"
    /// A sanctions list candidate from VerifyCompliance.
    case sanctionsCandidate = "sanctions_candidate"
    /// An accreditation request at levels 2–4.
    case accreditation = "accreditation"
}

/// A reviewer's answer to a case.
public enum ReviewDecision: String, Sendable, Codable, CaseIterable {
    case approve, reject
}

/// The reasons a reviewer picks from, per kind and decision (stable codes
/// for the audit trail, the check and the webhook). A rejection's reason
/// becomes the check's failure code, as if the engines had found it.
public enum ReviewReasons {
    public static func choices(_ kind: ReviewCaseKind, _ decision: ReviewDecision) -> [String] {
        switch (kind, decision) {
        case (.documentCheck, .approve):
            ["EVIDENCE_CONSISTENT", "FIELDS_CONFIRMED", "FACE_CONFIRMED"]
        case (.documentCheck, .reject):
            [DocumentFailure.faceMismatch, .identityMismatch, .portraitSubstituted, .documentTampered, .sourcesDisagree, .expired]
                .map(\.rawValue)
        case (.mobileSession, .approve):
            ["EVIDENCE_CONSISTENT", "FACE_CONFIRMED"]
        case (.mobileSession, .reject):
            [DocumentFailure.faceMismatch.rawValue, VerifyHumanPolicy.Reason.recapturePattern.rawValue, "EVIDENCE_INSUFFICIENT"]
        // A false positive clears the person against the entries it names; a true match fails them.
        case (.sanctionsCandidate, .approve):
            ["FALSE_POSITIVE_DIFFERENT_PERSON", "FALSE_POSITIVE_BIRTH_DATE_DIFFERS", "FALSE_POSITIVE_NATIONALITY_DIFFERS"]
        case (.sanctionsCandidate, .reject):
            [MobileOutcomePolicy.sanctionsMatch]
        // The SDK has the signed answer already: the decision reaches the tenant's backend.
        case (.ocrCombination, .approve):
            ["EVIDENCE_CONSISTENT", "FIELDS_CONFIRMED"]
        case (.ocrCombination, .reject):
            [DocumentFailure.documentTampered.rawValue, DocumentFailure.sourcesDisagree.rawValue, "EVIDENCE_INSUFFICIENT"]
        // An approval accredits the user and issues their activation code; a rejection's code is what their app reads.
        case (.accreditation, .approve):
            ["IDENTITY_EVIDENCE_CHECKED", "EVIDENCE_CONSISTENT"]
        case (.accreditation, .reject):
            ["EVIDENCE_INSUFFICIENT", DocumentFailure.identityMismatch.rawValue, "NOT_ELIGIBLE"]
        case (_, .approve):
            ["EVIDENCE_CONSISTENT"]
        case (_, .reject):
            ["EVIDENCE_INSUFFICIENT"]
        }
    }

    /// A reviewer's free text beside the reason, kept in the audit trail
    /// (whose reason column holds the code, a colon and this).
    public static let noteLength = 400
}

/// How long a claim hides a case from other reviewers.
public enum ReviewClaim {
    public static let milliseconds: Int64 = 15 * 60 * 1000
}
