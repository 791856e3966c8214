import VerityCore

/// From image bytes to a `DocumentReport`: decode, find and flatten the
/// document, measure quality, read the MRZ, barcode and printed text, and
/// cross-check what was read.
public struct DocumentInspector: Sendable {
    public let today: CalendarDate
    public var decoder = ImageDecoder()

    public init(today: CalendarDate) {
        self.today = today
    }

    public func inspect(front: [UInt8], back: [UInt8]? = nil, type: DocumentType, country: String) throws(VerityError) -> DocumentReport {
        var clock = Stopwatch()
        let frontImage = try clock.measure("decode") { () throws(VerityError) -> RGBImage in try decoder.decode(front) }
        var frontPage = clock.measure("locate") { PageImage(frontImage) }
        let (mrz, page) = clock.measure("mrz") { readMRZ(frontPage) }
        frontPage = page
        let quality = QualityReport(width: frontImage.width, height: frontImage.height, document: frontPage.placement)
        return DocumentReport(documentType: type, country: country, mrz: mrz?.result,
                              front: SideEvidence(quality: quality, orientation: frontPage.orientation,
                                                  confidence: Int(((mrz?.confidence ?? 0) * 100).rounded())),
                              timings: clock.timings)
    }

    /// Tries the flattened page upright and upside down, then the unflattened
    /// image (a wrong corner from a cut-off document distorts the flattening).
    func readMRZ(_ page: PageImage) -> (MRZReading?, PageImage) {
        let reader = MRZReader(today: today)
        var best: (MRZReading?, PageImage) = (nil, page)
        var candidates = [page]
        var turned = page
        turned.turnHalf()
        candidates.append(turned)
        if page.placement?.fillsFrame == false {
            let raw = page.unflattened()
            var rawTurned = raw
            rawTurned.turnHalf()
            candidates += [raw, rawTurned]
        }
        for candidate in candidates {
            guard let reading = reader.read(candidate.page) else { continue }
            if reading.result?.valid == true { return (reading, candidate) }
            if best.0 == nil || reading.confidence > best.0!.confidence { best = (reading, candidate) }
        }
        return best
    }
}
