/// Chooses each field's value from the most trusted source (check-digit
/// confirmed MRZ, then barcode, then printed text) and records where sources
/// disagree.
public struct FieldAssembler: Sendable {
    public let today: CalendarDate

    public init(today: CalendarDate) {
        self.today = today
    }

    public func assemble(_ evidence: DocumentEvidence) -> (fields: [DocumentField], mismatches: [FieldMismatch]) {
        var candidates: [String: [DocumentField]] = [:]
        func add(_ name: String, _ value: String?, _ source: FieldSource, _ confidence: Double) {
            guard let value, !value.isEmpty else { return }
            let side = source == .mrz ? evidence.mrzSide : source == .barcode ? evidence.barcodeSide : evidence.visualSide
            candidates[name, default: []].append(DocumentField(name: name, value: value, source: source, confidence: confidence, side: side))
        }
        if let mrz = evidence.mrz {
            let checked = { (name: String) in mrz.checks.first { $0.name == name }?.valid == true ? 1.0 : evidence.mrzConfidence * 0.5 }
            add("document_number", mrz.documentNumber, .mrz, checked("documentNumber"))
            add("date_of_birth", mrz.dateOfBirth?.description, .mrz, checked("dateOfBirth"))
            add("expiry_date", mrz.expiryDate?.description, .mrz, checked("expiryDate"))
            add("surname", mrz.surname, .mrz, evidence.mrzConfidence)
            add("given_names", mrz.givenNames, .mrz, evidence.mrzConfidence)
            add("nationality", mrz.nationality, .mrz, evidence.mrzConfidence)
            add("issuing_state", mrz.issuingState, .mrz, evidence.mrzConfidence)
            add("sex", mrz.sex.rawValue, .mrz, evidence.mrzConfidence)
            if mrz.format == .td3 { add("personal_number", mrz.optionalData1, .mrz, checked("personalNumber")) }
        }
        if let licence = evidence.aamva {
            add("document_number", licence.customerId, .barcode, 1)
            add("surname", licence.familyName, .barcode, 1)
            add("given_names", [licence.firstName, licence.middleNames].compactMap { $0 }.joined(separator: " "), .barcode, 1)
            add("date_of_birth", licence.dateOfBirth?.description, .barcode, 1)
            add("expiry_date", licence.expiryDate?.description, .barcode, 1)
            add("issue_date", licence.issueDate?.description, .barcode, 1)
            add("sex", licence.sex == .male ? "M" : licence.sex == .female ? "F" : nil, .barcode, 1)
            add("street", licence.street, .barcode, 1)
            add("city", licence.city, .barcode, 1)
            add("region", licence.jurisdiction, .barcode, 1)
            add("postal_code", licence.postalCode, .barcode, 1)
        }
        let monthFirst = evidence.country == "US"
        for value in evidence.visual {
            let confidence = value.confidence / 100
            switch value.field {
            case "date_of_birth", "expiry_date", "issue_date":
                add(value.field, PrintedDate.parse(value.text, monthFirst: monthFirst)?.description, .ocr, confidence)
            case "sex":
                add("sex", value.text.uppercased().first { "MFX".contains($0) }.map(String.init), .ocr, confidence)
            case "address":
                let lines = value.text.split(separator: "\n").map(String.init)
                add("street", lines.first, .ocr, confidence)
            default:
                add(value.field, value.text.uppercased(), .ocr, confidence)
            }
        }
        for field in evidence.read { candidates[field.name, default: []].append(field) }

        var fields: [DocumentField] = []
        var mismatches: [FieldMismatch] = []
        for name in candidates.keys.sorted() {
            let options = candidates[name]!.sorted { rank($0) > rank($1) }
            let chosen = options[0]
            fields.append(chosen)
            let disagreeing = options.dropFirst().filter { disagrees(chosen, $0) }
            if !disagreeing.isEmpty {
                var values = [chosen.source.rawValue: chosen.value]
                for other in disagreeing where values[other.source.rawValue] == nil { values[other.source.rawValue] = other.value }
                mismatches.append(FieldMismatch(field: name, values: values))
            }
        }
        mismatches += uncaptionedNameMismatches(fields, evidence: evidence, captioned: Set(candidates.filter { $0.value.contains { $0.source == .ocr } }.keys))
        if let birth = fields.first(where: { $0.name == "date_of_birth" }), let date = CalendarDate(iso: birth.value),
           !fields.contains(where: { $0.name == "age" }) {
            fields.append(DocumentField(name: "age", value: String(date.years(until: today)), source: .derived,
                                        confidence: birth.confidence, side: birth.side))
        }
        return (fields.sorted { $0.name < $1.name }, mismatches)
    }

