/// Turns a report's evidence into the spec's flags: greyscale, expiry, fields
/// needing review, side validity, and the reasons a capture is unreadable.
/// Stages measure; this decides.
public struct DocumentDecisionPolicy: Sendable {
    public let today: CalendarDate

    public init(today: CalendarDate) {
        self.today = today
    }

    /// Fills `documentVerificationPlus` and `documentUnreadable` of `report`.
    public func apply(to report: inout DocumentReport, outcome: ReadOutcome, flagged: [String]) {
        var plus = DocumentVerificationPlus()
        plus.isFrontGreyscale = report.front.quality.signal(.colourfulness)?.passed == false
        plus.isBackGreyscale = report.back?.quality.signal(.colourfulness)?.passed == false
        if let expiry = report.field("expiry_date").flatMap({ CalendarDate(iso: $0.value) }) {
            plus.expired = expiry < today
        }
        var review = Set(flagged)
        for check in report.mrz?.checks ?? [] where !check.valid {
            review.insert(Self.reviewName[check.name] ?? "mrz")
        }
        for mismatch in report.mismatches { review.insert(mismatch.field) }
        for required in Self.required(report.documentType, country: report.country) where report.field(required) == nil {
            review.insert(required)
        }
        plus.reviewRequired = review.sorted()
        plus.frontConfidence = report.front.confidence
        plus.backConfidence = report.back?.confidence ?? 0
        let sides = Dictionary(report.fields.map { ($0.name, $0.side) }, uniquingKeysWith: { first, _ in first })
        let sideOf = { (name: String) in sides[name] ?? outcome.side }
        plus.frontDataValidity = outcome.status == .read && !plus.isFrontGreyscale && !review.contains { sideOf($0) == .front }
        plus.backDataValidity = report.back == nil
            ? plus.frontDataValidity
            : outcome.status == .read && !plus.isBackGreyscale && !review.contains { sideOf($0) == .back }
        report.documentVerificationPlus = plus
        report.documentUnreadable = unreadableReasons(report, outcome)
    }

    /// nil when the essential read succeeded; otherwise what to fix, most useful first.
    func unreadableReasons(_ report: DocumentReport, _ outcome: ReadOutcome) -> [UnreadableReason]? {
        guard outcome.status != .read else { return nil }
        let side = outcome.side == .front ? report.front : (report.back ?? report.front)
        var reasons: [UnreadableReason] = []
        if let placement = side.quality.document, !placement.fullyInFrame, !placement.fillsFrame {
            reasons.append(.documentCutOff)
        }
        for problem in side.quality.problems {
            switch problem.name {
            case .sharpness: reasons.append(.blurry)
            case .glare: reasons.append(.glare)
            case .brightness: reasons.append(.tooDark)
            case .overexposure: reasons.append(.tooBright)
            case .contrast: reasons.append(.lowContrast)
            case .textHeight: reasons.append(.resolutionTooLow)
            case .completeness: reasons.append(.imageIncomplete)
            case .colourfulness: break
            }
        }
        switch (outcome.kind, outcome.status) {
        case (.mrz, .notFound): reasons.append(.mrzNotFound)
        case (.mrz, _): reasons.append(.mrzUnreadable)
        case (.barcode, _): reasons.append(.barcodeNotFound)
        case (.text, _): reasons.append(.textUnreadable)
        }
        return reasons
    }

    static let reviewName = [
        "documentNumber": "document_number", "dateOfBirth": "date_of_birth", "expiryDate": "expiry_date",
        "personalNumber": "personal_number", "composite": "mrz",
    ]

    /// Fields every document of the kind must yield.
    static func required(_ type: DocumentType, country: String) -> [String] {
        if type == .idCard && country == "EG" {
            return ["front_nid", "back_nid", "full_name", "street", "date_of_birth", "gender", "expiry_date", "release_date",
                    "serial_number"]
        }
        return ["document_number", "surname", "date_of_birth", "expiry_date"]
    }
}
