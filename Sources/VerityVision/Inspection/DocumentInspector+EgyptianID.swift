import VerityCore

/// The Egyptian national ID one side at a time, as the OCR service takes it
/// (a front transaction, a back transaction, then a combination), and the
/// whole card from both sides: one path, so both give the same report.
extension DocumentInspector {
    /// Reads one side: its text, orientation, confidence, quality and (front,
    /// with a face engine) the portrait evidence. Kept, sealed, until the
    /// sides are combined; the image itself is not needed again.
    public func readEgyptianIDSide(_ bytes: [UInt8], side: DocumentSide) throws(VerityError) -> EgyptianIDSideReading {
        var clock = Stopwatch()
        let (image, completeness) = try clock.measure("decode") { () throws(VerityError) -> (RGBImage, Double) in
            try decode(bytes, side: side.rawValue)
        }
        var page = clock.measure("locate") { PageImage(image) }
        let read = try clock.measure("ocr") { () throws(VerityError) in try EgyptianIDReader().readSide(page, front: side == .front) }
        let (anomaly, crack, manipulation) = clock.measure("anomalies") { Self.damage(of: page, readAt: read.orientation, front: side == .front) }
        page.orientation = read.orientation
        var quality = clock.measure("quality") { QualityAnalyzer().measure(page) }
        // A JPEG that ended early was read as far as it goes; the user is told.
        if completeness < 1 {
            quality.signals.append(QualitySignal(name: .completeness, value: (completeness * 1000).rounded() / 1000, threshold: 1, direction: .atLeast))
        }
        let portrait = side == .front ? faces.map { engine in clock.measure("portrait") { engine.inspectPortrait(page: page.page) } } : nil
        return EgyptianIDSideReading(side: side, text: read.text, orientation: read.orientation, confidence: read.confidence,
                                     quality: quality, portrait: portrait, anomaly: anomaly,
                                     crack: crack, manipulation: manipulation, textManipulation: read.textManipulation,
                                     timings: clock.timings)
    }

    /// What covers, holes, folds, cracks or (front) edited the side, on the
    /// page turned the way it read (the reader may have read it half a turn round).
    static func damage(of page: PageImage, readAt orientation: Int, front: Bool) -> (ImageAnomalyEvidence, CrackEvidence, ManipulationEvidence?) {
        var upright = page
        upright.turn(clockwise: (orientation - page.orientation + 360) % 360)
        return (CardAnomalyDetector().inspect(gray: upright.page, chroma: upright.chromaPage(), front: front),
                CardCrackDetector().inspect(gray: upright.page, front: front),
                front ? CardManipulationDetector().inspect(gray: upright.page, capture: page.originalGray) : nil)
    }

    /// The card's report from its sides: the card's rules across both, the
    /// spec's flags, and the portrait's fraud zone.
    public func combineEgyptianID(front: EgyptianIDSideReading, back: EgyptianIDSideReading?) -> DocumentReport {
        let text = back.map { EgyptianIDText.merged(front.text, $0.text) } ?? front.text
        let (read, flagged) = EgyptianIDRules(today: today).evaluate(text)
        var evidence = DocumentEvidence(country: "EG")
        evidence.read = read
        evidence.flagged = flagged
        let numbers = [text.frontNID, text.backNID].compactMap { $0 }
        let outcome = ReadOutcome(kind: .text, side: text.frontNID == nil ? .front : .back,
                                  status: numbers.isEmpty ? .notFound : (numbers.count == 2 || back == nil) ? .read : .unreadable,
                                  confidence: (front.confidence + (back?.confidence ?? 0)) / 2)
        let (fields, mismatches) = FieldAssembler(today: today).assemble(evidence)
        var report = DocumentReport(
            documentType: .idCard, country: "EG", fields: fields, mismatches: mismatches,
            front: SideEvidence(quality: front.quality, orientation: front.orientation, confidence: Int((front.confidence * 100).rounded())),
            back: back.map { SideEvidence(quality: $0.quality, orientation: $0.orientation, confidence: Int(($0.confidence * 100).rounded())) },
            timings: front.timings + (back?.timings ?? []))
        report.advancedConfidence = front.portrait.map { AdvancedConfidence(face: faceFraudPolicy.assess($0), portrait: $0) }
        report.imageAnomalies = front.anomaly.map { CardImageAnomalies(front: $0, back: back?.anomaly, frontCrack: front.crack, backCrack: back?.crack,
                                                                          frontManipulation: front.manipulation,
                                                                          frontText: front.textManipulation, backText: back?.textManipulation) }
        DocumentDecisionPolicy(today: today).apply(to: &report, outcome: outcome, flagged: evidence.flagged)
        return report
    }
}
