/// Parses the machine readable zone of passports, ID cards and visas (ICAO 9303).
public struct MRZParser: Sendable {
    /// The day that decides two-digit years' centuries.
    public let today: CalendarDate

    public init(today: CalendarDate) {
        self.today = today
    }

    /// Parses `lines` (spaces are ignored, letters are upper-cased), repairing
    /// recognition errors first. Throws `INVALID_INPUT` (field `mrz`) when the
    /// lines match no ICAO layout. `alternatives` are, per line and position,
    /// other characters a recogniser found plausible there; a check digit may
    /// choose one of them.
    public func parse(_ rawLines: [String], alternatives: [[[Character]]]? = nil) throws(VerityError) -> MRZResult {
        let lines = rawLines.map { $0.uppercased().filter { !$0.isWhitespace } }.filter { !$0.isEmpty }
        guard let format = MRZFormat.detect(lines), lines.allSatisfy({ $0.count == format.lineLength }) else {
            let shape = lines.map { String($0.count) }.joined(separator: "+")
            throw VerityError.invalid("mrz", "An MRZ has 3 lines of 30 (TD1), or 2 lines of 36 (TD2, MRV-B) or 44 (TD3, MRV-A) characters; got \(lines.count) lines of \(shape).")
        }
        if let bad = lines.joined().first(where: { MRZCheckDigit.value(of: $0) == nil && !$0.isLetter && !$0.isNumber }) {
            throw VerityError.invalid("mrz", "An MRZ holds only A-Z, 0-9 and <; found \"\(bad)\".")
        }
        let usable = alternatives.flatMap { $0.count == lines.count && zip($0, lines).allSatisfy { $0.count == $1.count } ? $0 : nil }
        var repair = MRZRepair(lines: lines, layout: format.layout, alternatives: usable)
        repair.run()
        return read(format: format, repair: repair)
    }

    private func read(format: MRZFormat, repair: MRZRepair) -> MRZResult {
        let layout = format.layout
        func text(_ slot: MRZSlot) -> String { String(repair.characters(of: [slot])) }
        func trimmed(_ slot: MRZSlot?) -> String { slot.map { MRZText.fillersToSpaces(text($0)) } ?? "" }

        var documentNumber = text(layout.documentNumber)
        var numberCheckDigit = text(layout.documentNumberCheck)
        var numberCovers = documentNumber
        var optional1 = trimmed(layout.optionalData1)
        // TD1 numbers longer than 9 characters continue in the optional data,
        // their check digit after the last character (ICAO 9303 part 5, note j).
        if format == .td1, numberCheckDigit == "<", let overflow = layout.optionalData1 {
            let rest = text(overflow).prefix { $0 != "<" }
            if rest.count >= 2 {
                numberCovers = documentNumber + rest.dropLast()
                documentNumber = numberCovers
                numberCheckDigit = String(rest.last!)
                optional1 = MRZText.fillersToSpaces(String(text(overflow).dropFirst(rest.count)))
            }
        }

        var checks = [check("documentNumber", numberCheckDigit, numberCovers)]
        checks.append(check("dateOfBirth", text(layout.dateOfBirthCheck), text(layout.dateOfBirth)))
        checks.append(check("expiryDate", text(layout.expiryDateCheck), text(layout.expiryDate)))
        if let optional = layout.optionalData1, let digit = layout.optionalData1Check {
            checks.append(check("personalNumber", text(digit), text(optional)))
        }
        if let composite = layout.composite {
            checks.append(check("composite", text(composite), String(repair.characters(of: layout.compositeCovers))))
        }

        let (surname, givenNames) = MRZText.names(text(layout.name))
        let issuingState = text(layout.issuingState)
        let nationality = text(layout.nationality)
        return MRZResult(
            format: format,
            lines: repair.lines.map { String($0) },
            documentCode: MRZText.fillersToSpaces(text(layout.documentCode)),
            issuingState: MRZText.fillersToSpaces(issuingState),
            documentNumber: MRZText.fillersToSpaces(documentNumber),
            surname: surname,
            givenNames: givenNames,
            nationality: MRZText.fillersToSpaces(nationality),
            dateOfBirth: CalendarDate.fromYYMMDD(text(layout.dateOfBirth), kind: .past, today: today),
            sex: MRZSex(rawValue: text(layout.sex)) ?? .unspecified,
            expiryDate: CalendarDate.fromYYMMDD(text(layout.expiryDate), kind: .future, today: today),
            optionalData1: optional1,
            optionalData2: trimmed(layout.optionalData2),
            checks: checks,
            valid: checks.allSatisfy(\.valid),
            corrections: repair.corrections,
            issuingStateKnown: ICAOCountryCode.isKnown(issuingState),
            nationalityKnown: ICAOCountryCode.isKnown(nationality)
        )
    }

    private func check(_ name: String, _ digit: String, _ covers: String) -> MRZCheck {
        let character = digit.first ?? "?"
        return MRZCheck(
            name: name,
            printed: digit,
            computed: MRZCheckDigit.compute(covers),
            valid: MRZCheckDigit.confirms(character, covers)
        )
    }
}

/// Text conventions of the MRZ.
enum MRZText {
    /// `SMITH<<JOHN<PAUL<<<` → ("SMITH", "JOHN PAUL").
    static func names(_ field: String) -> (String, String) {
        let characters = Array(field)
        guard let split = characters.indices.dropLast().first(where: { characters[$0] == "<" && characters[$0 + 1] == "<" }) else {
            return (fillersToSpaces(field), "")
        }
        return (fillersToSpaces(String(characters[..<split])), fillersToSpaces(String(characters[(split + 2)...])))
    }

    static func fillersToSpaces(_ text: String) -> String {
        text.split(separator: "<", omittingEmptySubsequences: true).joined(separator: " ")
    }
}
