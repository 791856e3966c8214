/// Why a document check waits for a person instead of being decided by the
/// engines. Stable codes: the check's `reasons` while it waits, and the
/// `document_check.review_required` event's.
public enum DocumentReviewReason: String, Sendable, Codable, CaseIterable {
    /// Fields the policy marked for a look (`documentVerificationPlus.reviewRequired`):
    /// a failed check digit, an OCR reading that disagrees, a required field not read.
    case fieldsToReview = "FIELDS_TO_REVIEW"
    /// The portrait checks are in the review zone (`faceFraudZone` 1): not
    /// clearly genuine, not clearly substituted.
    case fraudSignals = "FRAUD_SIGNALS"
    /// The selfie's distance to the portrait is within the environment's
    /// margin of the threshold, on either side.
    case faceNearThreshold = "FACE_NEAR_THRESHOLD"
    /// The environment requires a passport's chip, and it did not verify for
    /// want of trust (an unknown CSCA, an expired certificate, unprotected
    /// data), not because it showed a forgery: a person decides.
    case chipUnverified = "CHIP_UNVERIFIED"
}

/// An environment's rule for sending document checks to its reviewers.
public struct DocumentReviewSettings: Sendable, Equatable, Codable {
    /// Off: the engines decide every check, as before the console existed
    /// (an environment without reviewers must not leave users waiting).
    public var enabled: Bool
    /// How near the face threshold a distance sends the check to a person.
    public var faceMargin: Double

    public static let defaultFaceMargin = 0.04
    public static let faceMarginRange = 0.0...0.1

    public init(enabled: Bool = false, faceMargin: Double = DocumentReviewSettings.defaultFaceMargin) {
        self.enabled = enabled
        self.faceMargin = faceMargin
    }

    enum CodingKeys: String, CodingKey { case enabled, faceMargin }

    /// A setting left out reads as its default.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        enabled = try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? false
        faceMargin = try container.decodeIfPresent(Double.self, forKey: .faceMargin) ?? Self.defaultFaceMargin
    }

    public func validated() throws(VerityError) -> DocumentReviewSettings {
        guard faceMargin.isFinite, Self.faceMarginRange.contains(faceMargin) else {
            throw .invalid("documents.review.faceMargin",
                           "faceMargin must be between \(Self.faceMarginRange.lowerBound) and \(Self.faceMarginRange.upperBound)")
        }
        return self
    }
}

/// Decides whether a check the engines have judged goes to a person first.
/// Only verdicts a person could overturn for the better or the worse are
/// held: a pass with doubtful evidence, and a face mismatch by a hair.
/// Unreadable images go back to the user (a person cannot read them either),
/// and failures on machine-certain evidence (expiry, check digits that
/// disagree with a barcode, a substituted portrait) stand.
public struct DocumentReviewPolicy: Sendable {
    public let settings: DocumentReviewSettings

    public init(settings: DocumentReviewSettings) {
        self.settings = settings
    }

    /// The reasons to hold the check; empty when the verdict stands.
    public func reasons(verdict: DocumentVerdict, report: DocumentReport?, selfie: SelfieEvidence?) -> [DocumentReviewReason] {
        guard settings.enabled, let report else { return [] }
        var reasons: [DocumentReviewReason] = []
        if !report.documentVerificationPlus.reviewRequired.isEmpty { reasons.append(.fieldsToReview) }
        if report.advancedConfidence?.faceFraudZone == 1 { reasons.append(.fraudSignals) }
        if let selfie, let distance = selfie.distance, abs(distance - selfie.threshold) <= settings.faceMargin {
            reasons.append(.faceNearThreshold)
        }
        switch verdict {
        case .succeeded:
            return reasons
        case .failed(let failures) where failures == [.faceMismatch] && reasons.contains(.faceNearThreshold):
            return reasons
        case .failed(let failures) where !failures.isEmpty && Set(failures).isSubset(of: ChipDecision.inconclusive):
            return reasons + [.chipUnverified]
        case .failed, .unreadable:
            return []
        }
    }
}
