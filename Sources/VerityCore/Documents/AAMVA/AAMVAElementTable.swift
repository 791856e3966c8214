/// The data elements of the AAMVA DL/ID card design standard, versions 1–10,
/// with what each value may look like. A payload whose separators a scanner
/// stripped (keyboard wedges, many mobile SDKs) is cut back into elements by
/// these shapes: `DAADOE,JOHNDAG5929 N ROCK ST…` is DAA + DAG, not one value.
enum AAMVAElementTable {
    enum Shape {
        /// Eight digits: MMDDCCYY (US) or CCYYMMDD (Canada).
        case date
        /// 1 male, 2 female, 9 not specified (and M/F in older files).
        case sex
        /// A person's name: letters, spaces, commas, hyphens, apostrophes, periods.
        case name
        /// Inches or centimetres: `069 IN`, `175 cm`, `510` (v1: feet and inches).
        case height
        /// Weight in pounds or kilograms, or a weight range digit.
        case weight
        /// Three-letter colour codes (BLK, BLU, BRO, …).
        case colour
        /// Two letters: a US state, a Canadian province.
        case region
        /// US ZIP (5 or 9 digits, space-padded) or a Canadian postal code.
        case postalCode
        /// USA or CAN.
        case country
        /// A single flag: T/N/U (truncation), F/N (compliance), 1 (donor, veteran).
        case flag
        /// Free text (numbers, addresses, codes).
        case text
    }

    struct Entry {
        let shape: Shape
        let maximumLength: Int
    }

    static let entries: [String: Entry] = {
        var table: [String: Entry] = [:]
        func add(_ ids: String, _ shape: Shape, _ length: Int) {
            for id in ids.split(separator: " ") { table[String(id)] = Entry(shape: shape, maximumLength: length) }
        }
        add("DBA DBB DBD DBL DDB DDC DDH DDI DDJ DBE", .date, 8)
        add("DBC", .sex, 1)
        add("DAA", .name, 125)
        add("DAB DAC DAD DAE DAF DCS DCT DCU DBN DBG DBS DBO DBP DBQ DBR", .name, 45)
        add("DAU DAV", .height, 7)
        add("DAW DAX DCE", .weight, 4)
        add("DAY DAZ", .colour, 12)
        add("DAJ DAO", .region, 2)
        add("DAK DAP", .postalCode, 11)
        add("DCG", .country, 3)
        add("DDE DDF DDG DDA DDD DDK DDL DBH DBI", .flag, 1)
        add("DAG DAH DAL DAM DAI DAN", .text, 35)
        add("DAQ DCF DCK DBJ DBK DBM DBF DCJ DCI DCL DCM DCN DCO DCP DCQ DCR DCH DAR DAS DAT DCA DCB DCD", .text, 50)
        add("PAA PAB PAC PAD PAE PAF", .text, 20)
        return table
    }()

    static func isKnown(_ id: String) -> Bool { entries[id] != nil }

    /// The elements nearly every card carries (the standard's mandatory ones and
    /// version 1's names, class, restrictions and endorsements). A cut into a rare element needs its value's shape to
    /// speak for it: "ADAMS" holds DAM (an address line), but stays a name.
    static let common: Set<String> = Set("""
    DCA DCB DCD DBA DCS DAC DAD DBD DBB DBC DAY DAU DAG DAH DAI DAJ DAK DAQ DCF DCG DDE DDF DDG DAA DAB DCT DDA DDB DCK DAW DAZ
    DAR DAS DAT
    """.split(whereSeparator: \.isWhitespace).map(String.init))

    /// How well `value` fits element `id`: positive when it looks right, negative
    /// when it cannot be that element's value; rare elements start lower.
    static func fit(_ id: String, _ value: String) -> Int {
        shapeFit(id, value) + (common.contains(id) ? 1 : -2)
    }

    /// Whether `value` could be element `id`'s: empty (many issuers leave
    /// elements blank) or of its shape. Unknown elements are not judged.
    static func fitsItsShape(_ id: String, _ value: String) -> Bool {
        entries[id] == nil || value.trimmingSpaces.isEmpty || shapeFit(id, value) > 0
    }

    private static func shapeFit(_ id: String, _ value: String) -> Int {
        guard let entry = entries[id] else { return -4 }
        let trimmed = value.trimmingSpaces
        // Trimmed: issuers pad values with spaces, and a scanner may turn separators into spaces.
        guard trimmed.count <= entry.maximumLength else { return -6 }
        if trimmed.isEmpty { return -2 }
        let upper = trimmed.uppercased()
        switch entry.shape {
        case .date: return trimmed.count == 8 && trimmed.allSatisfy(\.isASCIIDigit) ? 4 : -6
        case .sex: return ["1", "2", "9", "M", "F"].contains(trimmed) ? 3 : -6
        case .name: return trimmed.allSatisfy { $0.isLetter || " ,-'.".contains($0) } ? 2 : -4
        case .height:
            let digits = upper.prefix { $0.isASCIIDigit }
            let unit = upper.dropFirst(digits.count).trimmingCharacters(in: " ")
            return (2...3).contains(digits.count) && ["", "IN", "CM", "\"", "'"].contains(unit) ? 3 : -5
        case .weight: return (1...3).contains(trimmed.count) && trimmed.allSatisfy(\.isASCIIDigit) ? 3 : -5
        case .colour: return upper.count <= 12 && upper.allSatisfy(\.isLetter) ? 2 : -5
        case .region: return trimmed.count == 2 && upper.allSatisfy(\.isLetter) ? 3 : -5
        case .postalCode:
            let compact = upper.filter { $0 != " " && $0 != "-" }
            let zip = (compact.count == 5 || compact.count == 9) && compact.allSatisfy(\.isASCIIDigit)
            let canadian = compact.count == 6 && compact.enumerated().allSatisfy { $0.offset % 2 == 0 ? $0.element.isLetter : $0.element.isASCIIDigit }
            let padded = compact.allSatisfy(\.isASCIIDigit) && (5...11).contains(compact.count)
            return zip || canadian ? 3 : padded ? 1 : -5
        case .country: return ["USA", "CAN"].contains(upper) ? 4 : -5
        case .flag: return trimmed.count == 1 ? 2 : -5
        case .text: return 1
        }
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension StringProtocol {
    func trimmingCharacters(in set: String) -> String {
        var slice = Substring(self)
        while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
