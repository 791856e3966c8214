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

    /// `type`: without it, the document says what it is (`DocumentTypeDetection`:
    /// an MRZ's layout, else a licence barcode) and the report's `documentType`
    /// is what was found. `country`: the ISO 3166 alpha-2 country of issue.
    /// Without it, a passport's or ID card's MRZ names it (a card without an
    /// MRZ, like the Egyptian ID, needs it stated) and a licence's barcode does
    /// (US unless it says Canada).
    public func inspect(front: [UInt8], back: [UInt8]? = nil, type statedType: DocumentType? = nil,
                        country stated: String? = nil) throws(VerityError) -> DocumentReport {
        var clock = Stopwatch()
        let (frontImage, frontCompleteness) = try clock.measure("decode") { () throws(VerityError) -> (RGBImage, Double) in try decode(front, side: "front") }
        let backDecoded = try clock.measure("decode") { () throws(VerityError) -> (RGBImage, Double)? in try back.map { bytes throws(VerityError) in try decode(bytes, side: "back") } }
        let backImage = backDecoded?.0
        var frontPage = clock.measure("locate") { PageImage(frontImage) }
        var backPage = clock.measure("locate") { backImage.map(PageImage.init) }
        var detection = DocumentTypeDetection(today: today)
        guard let type = statedType ?? detection.detect(front: frontPage, back: backPage, country: stated, clock: &clock) else {
            throw DocumentTypeDetection.undetected
        }
        let country = stated ?? (type == .driverLicense ? "US" : "")

        var evidence = DocumentEvidence(country: country)
        var outcome: ReadOutcome
        var mrzBounds: PixelRect?
        var textHeight: (DocumentSide, Double)?
        var documentFitsZone: (side: DocumentSide, fits: Bool)?
        var countryMismatch: FieldMismatch?
        var visual = VisualZoneReader.Reading(lines: [], values: [], meanConfidence: 0)
        switch type {
        case .idCard where country == "EG":
            // Side by side, as the OCR service reads it (DocumentInspector+EgyptianID).
            return combineEgyptianID(front: try readEgyptianIDSide(front, side: .front),
                                     back: try back.map { bytes throws(VerityError) in try readEgyptianIDSide(bytes, side: .back) })
        case .passport, .idCard:
            let sides: [(DocumentSide, PageImage)] = type == .passport ? [(.front, frontPage)]
                : [backPage.map { (DocumentSide.back, $0) }, (.front, frontPage)].compactMap { $0 }
            // The MRZ is on the back of most ID cards and on the front of some.
            let read = detection.mrz ?? clock.measure("mrz") { DocumentTypeDetection.readMRZ(on: sides, today: today) }
            let found = read.first { $0.reading.0?.result?.valid == true } ?? read.first { $0.reading.0 != nil } ?? read[0]
            let (reading, page) = found.reading
            if found.side == .front { frontPage = page } else { backPage = page }
            evidence.mrz = reading?.result
            if let mrz = reading?.result {
                let (country, flagged, mismatch) = Self.country(namedBy: mrz, stated: stated)
                evidence.country = country
                if flagged { evidence.flagged.append("country") }
                countryMismatch = mismatch
            } else if stated == nil {
                throw DocumentNaming.countryUnknown
            }
            evidence.mrzConfidence = reading?.confidence ?? 0
            evidence.mrzCharacterConfidence = reading?.characterProbabilities ?? []
            evidence.mrzSide = found.side
            if found.side == .front { mrzBounds = reading?.bounds }
            if let reading { textHeight = (found.side, reading.letterHeight) }
            if let reading, let format = reading.result?.format {
                let extent = MRZDocumentExtent(format: format, zoneX: Double(reading.bounds.x), zoneY: Double(reading.bounds.y),
                                               zoneWidth: Double(reading.bounds.width), zoneHeight: Double(reading.bounds.height))
                documentFitsZone = (found.side, extent.fits(pictureWidth: page.page.width, pictureHeight: page.page.height))
            }
            let status: ReadOutcome.Status = reading == nil ? .notFound : reading?.result?.valid == true ? .read : .unreadable
            outcome = ReadOutcome(kind: .mrz, side: found.side, status: status, confidence: reading?.confidence ?? 0)
        case .driverLicense:
            let sides: [(DocumentSide, PageImage)] = [backPage.map { (DocumentSide.back, $0) }, (.front, frontPage)].compactMap { $0 }
            let licence = detection.licence ?? clock.measure("barcode") { DocumentTypeDetection.readLicence(on: sides) }
            evidence.aamva = licence?.2
            if stated == nil, licence?.2.country == "CAN" { evidence.country = "CA" }
            evidence.barcodeSide = licence?.0 ?? .back
            outcome = ReadOutcome(kind: .barcode, side: licence?.0 ?? (backPage == nil ? .front : .back),
                                  status: licence == nil ? .notFound : .read, confidence: licence == nil ? 0 : 1)
        }

        // The printed text beside the machine-readable read (MRZ or barcode).
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
        evidence.visualWords = visual.lines.flatMap { $0.text.uppercased().split { !$0.isLetter }.map(String.init) }
        evidence.visualSide = .front

        var frontQuality = clock.measure("quality") { QualityAnalyzer().measure(frontPage) }
        var backQuality = clock.measure("quality") { backPage.map { QualityAnalyzer().measure($0) } }
        // A JPEG that ended early was read as far as it goes; the user is told.
        for (completeness, isFront) in [(frontCompleteness, true), (backDecoded?.1, false)] {
            guard let completeness, completeness < 1 else { continue }
            let signal = QualitySignal(name: .completeness, value: (completeness * 1000).rounded() / 1000, threshold: 1, direction: .atLeast)
            if isFront { frontQuality.signals.append(signal) } else { backQuality?.signals.append(signal) }
        }
        if let (side, height) = textHeight {
            let signal = QualitySignal(name: .textHeight, value: height, threshold: QualityThresholds().textHeight, direction: .atLeast)
            if side == .front { frontQuality.signals.append(signal) } else { backQuality?.signals.append(signal) }
        }

        // Where the MRZ was read, it says whether the whole document is in the
        // picture better than the paper's outline does (a scan cropped to the
        // document's edge, two cards on one scan).
        if let (side, fits) = documentFitsZone {
            if side == .front { frontQuality.document = Self.placement(frontQuality.document, documentFits: fits) }
            else { let document = backQuality?.document; backQuality?.document = Self.placement(document, documentFits: fits) }
        }

        let portrait = faces.map { engine in clock.measure("portrait") { engine.inspectPortrait(page: frontPage.page) } }

        let (fields, assembled) = FieldAssembler(today: today).assemble(evidence)
        let mismatches = assembled + (countryMismatch.map { [$0] } ?? [])
        let readConfidence = Int((outcome.confidence * 100).rounded())
        let visualConfidence = Int(visual.meanConfidence.rounded())
        var report = DocumentReport(
            documentType: type, country: evidence.country, fields: fields, mrz: evidence.mrz,
            barcode: evidence.aamva.map { BarcodeEvidence(format: "PDF417", aamva: $0) }, mismatches: mismatches,
            front: SideEvidence(quality: frontQuality, orientation: frontPage.orientation,
                                confidence: outcome.side == .front ? readConfidence : visualConfidence),
            back: backPage.map { SideEvidence(quality: backQuality!, orientation: $0.orientation,
                                              confidence: outcome.side == .back ? readConfidence : 0) },
            timings: clock.timings)
        report.advancedConfidence = portrait.map { AdvancedConfidence(face: faceFraudPolicy.assess($0), portrait: $0) }
        DocumentDecisionPolicy(today: today).apply(to: &report, outcome: outcome, flagged: evidence.flagged)
        return report
    }

    /// The country of a document with an MRZ: the one its issuing state names.
    /// A stated country is a hint, cross-checked: where the MRZ names another,
    /// the MRZ's is reported and the two are a mismatch for review. An ICAO
    /// code that names no ISO 3166 country (UNO, XXA, UTO: the ICAO specimens'
    /// Utopia) is reported as it stands unless a country was stated; a code on
    /// no list (a misread no repair was sure of) likewise, flagged for review.
    static func country(namedBy mrz: MRZResult, stated: String?) -> (country: String, flagged: Bool, mismatch: FieldMismatch?) {
        guard let named = ICAOCountryCode.alpha2(mrz.issuingState) else {
            return (stated ?? mrz.issuingState.replacingOccurrences(of: " ", with: ""), !mrz.issuingStateKnown, nil)
        }
        guard let stated, stated != named else { return (named, false, nil) }
        return (named, true, FieldMismatch(field: "country", values: ["stated": stated, "mrz": named]))
    }

    static func placement(_ placement: DocumentPlacement?, documentFits: Bool) -> DocumentPlacement? {
        guard var placement else { return nil }
        if documentFits {
            placement.fullyInFrame = placement.fullyInFrame || !placement.fillsFrame
        } else {
            placement.fullyInFrame = false
            placement.fillsFrame = false
        }
        return placement
    }

    func decode(_ bytes: [UInt8], side: String) throws(VerityError) -> (RGBImage, Double) {
        do {
            return try decoder.decodeMeasuringCompleteness(bytes)
        } catch {
            throw VerityError(error.code, error.message, field: side)
        }
    }
}
