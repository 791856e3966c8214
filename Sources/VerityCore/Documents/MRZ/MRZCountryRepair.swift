/// The issuing state and nationality have no check digit, so a misread there
/// stands: `HLD` for NLD, `RLT` for MLT. A code that is no ICAO code is
/// repaired to the one known code a likely misreading gives, and left as read
/// (the report then flags the country for review) when no code is sure.
extension MRZRepair {
    mutating func repairCountryCodes() {
        let slots = [layout.issuingState, layout.nationality]
        for (index, slot) in slots.enumerated() {
            let read = Array(characters(of: [slot]))
            guard !ICAOCountryCode.isKnown(String(read)) else { continue }
            let other = String(characters(of: [slots[1 - index]]))
            guard let repaired = Self.countryCode(for: read, seen: recognisedAlternatives(slot), other: other) else { continue }
            for (offset, character) in repaired.enumerated() where character != read[offset] {
                set(slot.line, slot.start + offset, character, .countryCode)
            }
        }
    }

    /// What the recogniser thought each character of `slot` might also be.
    func recognisedAlternatives(_ slot: MRZSlot) -> [[Character]] {
        (slot.start..<(slot.start + slot.length)).map { position in
            recognised.indices.contains(slot.line) && recognised[slot.line].indices.contains(position) ? recognised[slot.line][position] : []
        }
    }

    /// The known code `read` most likely is, or nil when none is sure. In order:
    /// the other field's code when one character apart (a nationality is most
    /// often the issuing state); the one code the recogniser's own second
    /// choices give with fewest changes; the one code one OCR-B lookalike gives.
    static func countryCode(for read: [Character], seen: [[Character]], other: String) -> [Character]? {
        let otherCode = Array(other)
        if ICAOCountryCode.isKnown(other), otherCode.count == read.count,
           zip(read, otherCode).filter({ $0 != $1 }).count == 1 {
            return otherCode
        }
        for changes in 1...read.count {
            let found = codes(from: read, options: seen, changes: changes)
            if found.count == 1 { return found.first }
            if found.count > 1 { break }
        }
        let lookalike = codes(from: read, options: read.map { lookalikes[$0] ?? [] }, changes: 1)
        return lookalike.count == 1 ? lookalike.first : nil
    }

    /// The known codes `read` becomes with exactly `changes` characters replaced by one of their options.
    static func codes(from read: [Character], options: [[Character]], changes: Int) -> Set<[Character]> {
        var found = Set<[Character]>()
        func walk(_ position: Int, _ left: Int, _ code: [Character]) {
            if left == 0 {
                if ICAOCountryCode.isKnown(String(code)) { found.insert(code) }
                return
            }
            guard position < code.count else { return }
            walk(position + 1, left, code)
            for option in options.indices.contains(position) ? options[position] : [] where option != code[position] {
                var next = code
                next[position] = option
                walk(position + 1, left - 1, next)
            }
        }
        walk(0, changes, read)
        return found
    }

    /// Characters of OCR-B that misread as each other in a letters-only field.
    static let lookalikes: [Character: [Character]] = {
        let pairs: [(Character, Character)] = [
            ("D", "O"), ("D", "B"), ("O", "Q"), ("O", "C"), ("C", "G"), ("H", "N"), ("M", "N"), ("M", "H"), ("W", "N"),
            ("W", "V"), ("V", "Y"), ("U", "V"), ("E", "F"), ("P", "R"), ("P", "F"), ("R", "B"), ("K", "X"), ("I", "L"),
            ("I", "T"), ("I", "J"), ("S", "5"), ("Z", "2"), ("G", "6"), ("A", "4"), ("B", "8"), ("D", "3"), ("B", "3"),
            ("O", "0"), ("D", "0"), ("I", "1"), ("L", "1"), ("E", "3"), ("G", "Q"),
        ]
        var table: [Character: [Character]] = [:]
        for (a, b) in pairs {
            table[a, default: []].append(b)
            table[b, default: []].append(a)
        }
        return table
    }()
}
