/// `screening.match_found`: a list changed, and a person the environment
/// keeps under screening now matches one of its entries. Sent once per
/// person, entry and entry content; a case waits for a reviewer. It names the
/// check that screened the person and the entry, never the person.
public struct ScreeningMatchFound: WebhookPayload {
    public static let eventType = WebhookEventType.screeningMatchFound

    /// The alert, as the console's case names it.
    public let alertId: String
    /// `verifycompliance`, `identity` or `documents`: what screened the person last.
    public let source: String
    /// That check's verification id (`mver_…` for a mobile session).
    public let verificationId: String
    public let list: String
    /// The list version whose change found it: publication date and file hash.
    public let listPublished: String?
    public let listSha256: String
    public let entryId: Int
    public let reference: String
    public let listedName: String
    /// The entry's programmes, comma-separated (webhook data is one flat object).
    public let programs: String
    /// The matcher's score, 0–100 (webhook data holds no fractions).
    public let scorePercent: Int
    /// `agrees`, `withinAYear` or `differs`; nil when either side has no date of birth.
    public let dateOfBirth: String?

    public init(alertId: String, source: String, verificationId: String, list: String, listPublished: String?, listSha256: String, entryId: Int,
                reference: String, listedName: String, programs: String, scorePercent: Int, dateOfBirth: String?) {
        (self.alertId, self.source, self.verificationId, self.list, self.listPublished, self.listSha256) =
            (alertId, source, verificationId, list, listPublished, listSha256)
        (self.entryId, self.reference, self.listedName, self.programs, self.scorePercent, self.dateOfBirth) =
            (entryId, reference, listedName, programs, scorePercent, dateOfBirth)
    }
}

/// A reviewer decided a monitoring alert in the console: `approved`, a false
/// positive the person is cleared of while the entry stands; `rejected`, the
/// person is the listed entry.
public struct ScreeningMatchDecided: WebhookPayload {
    public static let eventType = WebhookEventType.screeningMatchDecided

    /// The alert `screening.match_found` named.
    public let alertId: String
    public let verificationId: String
    public let list: String
    public let reference: String
    public let decision: ReviewVerdict
    public let reason: String

    public init(alertId: String, verificationId: String, list: String, reference: String, decision: ReviewVerdict, reason: String) {
        (self.alertId, self.verificationId, self.list, self.reference, self.decision, self.reason) =
            (alertId, verificationId, list, reference, decision, reason)
    }
}
