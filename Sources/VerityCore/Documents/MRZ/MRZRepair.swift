/// Repairs recognition errors in an MRZ using what each field may hold and its
/// check digits. It never invents a value: a change is made only when the field
/// type forbids the character read, or when exactly one smallest change makes a
/// check digit confirm its field.
struct MRZRepair {
    private(set) var lines: [[Character]]
    private(set) var corrections: [MRZCorrection] = []
    let layout: MRZLayout
    /// What the recogniser thought each character might also be, by line and position.
    let recognised: [[[Character]]]

    init(lines: [String], layout: MRZLayout, alternatives: [[[Character]]]? = nil) {
        self.lines = lines.map(Array.init)
        self.layout = layout
        recognised = alternatives ?? lines.map { [[Character]](repeating: [], count: $0.count) }
    }

    mutating func run() {
        repairFieldTypes()
        repairNameFillers()
        repairChecked(layout.documentNumber, check: layout.documentNumberCheck)
        repairChecked(layout.dateOfBirth, check: layout.dateOfBirthCheck)
        repairChecked(layout.expiryDate, check: layout.expiryDateCheck)
        if let optional = layout.optionalData1, let check = layout.optionalData1Check {
            repairChecked(optional, check: check)
        }
        repairComposite()
        repairUncheckedFillers()
        repairCountryCodes()
    }

    // MARK: Field types

    private mutating func repairFieldTypes() {
        let slots: [MRZSlot] = [
            layout.documentCode, layout.issuingState, layout.nationality, layout.dateOfBirth, layout.dateOfBirthCheck,
            layout.sex, layout.expiryDate, layout.expiryDateCheck, layout.documentNumberCheck, layout.name,
        ] + [layout.optionalData1Check, layout.composite].compactMap { $0 }
        let code = lines[layout.documentCode.line][layout.documentCode.start]
        if !"ACIPV".contains(code), let known = MRZConfusions.documentCodeLookalikes[code] {
            set(layout.documentCode.line, layout.documentCode.start, known, .fieldType)
        }
        for slot in slots {
            for position in slot.start..<(slot.start + slot.length) {
                let character = lines[slot.line][position]
                if let replacement = typeRepair(character, slot.characterClass, position: position - slot.start) {
                    set(slot.line, position, replacement, .fieldType)
                }
            }
        }
    }

    private func typeRepair(_ character: Character, _ characterClass: MRZCharacterClass, position: Int) -> Character? {
        switch characterClass {
        case .digits:
            return MRZConfusions.letterToDigit[character]
        case .checkDigit:
            if MRZConfusions.fillerLookalikes.contains(character) && character != "S" && character != "L" { return "<" }
            return MRZConfusions.letterToDigit[character]
        case .letters:
            // The issuing state and nationality may hold fillers ("D<<").
            if character.isNumber { return MRZConfusions.digitToLetter[character] }
            return nil
        case .name:
            return character.isNumber ? MRZConfusions.digitToLetter[character] ?? "<" : nil
        case .sex:
            if "MFX<".contains(character) { return nil }
            if character == "H" || character == "N" { return "M" }
            if character == "E" || character == "P" { return "F" }
            return MRZConfusions.fillerLookalikes.contains(character) ? "<" : nil
        case .alphanumeric:
            return nil
        }
    }

    // MARK: Name fillers

    /// ICAO names never hold three fillers in a row, so everything after the first
    /// `<<<` is filler; a letter between two fillers at the end is one too.
    private mutating func repairNameFillers() {
        let slot = layout.name
        let range = slot.start..<(slot.start + slot.length)
        let text = lines[slot.line][range]
        guard let firstRun = findRun(of: 3, in: Array(text)) else {
            repairTrailingLookalikes(slot)
            return
        }
        for position in (slot.start + firstRun)..<range.upperBound where lines[slot.line][position] != "<" {
            set(slot.line, position, "<", .filler)
        }
    }

    /// `JOHN<<K<` at the end of a short field: a lookalike with fillers on both sides
    /// after the given names have started.
    private mutating func repairTrailingLookalikes(_ slot: MRZSlot) {
        let end = slot.start + slot.length
        var position = end - 1
        while position > slot.start, lines[slot.line][position] == "<" || MRZConfusions.fillerLookalikes.contains(lines[slot.line][position]) {
            position -= 1
        }
        // position is the last real letter; from there on, only fillers and lookalikes.
        let tail = (position + 1)..<end
        guard tail.count >= 3, lines[slot.line][tail].filter({ $0 == "<" }).count * 2 >= tail.count else { return }
        for index in tail where lines[slot.line][index] != "<" && index > tail.lowerBound {
            set(slot.line, index, "<", .filler)
        }
    }

    private func findRun(of length: Int, in characters: [Character]) -> Int? {
        var run = 0
        for (index, character) in characters.enumerated() {
            run = character == "<" ? run + 1 : 0
            if run == length { return index - length + 1 }
        }
        return nil
    }

    // MARK: Check digits

