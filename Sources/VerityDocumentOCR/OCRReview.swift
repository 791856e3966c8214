import Foundation
import VerityAPI
import VerityCore

/// Which combinations wait for a person, in an environment that asks for
/// review (`documents.review`, as for document checks): those with fields
/// the engines marked for a look (`reviewRequired`: a field read on one side
/// only, a check that did not hold; in this engine they also make the
/// side's data invalid, so `success` is false) or a fraud or anomaly zone of
/// 1. A person can confirm the marked fields on the card's images. What a
/// person cannot overturn stands: an expired card, a zone of 2.
enum OCRReview {
    /// The side anomalies (printed text or layout) are in the review zone.
    static let anomalySignals = "ANOMALY_SIGNALS"

    static func reasons(_ result: OCRResult) -> [String] {
        let fraud = result.advancedConfidence?.fraudDetectionZone ?? 0, anomaly = result.advancedConfidence?.anomalyDetectionZone ?? 0
        guard fraud < 2, anomaly < 2, !result.documentVerificationPlus.expired else { return [] }
        var reasons: [String] = []
        if !(result.documentVerificationPlus.reviewRequired ?? []).isEmpty { reasons.append(DocumentReviewReason.fieldsToReview.rawValue) }
        if fraud == 1 { reasons.append(DocumentReviewReason.fraudSignals.rawValue) }
        if anomaly == 1 { reasons.append(anomalySignals) }
        return reasons
    }
}
