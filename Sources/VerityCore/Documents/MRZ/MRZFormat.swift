extension MRZFormat {
    /// The layout of `lines` by their count, length and document code, or nil.
    public static func detect(_ lines: [String]) -> MRZFormat? {
        guard let first = lines.first else { return nil }
        // A visa's V is read as W more often than any other letter is.
        let isVisa = first.first.map { MRZConfusions.documentCodeLookalikes[$0, default: $0] } == "V"
        switch (lines.count, first.count) {
        case (3, 30): return .td1
        case (2, 36): return isVisa ? .mrvB : .td2
        case (2, 44): return isVisa ? .mrvA : .td3
        default: return nil
        }
    }

    /// For each line, whether each position's character is confirmed once
    /// every check digit holds: the checked fields and their check digits, and
    /// the issuing state and nationality (checked against the code list). Names
    /// and unchecked optional data are not. Labels for training glyphs cut from
    /// real scans come only from confirmed positions (`VerityBench mrz-glyphs`).
    public var confirmedPositions: [[Bool]] {
        let layout = layout
        var confirmed = (0..<lineCount).map { _ in [Bool](repeating: false, count: lineLength) }
        var slots = [layout.documentNumber, layout.documentNumberCheck, layout.dateOfBirth, layout.dateOfBirthCheck,
                     layout.expiryDate, layout.expiryDateCheck, layout.issuingState, layout.nationality]
        if let check = layout.optionalData1Check, let data = layout.optionalData1 { slots += [data, check] }
        if let composite = layout.composite { slots.append(composite) }
        for slot in slots {
            for position in slot.start..<(slot.start + slot.length) { confirmed[slot.line][position] = true }
        }
        return confirmed
    }

    /// Where each field sits. Positions are zero-based `(line, start, length)`.
    var layout: MRZLayout {
        switch self {
        case .td1: .td1
        case .td2: .twoLine(length: 36, composite: true)
        case .td3: .twoLine(length: 44, composite: true)
        case .mrvA: .twoLine(length: 44, composite: false)
        case .mrvB: .twoLine(length: 36, composite: false)
        }
    }
}

/// What a field may hold, which decides how recognition errors are repaired.
enum MRZCharacterClass: Sendable {
    case digits, letters, alphanumeric, name, sex, checkDigit
}

/// One field of an MRZ layout.
struct MRZSlot: Sendable {
    let line: Int
    let start: Int
    let length: Int
    let characterClass: MRZCharacterClass
}

/// A check digit and the slots it covers, in order.
struct MRZCheckSlot: Sendable {
    let name: String
    let digit: MRZSlot
    let covers: [MRZSlot]
}

struct MRZLayout: Sendable {
    let documentCode: MRZSlot
    let issuingState: MRZSlot
    let name: MRZSlot
    let documentNumber: MRZSlot
    let documentNumberCheck: MRZSlot
    let nationality: MRZSlot
    let dateOfBirth: MRZSlot
    let dateOfBirthCheck: MRZSlot
    let sex: MRZSlot
    let expiryDate: MRZSlot
    let expiryDateCheck: MRZSlot
    let optionalData1: MRZSlot?
    let optionalData1Check: MRZSlot?
    let optionalData2: MRZSlot?
    let composite: MRZSlot?
    let compositeCovers: [MRZSlot]

    static let td1 = MRZLayout(
        documentCode: MRZSlot(line: 0, start: 0, length: 2, characterClass: .letters),
        issuingState: MRZSlot(line: 0, start: 2, length: 3, characterClass: .letters),
        name: MRZSlot(line: 2, start: 0, length: 30, characterClass: .name),
        documentNumber: MRZSlot(line: 0, start: 5, length: 9, characterClass: .alphanumeric),
        documentNumberCheck: MRZSlot(line: 0, start: 14, length: 1, characterClass: .checkDigit),
        nationality: MRZSlot(line: 1, start: 15, length: 3, characterClass: .letters),
        dateOfBirth: MRZSlot(line: 1, start: 0, length: 6, characterClass: .digits),
        dateOfBirthCheck: MRZSlot(line: 1, start: 6, length: 1, characterClass: .checkDigit),
        sex: MRZSlot(line: 1, start: 7, length: 1, characterClass: .sex),
        expiryDate: MRZSlot(line: 1, start: 8, length: 6, characterClass: .digits),
        expiryDateCheck: MRZSlot(line: 1, start: 14, length: 1, characterClass: .checkDigit),
        optionalData1: MRZSlot(line: 0, start: 15, length: 15, characterClass: .alphanumeric),
        optionalData1Check: nil,
        optionalData2: MRZSlot(line: 1, start: 18, length: 11, characterClass: .alphanumeric),
        composite: MRZSlot(line: 1, start: 29, length: 1, characterClass: .checkDigit),
        compositeCovers: [
            MRZSlot(line: 0, start: 5, length: 25, characterClass: .alphanumeric),
            MRZSlot(line: 1, start: 0, length: 7, characterClass: .alphanumeric),
            MRZSlot(line: 1, start: 8, length: 7, characterClass: .alphanumeric),
            MRZSlot(line: 1, start: 18, length: 11, characterClass: .alphanumeric),
        ]
    )

    /// TD2, TD3 and the visas share one shape: names on line 1, numbers on line 2.
    static func twoLine(length: Int, composite: Bool) -> MRZLayout {
                // The optional data runs to the composite digit (TD2) or to the end (visas).
        let optional = MRZSlot(line: 1, start: 28, length: composite ? length - 29 : length - 28,
                               characterClass: .alphanumeric)
        // TD3 checks its personal number; TD2 and the visas do not.
        let checkedOptional = composite && length == 44
        return MRZLayout(
            documentCode: MRZSlot(line: 0, start: 0, length: 2, characterClass: .letters),
            issuingState: MRZSlot(line: 0, start: 2, length: 3, characterClass: .letters),
            name: MRZSlot(line: 0, start: 5, length: length - 5, characterClass: .name),
            documentNumber: MRZSlot(line: 1, start: 0, length: 9, characterClass: .alphanumeric),
            documentNumberCheck: MRZSlot(line: 1, start: 9, length: 1, characterClass: .checkDigit),
            nationality: MRZSlot(line: 1, start: 10, length: 3, characterClass: .letters),
            dateOfBirth: MRZSlot(line: 1, start: 13, length: 6, characterClass: .digits),
            dateOfBirthCheck: MRZSlot(line: 1, start: 19, length: 1, characterClass: .checkDigit),
            sex: MRZSlot(line: 1, start: 20, length: 1, characterClass: .sex),
            expiryDate: MRZSlot(line: 1, start: 21, length: 6, characterClass: .digits),
            expiryDateCheck: MRZSlot(line: 1, start: 27, length: 1, characterClass: .checkDigit),
            optionalData1: checkedOptional ? MRZSlot(line: 1, start: 28, length: 14, characterClass: .alphanumeric) : optional,
            optionalData1Check: checkedOptional ? MRZSlot(line: 1, start: 42, length: 1, characterClass: .checkDigit) : nil,
            optionalData2: nil,
            composite: composite ? MRZSlot(line: 1, start: length - 1, length: 1, characterClass: .checkDigit) : nil,
            compositeCovers: composite ? [
                MRZSlot(line: 1, start: 0, length: 10, characterClass: .alphanumeric),
                MRZSlot(line: 1, start: 13, length: 7, characterClass: .alphanumeric),
                MRZSlot(line: 1, start: 21, length: length - 22, characterClass: .alphanumeric),
            ] : []
        )
    }
}
