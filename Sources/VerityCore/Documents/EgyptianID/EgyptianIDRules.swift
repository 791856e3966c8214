/// What was read from an Egyptian national ID card, as text, before the card's
/// own rules are applied.
public struct EgyptianIDText: Sendable, Equatable, Codable {
    public struct Value: Sendable, Equatable, Codable {
        public var text: String
        /// 0–1.
        public var confidence: Double
        public init(_ text: String, confidence: Double) {
            self.text = text
            self.confidence = confidence
        }
    }

    public var firstName: Value?
    public var restOfName: Value?
    public var street: Value?
    /// "<police station> - <governorate>".
    public var district: Value?
    public var frontNID: Value?
    public var backNID: Value?
    public var profession: Value?
    public var gender: Value?
    public var religion: Value?
    public var maritalStatus: Value?
    public var husbandName: Value?
    /// "YYYY/MM".
    public var releaseDate: Value?
    /// "YYYY/MM/DD".
    public var expiryDate: Value?
    public var serialNumber: Value?

    public init() {}

    /// Both sides' readings in one: each field from the side that read it
    /// (the sides hold different fields; `first` wins where both have one).
    public static func merged(_ first: EgyptianIDText, _ second: EgyptianIDText) -> EgyptianIDText {
        var text = first
        text.firstName = first.firstName ?? second.firstName
        text.restOfName = first.restOfName ?? second.restOfName
        text.street = first.street ?? second.street
        text.district = first.district ?? second.district
        text.frontNID = first.frontNID ?? second.frontNID
        text.backNID = first.backNID ?? second.backNID
        text.profession = first.profession ?? second.profession
        text.gender = first.gender ?? second.gender
        text.religion = first.religion ?? second.religion
        text.maritalStatus = first.maritalStatus ?? second.maritalStatus
        text.husbandName = first.husbandName ?? second.husbandName
        text.releaseDate = first.releaseDate ?? second.releaseDate
        text.expiryDate = first.expiryDate ?? second.expiryDate
        text.serialNumber = first.serialNumber ?? second.serialNumber
        return text
    }
}

/// The card's rules: the national number's structure and its agreement with the
/// printed gender, both sides' numbers, dates that make sense, values from the
/// card's fixed vocabularies. A broken rule puts the field up for review.
public struct EgyptianIDRules: Sendable {
    public let today: CalendarDate

    public init(today: CalendarDate) {
        self.today = today
    }

    public static let genders = ["ذكر", "أنثى"]
    public static let religions = ["مسلم", "مسلمة", "مسيحي", "مسيحية", "يهودي", "يهودية"]
    public static let maritalStatuses = ["أعزب", "آنسة", "عزباء", "متزوج", "متزوجة", "مطلق", "مطلقة", "أرمل", "أرملة"]

