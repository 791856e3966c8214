import VerityCore

/// The capture page's picture rules, run again on the server (the browser is
/// never trusted): dark, washed out, flat, glared, blurred or cut-off captures
/// are sent back for a retake before any check is queued. The measures and
/// thresholds are the reading engine's own (`QualityAnalyzer`,
/// `QualityThresholds`), so a capture passed here fails reading only for
/// reasons a retake would not fix.
public struct CaptureQualityCheck: Sendable {
    public init() {}

    /// What the user must fix, most useful first; empty when nothing.
    public func problems(imageBytes: [UInt8]) throws(VerityError) -> [UnreadableReason] {
        let side = PageImage(try ImageDecoder().decode(imageBytes))
        let report = QualityAnalyzer().measure(side)
        var reasons: [UnreadableReason] = []
        if let placement = report.document, !placement.fullyInFrame, !placement.fillsFrame {
            reasons.append(.documentCutOff)
        }
        for problem in report.problems {
            switch problem.name {
            case .brightness: reasons.append(.tooDark)
            case .overexposure: reasons.append(.tooBright)
            case .contrast: reasons.append(.lowContrast)
            case .glare: reasons.append(.glare)
            case .sharpness: reasons.append(.blurry)
            // A grey copy is the reading engine's fraud signal, not the user's to fix;
            // text height and completeness are measured only while reading.
            case .colourfulness, .textHeight, .completeness: break
            }
        }
        return reasons
    }
}
