/// `mobile_session.completed`: a mobile verification ended, or a reviewer decided its case.
/// Mobile users have no integrator reference: the event names none.
public struct MobileSessionCompleted: WebhookPayload {
    public static let eventType = WebhookEventType.mobileSessionCompleted

    public let product: MobileProduct
    public let outcome: MobileOutcome
    /// Codes, comma-separated.
    public let reasons: String
    /// What pass tokens are redeemed against (never the session's own id).
    public let verificationId: String
    /// True for a demo key's verification; absent otherwise.
    public let demo: Bool?
    /// `reviewer` when a person settled an `undetermined` outcome; absent when the engines did.
    public let decidedBy: DecidedBy?
    /// When the app sent the chip (`upload/chip`): as `document_check.completed` writes it. Absent without a chip.
    public let chipAuthentic: Bool?
    public let chipReasons: String?
    public let chipActiveAuthentication: String?

    public init(product: MobileProduct, outcome: MobileOutcome, reasons: String, verificationId: String, demo: Bool,
                decidedBy: DecidedBy? = nil, chip: MobileChipResult? = nil) {
        self.product = product
        self.outcome = outcome
        self.reasons = reasons
        self.verificationId = verificationId
        self.demo = demo ? true : nil
        self.decidedBy = decidedBy
        chipAuthentic = chip?.authentic
        chipReasons = chip.map { $0.reasons.joined(separator: ",") }
        chipActiveAuthentication = chip?.activeAuthentication
    }
}

/// `mobile_session.decided`: a reviewer decided a mobile session's case (sent with its `mobile_session.completed`).
public struct MobileSessionDecided: WebhookPayload {
    public static let eventType = WebhookEventType.mobileSessionDecided

    public let verificationId: String
    public let product: MobileProduct
    /// The kind of case: `mobile_session` or `sanctions_candidate`.
    public let `case`: String
    /// `approved`: the doubt answered, or a false positive; `rejected`: a true match, or the face refused.
    public let decision: ReviewVerdict
    public let reason: String
    public let outcome: MobileOutcome
    public let reasons: String

    public init(verificationId: String, product: MobileProduct, case kind: String, decision: ReviewVerdict, reason: String,
                outcome: MobileOutcome, reasons: String) {
        self.verificationId = verificationId
        self.product = product
        self.case = kind
        self.decision = decision
        self.reason = reason
        self.outcome = outcome
        self.reasons = reasons
    }
}

/// `ocr.combination_completed`: an OCR session's sides were combined.
public struct OCRCombinationCompleted: WebhookPayload {
    public static let eventType = WebhookEventType.ocrCombinationCompleted

    public let combinationId: String
    public let success: Bool

    public init(combinationId: String, success: Bool) {
        self.combinationId = combinationId
        self.success = success
    }
}

/// `ocr.combination_decided`: a reviewer decided a combination held for review.
public struct OCRCombinationDecided: WebhookPayload {
    public static let eventType = WebhookEventType.ocrCombinationDecided

    public let combinationId: String
    /// `approved`: the marked fields confirmed.
    public let decision: ReviewVerdict
    public let reason: String

    public init(combinationId: String, decision: ReviewVerdict, reason: String) {
        self.combinationId = combinationId
        self.decision = decision
        self.reason = reason
    }
}
