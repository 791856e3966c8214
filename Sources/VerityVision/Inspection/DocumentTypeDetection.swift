import VerityCore

/// What a document is, when whoever sent it did not say (a mobile client
/// following its specification sends only the images): the MRZ's layout says
/// passport or ID card, a licence barcode says driver's licence. What was read
/// to decide is kept, so the inspector reads nothing twice.
struct DocumentTypeDetection {
    let today: CalendarDate
    /// The MRZ search of each side tried, when it decided.
    private(set) var mrz: [(side: DocumentSide, reading: (MRZReading?, PageImage))]?
    /// The licence barcode, when it decided.
    private(set) var licence: (DocumentSide, BarcodeSymbol, AAMVALicense)?

    init(today: CalendarDate) {
        self.today = today
    }

    /// The back is looked at first: most ID cards carry their MRZ there, and
    /// licences their barcode. The Egyptian ID has neither: a stated EG says it.
    /// nil when neither an MRZ nor a licence barcode is found.
    mutating func detect(front: PageImage, back: PageImage?, country: String?, clock: inout Stopwatch) -> DocumentType? {
        if country?.uppercased() == "EG" { return .idCard }
        let sides = [back.map { (DocumentSide.back, $0) }, (.front, front)].compactMap { $0 }
        let read = clock.measure("mrz") { Self.readMRZ(on: sides, today: today) }
        if let type = read.lazy.compactMap({ $0.reading.0 }).compactMap(Self.type(of:)).first {
            mrz = read
            return type
        }
        licence = clock.measure("barcode") { Self.readLicence(on: sides) }
        return licence == nil ? nil : .driverLicense
    }

    static let undetected = DocumentNaming.typeUnknown

    /// A passport page or visa (TD3, MRV-A, MRV-B, a TD2 with document code P)
    /// is read as a passport, a TD1 or other TD2 as an ID card; an unparsed
    /// zone by its line length.
    static func type(of reading: MRZReading) -> DocumentType? {
        if let result = reading.result {
            switch result.format {
            case .td3, .mrvA, .mrvB: return .passport
            case .td1: return .idCard
            case .td2: return result.documentCode.hasPrefix("P") ? .passport : .idCard
            }
        }
        switch reading.recognisedLines.first?.count {
        case 44: return .passport
        case 30, 36: return .idCard
        default: return nil
        }
    }

    /// Each side's MRZ search in turn, until one reads valid.
    static func readMRZ(on sides: [(DocumentSide, PageImage)], today: CalendarDate) -> [(side: DocumentSide, reading: (MRZReading?, PageImage))] {
        var results: [(side: DocumentSide, reading: (MRZReading?, PageImage))] = []
        for (side, page) in sides {
            results.append((side, MRZSearch(today: today).read(page)))
            if results.last!.reading.0?.result?.valid == true { break }
        }
        return results
    }

    /// The first PDF417 symbol that parses as an AAMVA licence, side by side.
    static func readLicence(on sides: [(DocumentSide, PageImage)]) -> (DocumentSide, BarcodeSymbol, AAMVALicense)? {
        for (side, page) in sides {
            for symbol in BarcodeScanner().scan(page) where symbol.format == "PDF417" {
                if let parsed = try? AAMVALicense.parse(symbol.rawBytes) { return (side, symbol, parsed) }
            }
        }
        return nil
    }
}

extension DocumentInspector {
    /// What the document is, read from its MRZ or licence barcode alone; nil
    /// when neither says (a licence's or an ID card's front without its back).
    public func detectType(front: [UInt8], back: [UInt8]? = nil) throws(VerityError) -> DocumentType? {
        var clock = Stopwatch()
        let frontPage = PageImage(try decoder.decode(front))
        let backPage = try back.map { bytes throws(VerityError) in PageImage(try decoder.decode(bytes)) }
        var detection = DocumentTypeDetection(today: today)
        return detection.detect(front: frontPage, back: backPage, country: nil, clock: &clock)
    }

    /// Whether a front alone is a passport's photo page, by its MRZ: the one
    /// question a mobile session asks before the back (a passport has none).
    /// No barcode is looked for: a licence's is on its back.
    public func isPassportPage(_ front: [UInt8]) throws(VerityError) -> Bool {
        let page = PageImage(try decoder.decode(front))
        let readings = DocumentTypeDetection.readMRZ(on: [(.front, page)], today: today).lazy.compactMap { $0.reading.0 }
        return readings.compactMap(DocumentTypeDetection.type(of:)).first == .passport
    }
}