    private mutating func repairChecked(_ field: MRZSlot, check: MRZSlot) {
        let digit = lines[check.line][check.start]
        if MRZCheckDigit.confirms(digit, characters(of: [field])) { return }
        let positions = (field.start..<(field.start + field.length)).map { (field.line, $0) }
        let accepts: ([Character]) -> Bool = { MRZCheckDigit.confirms(digit, $0) }
        if let change = uniqueSmallestChange(positions: positions, classOf: field.characterClass, accepts: accepts) {
            for (line, position, character) in change { set(line, position, character, .checkDigit) }
            return
        }
        // The check digit itself may be the misread character: one the recogniser
        // also saw there, and the only one, that confirms the field as read.
        let field = characters(of: [field])
        let seen = check.line < recognised.count && check.start < recognised[check.line].count ? recognised[check.line][check.start] : []
        let confirming = seen.filter { $0 != digit && MRZCheckDigit.confirms($0, field) }
        if confirming.count == 1 { set(check.line, check.start, confirming[0], .checkDigit) }
    }

    private mutating func repairComposite() {
        guard let composite = layout.composite else { return }
        let digit = lines[composite.line][composite.start]
        if MRZCheckDigit.confirms(digit, characters(of: layout.compositeCovers)) { return }
        // Only fields without a check digit of their own are left to the composite.
        let unchecked = [layout.optionalData2, layout.optionalData1Check == nil ? layout.optionalData1 : nil].compactMap { $0 }
        var positions: [(Int, Int)] = []
        for slot in unchecked { positions += (slot.start..<(slot.start + slot.length)).map { (slot.line, $0) } }
        let covers = layout.compositeCovers
        let lineSnapshot = lines
        let accepts: ([Character]) -> Bool = { candidate in
            var trial = lineSnapshot
            for (index, (line, position)) in positions.enumerated() { trial[line][position] = candidate[index] }
            let text = covers.flatMap { trial[$0.line][$0.start..<($0.start + $0.length)] }
            return MRZCheckDigit.confirms(digit, text)
        }
        if let change = uniqueSmallestChange(positions: positions, classOf: .alphanumeric, accepts: accepts) {
            for (line, position, character) in change { set(line, position, character, .checkDigit) }
        }
    }

    /// The single smallest set of substitutions (at most two) accepted by `accepts`;
    /// nil when there is none or when two different changes of the same size are
    /// accepted. What a recogniser saw at a position is tried before what OCR-B
    /// lookalikes suggest: two readers agreeing outweigh a table of confusions.
    private func uniqueSmallestChange(positions: [(Int, Int)], classOf characterClass: MRZCharacterClass,
                                      accepts: ([Character]) -> Bool) -> [(Int, Int, Character)]? {
        let original = positions.map { lines[$0.0][$0.1] }
        let seen: [[Character]] = positions.indices.map { index in
            let (line, position) = positions[index]
            let options = line < recognised.count && position < recognised[line].count ? recognised[line][position] : []
            // Digit-only fields were settled by their type: a digit is swapped for
            // another only when the recogniser itself saw that digit there.
            return options.filter { $0 != original[index] && (characterClass != .digits || $0.isNumber) }
        }
        if let change = uniqueSmallestChange(original: original, positions: positions, options: seen, accepts: accepts) {
            return change
        }
        guard characterClass != .digits else { return nil }
        let lookalikes: [[Character]] = positions.indices.map { index in
            var options = MRZConfusions.alternatives(of: original[index])
            for other in seen[index] where !options.contains(other) { options.append(other) }
            return options
        }
        return uniqueSmallestChange(original: original, positions: positions, options: lookalikes, accepts: accepts)
    }

    private func uniqueSmallestChange(original: [Character], positions: [(Int, Int)], options: [[Character]],
                                      accepts: ([Character]) -> Bool) -> [(Int, Int, Character)]? {
        for size in 1...2 {
            var found: [[(Int, Character)]] = []
            enumerate(size: size, from: 0, options: options, chosen: []) { chosen in
                var candidate = original
                for (index, character) in chosen { candidate[index] = character }
                if accepts(candidate) { found.append(chosen) }
                return found.count < 2
            }
            if found.count == 1 {
                return found[0].map { (positions[$0.0].0, positions[$0.0].1, $0.1) }
            }
            if found.count > 1 { return nil }
        }
        return nil
    }

    /// Calls `visit` with every choice of `size` positions and one alternative each; stops when it returns false.
    @discardableResult
    private func enumerate(size: Int, from start: Int, options: [[Character]], chosen: [(Int, Character)],
                           visit: ([(Int, Character)]) -> Bool) -> Bool {
        if chosen.count == size { return visit(chosen) }
        guard start < options.count else { return true }
        for index in start..<options.count {
            for alternative in options[index] {
                if !enumerate(size: size, from: index + 1, options: options, chosen: chosen + [(index, alternative)], visit: visit) {
                    return false
                }
            }
        }
        return true
    }

    // MARK: Helpers

    func characters(of slots: [MRZSlot]) -> [Character] {
        slots.flatMap { lines[$0.line][$0.start..<($0.start + $0.length)] }
    }

    mutating func setFiller(_ line: Int, _ position: Int) {
        set(line, position, "<", .filler)
    }

    mutating func set(_ line: Int, _ position: Int, _ character: Character, _ reason: MRZCorrection.Reason) {
        let old = lines[line][position]
        guard old != character else { return }
        lines[line][position] = character
        corrections.append(MRZCorrection(line: line + 1, position: position + 1, from: String(old), to: String(character), reason: reason))
    }
}