    /// Names have no check digit in the MRZ, and small print misreads them
    /// (`MARTIN` as `MKZTTN`) while every check holds. Where no caption gave the
    /// printed name, a printed word of the same length and first letter that
    /// agrees on at least half its letters, and differs only where the MRZ
    /// classifier was unsure, is the same name read two ways: a mismatch for a
    /// person to look at. Where the classifier was sure, the print's OCR is the
    /// likelier one to be wrong, and nothing is flagged.
    private func uncaptionedNameMismatches(_ fields: [DocumentField], evidence: DocumentEvidence, captioned: Set<String>) -> [FieldMismatch] {
        let printed = Set(evidence.visualWords)
        guard !printed.isEmpty, let mrz = evidence.mrz, let unsure = Self.unsureNamePositions(mrz, evidence.mrzCharacterConfidence) else { return [] }
        var mismatches: [FieldMismatch] = []
        for field in fields where ["surname", "given_names"].contains(field.name) && field.source == .mrz && !captioned.contains(field.name) {
            for word in field.value.split(separator: " ").map(String.init) where word.count >= 3 && !printed.contains(word) {
                guard let offsets = unsure[word] else { continue }
                let letters = Array(word)
                let candidates = printed.filter { $0.count == letters.count && $0.first == letters.first }.compactMap { other -> (String, Int)? in
                    let differing = zip(Array(other), letters).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
                    guard differing.count * 2 <= letters.count, differing.allSatisfy(offsets.contains) else { return nil }
                    return (other, letters.count - differing.count)
                }
                if let best = candidates.max(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 > $1.0) }) {
                    mismatches.append(FieldMismatch(field: field.name, values: ["mrz": field.value, "ocr": best.0]))
                    break
                }
            }
        }
        return mismatches
    }

    /// For each word of the MRZ's name field, the offsets within it where the
    /// classifier's probability was under 0.9; nil when probabilities are unknown.
    static func unsureNamePositions(_ mrz: MRZResult, _ probabilities: [[Double]]) -> [String: Set<Int>]? {
        let slot = mrz.format.layout.name
        guard slot.line < mrz.lines.count, slot.line < probabilities.count,
              probabilities[slot.line].count == mrz.lines[slot.line].count else { return nil }
        let text = Array(mrz.lines[slot.line]), chances = probabilities[slot.line]
        var words: [String: Set<Int>] = [:]
        var start = slot.start
        let end = slot.start + slot.length
        while start < end {
            while start < end, text[start] == "<" { start += 1 }
            var stop = start
            while stop < end, text[stop] != "<" { stop += 1 }
            if stop > start {
                words[String(text[start..<stop]), default: []].formUnion((start..<stop).filter { chances[$0] < 0.9 }.map { $0 - start })
            }
            start = stop
        }
        return words
    }

    /// Check-digit-confirmed MRZ, then barcode, then the rest by confidence.
    private func rank(_ field: DocumentField) -> Double {
        switch field.source {
        case .mrz: return field.confidence >= 1 ? 4 : 1 + field.confidence
        case .barcode: return 3
        case .derived: return 2.5
        case .ocr: return field.confidence
        }
    }

    /// Different after normalising; printed text that is one character off with
    /// modest confidence is OCR noise, not a disagreement.
    private func disagrees(_ a: DocumentField, _ b: DocumentField) -> Bool {
        let left = FieldText.normalised(a.name, a.value), right = FieldText.normalised(b.name, b.value)
        guard left != right else { return false }
        let weaker = min(a.confidence, b.confidence)
        if weaker < 0.6 { return false }
        if FieldText.editDistance(left, right) <= 1 && weaker < 0.9 { return false }
        return true
    }
}

/// How field values are compared across sources.
enum FieldText {
    static func normalised(_ field: String, _ value: String) -> String {
        switch field {
        case "date_of_birth", "expiry_date", "issue_date", "release_date": return value
        default: return String(value.uppercased().filter { $0.isLetter || $0.isNumber })
        }
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        guard !x.isEmpty else { return y.count }
        guard !y.isEmpty else { return x.count }
        var previous = Array(0...y.count)
        for i in 1...x.count {
            var current = [i] + [Int](repeating: 0, count: y.count)
            for j in 1...y.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[y.count]
    }
}
