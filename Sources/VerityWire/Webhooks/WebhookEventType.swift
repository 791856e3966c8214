/// What a backend can be told, by name. Each event names its user by the
/// integrator's own reference and carries the outcome: never PII, images or
/// the fields read from a document (the backend fetches those with its key).
public enum WebhookEventType: String, Codable, Sendable, CaseIterable {
    case identityVerificationDecided = "identity_verification.decided"
    case documentCheckCompleted = "document_check.completed"
    case documentCheckReviewRequired = "document_check.review_required"
    case documentCheckDecided = "document_check.decided"
    case captureLinkOpened = "capture_link.opened"
    case captureLinkExpired = "capture_link.expired"
    case mobileSessionCompleted = "mobile_session.completed"
    case mobileSessionDecided = "mobile_session.decided"
    case ocrCombinationCompleted = "ocr.combination_completed"
    case ocrCombinationDecided = "ocr.combination_decided"
    case accreditationRequested = "accreditation.requested"
    case accreditationApproved = "accreditation.approved"
    case accreditationRejected = "accreditation.rejected"
    case certificateIssued = "certificate.issued"
    case certificateRevoked = "certificate.revoked"
    case screeningMatchFound = "screening.match_found"
    case screeningMatchDecided = "screening.match_decided"
}