    public func evaluate(_ text: EgyptianIDText) -> (fields: [DocumentField], flagged: [String]) {
        var fields: [DocumentField] = []
        var flagged = Set<String>()
        func add(_ name: String, _ value: String?, _ confidence: Double, _ side: DocumentSide, _ source: FieldSource = .ocr) {
            guard let value, !value.isEmpty else { return }
            fields.append(DocumentField(name: name, value: value, source: source, confidence: confidence, side: side))
        }

        // Names and address (front).
        let first = text.firstName?.text ?? "", rest = text.restOfName?.text ?? ""
        add("first_name", first, text.firstName?.confidence ?? 0, .front)
        add("full_name", [first, rest].filter { !$0.isEmpty }.joined(separator: " "),
            min(text.firstName?.confidence ?? 0, text.restOfName?.confidence ?? 0), .front)
        add("street", text.street?.text, text.street?.confidence ?? 0, .front)
        if text.street?.text.isEmpty ?? true { flagged.insert("street") }
        let (police, governorate) = district(text.district?.text ?? "")
        add("police_station", police, text.district?.confidence ?? 0, .front)
        if police.isEmpty { flagged.insert("police_station") }
        if let governorate { add("governorate", governorate, text.district?.confidence ?? 0, .front) } else { flagged.insert("governorate") }

        // National numbers on both sides.
        let front = nationalNumber(text.frontNID, side: .front, name: "front_nid", into: &fields, flagged: &flagged)
        let back = nationalNumber(text.backNID, side: .back, name: "back_nid", into: &fields, flagged: &flagged)
        if let front, let back, front.digits != back.digits { flagged.formUnion(["front_nid", "back_nid"]) }
        // The birth governorate is derived from the number: when the sides' numbers name different ones, it is unknown.
        if let front, let back, front.governorateCode != back.governorateCode { flagged.insert("birth_governorate") }
        let nid = front ?? back
        if let nid {
            let side: DocumentSide = front != nil ? .front : .back
            add("date_of_birth", nid.dateOfBirth.description, 1, side, .derived)
            add("age", String(nid.dateOfBirth.years(until: today)), 1, side, .derived)
            add("birth_governorate", nid.birthGovernorate, 1, side, .derived)
            if nid.dateOfBirth > today { flagged.insert("date_of_birth") }
        } else {
            flagged.insert("date_of_birth")
        }

        // Back: vocabularies, and gender against the number.
        let gender = text.gender.flatMap { ArabicMatching.nearest($0.text, in: Self.genders, maximumDistance: 1) }
        add("gender", gender, text.gender?.confidence ?? 0, .back)
        if gender == nil {
            // Unreadable print: the number still says it; the printed word stays up for review.
            flagged.insert("gender")
            if let nid { add("gender", nid.gender == .male ? "ذكر" : "أنثى", 1, .front, .derived) }
        }
        if let gender, let nid, (gender == "ذكر") != (nid.gender == .male) { flagged.insert("gender") }
        let religion = text.religion.flatMap { ArabicMatching.nearest($0.text, in: Self.religions, maximumDistance: 1) }
        add("religion", religion, text.religion?.confidence ?? 0, .back)
        if religion == nil { flagged.insert("religion") }
        let marital = text.maritalStatus.flatMap { ArabicMatching.nearest($0.text, in: Self.maritalStatuses, maximumDistance: 1) }
        add("marital_status", marital, text.maritalStatus?.confidence ?? 0, .back)
        if marital == nil { flagged.insert("marital_status") }
        add("husband_name", text.husbandName?.text, text.husbandName?.confidence ?? 0, .back)
        if marital == "متزوجة" && (text.husbandName?.text.isEmpty ?? true) { flagged.insert("husband_name") }
        add("profession", text.profession?.text, text.profession?.confidence ?? 0, .back)

        // Dates: a card is issued before it expires, after its holder is born, for seven years.
        let release = text.releaseDate.flatMap { yearMonth($0.text) }
        add("release_date", release.map { "\($0.year)-\($0.month < 10 ? "0" : "")\($0.month)" }, text.releaseDate?.confidence ?? 0, .back)
        let expiry = text.expiryDate.flatMap { CalendarDate(iso: $0.text.replacingSlashes) }
        add("expiry_date", expiry?.description, text.expiryDate?.confidence ?? 0, .back)
        if expiry == nil { flagged.insert("expiry_date") }
        if let release {
            let issuedLate = release.year > today.year || (release.year == today.year && release.month > today.month)
            let beforeBirth = nid.map { release.year < $0.dateOfBirth.year } ?? false
            let span = expiry.map { ($0.year - release.year) * 12 + $0.month - release.month }
            if issuedLate || beforeBirth || (span.map { $0 < 0 || $0 > 12 * 10 } ?? false) { flagged.insert("release_date") }
        } else {
            flagged.insert("release_date")
        }
        let serial = text.serialNumber?.text.uppercased().filter { $0.isLetter || $0.isNumber }
        add("serial_number", serial, text.serialNumber?.confidence ?? 0, .back)
        if !(serial.map(Self.isSerialNumber) ?? false) { flagged.insert("serial_number") }

        return (fields, flagged.sorted())
    }

    /// "قسم الدقي - الجيزة" → ("قسم الدقي", "الجيزة"), the governorate checked against the list.
    func district(_ text: String) -> (String, String?) {
        let parts = text.split(separator: "-").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
        guard let last = parts.last else { return ("", nil) }
        let names = Array(EgyptianGovernorate.arabicNames.values)
        let governorate = ArabicMatching.nearest(last, in: names, maximumDistance: 2)
        let police = parts.count > 1 ? parts.dropLast().joined(separator: " - ") : (governorate == nil ? last : "")
        return (police, governorate)
    }

    private func nationalNumber(_ value: EgyptianIDText.Value?, side: DocumentSide, name: String,
                                into fields: inout [DocumentField], flagged: inout Set<String>) -> EgyptianNationalNumber? {
        guard let value else { flagged.insert(name); return nil }
        let digits = ArabicDigits.toASCII(value.text).filter(\.isNumber)
        fields.append(DocumentField(name: name, value: digits, source: .ocr, confidence: value.confidence, side: side))
        guard let parsed = try? EgyptianNationalNumber.parse(digits) else { flagged.insert(name); return nil }
        if !parsed.checkDigitMatches { flagged.insert(name) }
        return parsed
    }

    private func yearMonth(_ text: String) -> (year: Int, month: Int)? {
        let parts = ArabicDigits.toASCII(text).split(separator: "/").compactMap { Int($0) }
        guard parts.count >= 2, (1900...2100).contains(parts[0]), (1...12).contains(parts[1]) else { return nil }
        return (parts[0], parts[1])
    }

    /// Letters then digits: two letters and seven digits on current cards.
    public static func isSerialNumber(_ text: String) -> Bool {
        let letters = text.prefix { $0.isLetter }
        let digits = text.dropFirst(letters.count)
        return (1...3).contains(letters.count) && (6...9).contains(digits.count) && digits.allSatisfy(\.isNumber)
    }
}

extension String {
    var replacingSlashes: String {
        String(ArabicDigits.toASCII(self).map { $0 == "/" ? "-" : $0 })
    }
}
