import VerityCore

/// From image bytes to a `DocumentReport`: decode, find and flatten the
/// document, measure quality, read the MRZ, barcode and printed text, and
/// cross-check what was read. Decisions come from `DocumentDecisionPolicy`.
public struct DocumentInspector: Sendable {
    public let today: CalendarDate
    public var decoder = ImageDecoder()
    /// With a face engine, the front's portrait is checked for substitution
    /// (`advancedConfidence.faceFraudZone`); without one, that zone is absent.
    public var faces: FaceEngine?
    public var faceFraudPolicy = FaceFraudPolicy()

    public init(today: CalendarDate, faces: FaceEngine? = nil) {
        self.today = today
        self.faces = faces
    }

    public func inspect(front: [UInt8], back: [UInt8]? = nil, type: DocumentType, country: String) throws(VerityError) -> DocumentReport {
        var clock = Stopwatch()
        let frontImage = try clock.measure("decode") { () throws(VerityError) -> RGBImage in try decode(front, side: "front") }
        let backImage = try clock.measure("decode") { () throws(VerityError) -> RGBImage? in try back.map { bytes throws(VerityError) in try decode(bytes, side: "back") } }
        var frontPage = clock.measure("locate") { PageImage(frontImage) }
        var backPage = clock.measure("locate") { backImage.map(PageImage.init) }

        var evidence = DocumentEvidence(country: country)
        var outcome: ReadOutcome
        var mrzBounds: PixelRect?
        var textHeight: (DocumentSide, Double)?
        var visual = VisualZoneReader.Reading(lines: [], values: [], meanConfidence: 0)
        var sideConfidence: (front: Double, back: Double)?
        switch type {
        case .idCard where country == "EG":
            let read = try clock.measure("ocr") { () throws(VerityError) in try EgyptianIDReader().read(front: frontPage, back: backPage) }
            let (fields, flagged) = EgyptianIDRules(today: today).evaluate(read.text)
            evidence.read = fields
            evidence.flagged = flagged
            frontPage.orientation = read.frontOrientation
            backPage?.orientation = read.backOrientation
            sideConfidence = read.confidence
            let numbers = [read.text.frontNID, read.text.backNID].compactMap { $0 }
            outcome = ReadOutcome(kind: .text, side: read.text.frontNID == nil ? .front : .back,
                                  status: numbers.isEmpty ? .notFound : (numbers.count == 2 || backPage == nil) ? .read : .unreadable,
                                  confidence: (read.confidence.0 + read.confidence.1) / 2)
        case .passport, .idCard:
            let sides: [(DocumentSide, PageImage)] = type == .passport ? [(.front, frontPage)]
                : [backPage.map { (DocumentSide.back, $0) }, (.front, frontPage)].compactMap { $0 }
            // The MRZ is on the back of most ID cards and on the front of some.
            let read = clock.measure("mrz") { () -> [(side: DocumentSide, reading: (MRZReading?, PageImage))] in
                var results: [(side: DocumentSide, reading: (MRZReading?, PageImage))] = []
                for (side, page) in sides {
                    results.append((side, MRZSearch(today: today).read(page)))
                    if results.last!.reading.0?.result?.valid == true { break }
                }
                return results
            }
            let found = read.first { $0.reading.0?.result?.valid == true } ?? read.first { $0.reading.0 != nil } ?? read[0]
            let (reading, page) = found.reading
            if found.side == .front { frontPage = page } else { backPage = page }
            evidence.mrz = reading?.result
            evidence.mrzConfidence = reading?.confidence ?? 0
            evidence.mrzSide = found.side
            if found.side == .front { mrzBounds = reading?.bounds }
            if let reading { textHeight = (found.side, reading.letterHeight) }
            let status: ReadOutcome.Status = reading == nil ? .notFound : reading?.result?.valid == true ? .read : .unreadable
            outcome = ReadOutcome(kind: .mrz, side: found.side, status: status, confidence: reading?.confidence ?? 0)
        case .driverLicense:
            let sides: [(DocumentSide, PageImage)] = [backPage.map { (DocumentSide.back, $0) }, (.front, frontPage)].compactMap { $0 }
            var licence: (DocumentSide, BarcodeSymbol, AAMVALicense)?
            clock.measure("barcode") {
                for (side, page) in sides {
                    for symbol in BarcodeScanner().scan(page) where symbol.format == "PDF417" {
                        if let parsed = try? AAMVALicense.parse(symbol.rawBytes) { licence = (side, symbol, parsed); return }
                    }
                }
            }
            evidence.aamva = licence?.2
            evidence.barcodeSide = licence?.0 ?? .back
            outcome = ReadOutcome(kind: .barcode, side: licence?.0 ?? (backPage == nil ? .front : .back),
                                  status: licence == nil ? .notFound : .read, confidence: licence == nil ? 0 : 1)
        }

        if sideConfidence == nil {
            let width = type == .passport ? 125.0 : 85.6
            visual = try clock.measure("ocr") { () throws(VerityError) -> VisualZoneReader.Reading in
                try VisualZoneReader().read(frontPage.page, blank: mrzBounds, widthMillimetres: width)
            }
            // A front without an MRZ has no other clue to which way is up: captions do.
            if visual.values.count < 2, mrzBounds == nil {
                var turned = frontPage
                turned.turnHalf()
                let second = try clock.measure("ocr") { () throws(VerityError) -> VisualZoneReader.Reading in
                    try VisualZoneReader().read(turned.page, blank: nil, widthMillimetres: width)
                }
                if second.values.count > visual.values.count { visual = second; frontPage = turned }
            }
            evidence.visual = visual.values
            evidence.visualSide = .front
        }

        var frontQuality = clock.measure("quality") { QualityAnalyzer().measure(frontPage) }
        var backQuality = clock.measure("quality") { backPage.map { QualityAnalyzer().measure($0) } }
        if let (side, height) = textHeight {
            let signal = QualitySignal(name: .textHeight, value: height, threshold: QualityThresholds().textHeight, direction: .atLeast)
            if side == .front { frontQuality.signals.append(signal) } else { backQuality?.signals.append(signal) }
        }

        let portrait = faces.map { engine in clock.measure("portrait") { engine.inspectPortrait(page: frontPage.page) } }

        let (fields, mismatches) = FieldAssembler(today: today).assemble(evidence)
        var readConfidence = Int((outcome.confidence * 100).rounded())
        var visualConfidence = Int(visual.meanConfidence.rounded())
        if let sideConfidence {
            // Each side carries its own reading: report them as they are.
            visualConfidence = Int((sideConfidence.front * 100).rounded())
            readConfidence = Int((sideConfidence.back * 100).rounded())
        }
        var report = DocumentReport(
            documentType: type, country: country, fields: fields, mrz: evidence.mrz,
            barcode: evidence.aamva.map { BarcodeEvidence(format: "PDF417", aamva: $0) }, mismatches: mismatches,
            front: SideEvidence(quality: frontQuality, orientation: frontPage.orientation,
                                confidence: outcome.side == .front && sideConfidence == nil ? readConfidence : visualConfidence),
            back: backPage.map { SideEvidence(quality: backQuality!, orientation: $0.orientation,
                                              confidence: outcome.side == .back || sideConfidence != nil ? readConfidence : 0) },
            timings: clock.timings)
        report.advancedConfidence = portrait.map { AdvancedConfidence(face: faceFraudPolicy.assess($0), portrait: $0) }
        DocumentDecisionPolicy(today: today).apply(to: &report, outcome: outcome, flagged: evidence.flagged)
        return report
    }

    private func decode(_ bytes: [UInt8], side: String) throws(VerityError) -> RGBImage {
        do {
            return try decoder.decode(bytes)
        } catch {
            throw VerityError(error.code, error.message, field: side)
        }
    }
}
