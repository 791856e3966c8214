extension AAMVALicense {
    /// Reads a raw payload into the cardholder's fields.
    public static func parse(_ bytes: [UInt8]) throws(VerityError) -> AAMVALicense {
        let payload = try AAMVAPayloadReader.read(bytes)
        guard let card = payload.cardSubfile else {
            throw VerityError.invalid("barcode", "The AAMVA payload holds no DL or ID subfile.")
        }
        var warnings = payload.warnings
        let country = card["DCG"].flatMap { $0.isEmpty ? nil : $0 }
        let dates = AAMVADateReader(country: country, version: payload.version)
        func date(_ id: String) -> CalendarDate? {
            guard let text = card[id], !text.isEmpty else { return nil }
            guard let date = dates.read(text) else {
                warnings.append("\(id) is not a date")
                return nil
            }
            return date
        }
        let names = AAMVANames(card)
        return AAMVALicense(
            documentType: card.type,
            version: payload.version,
            issuerIdentificationNumber: payload.issuerIdentificationNumber,
            customerId: card.nonEmpty("DAQ"),
            familyName: names.family,
            firstName: names.first,
            middleNames: names.middle,
            dateOfBirth: date("DBB"),
            issueDate: date("DBD"),
            expiryDate: date("DBA"),
            sex: sex(card["DBC"]),
            eyeColor: card.nonEmpty("DAY"),
            height: card.nonEmpty("DAU"),
            street: card.nonEmpty("DAG"),
            street2: card.nonEmpty("DAH"),
            city: card.nonEmpty("DAI"),
            jurisdiction: card.nonEmpty("DAJ"),
            postalCode: card.nonEmpty("DAK").map(postalCode),
            country: country,
            documentDiscriminator: card.nonEmpty("DCF"),
            vehicleClass: card.nonEmpty("DCA"),
            restrictions: card.nonEmpty("DCB"),
            endorsements: card.nonEmpty("DCD"),
            complianceType: card.nonEmpty("DDA"),
            familyNameTruncation: truncation(card["DDE"]),
            firstNameTruncation: truncation(card["DDF"]),
            middleNameTruncation: truncation(card["DDG"]),
            elements: card.elements,
            warnings: warnings
        )
    }

    static func sex(_ text: String?) -> Sex {
        switch text?.uppercased() {
        case "1", "M": .male
        case "2", "F": .female
        default: .unspecified
        }
    }

    static func truncation(_ text: String?) -> Truncation {
        switch text?.uppercased() {
        case "T": .truncated
        case "N": .notTruncated
        default: .unknown
        }
    }

    /// US ZIP+4 is printed as 9 digits, often padded with zeros or spaces.
    static func postalCode(_ text: String) -> String {
        let trimmed = text.trimmingSpaces
        let digits = trimmed.filter(\.isNumber)
        guard digits.count == trimmed.count else { return trimmed }
        if digits.count == 9 {
            return digits.hasSuffix("0000") ? String(digits.prefix(5)) : "\(digits.prefix(5))-\(digits.suffix(4))"
        }
        return digits
    }
}

extension AAMVASubfile {
    func nonEmpty(_ id: String) -> String? {
        guard let value = self[id], !value.isEmpty, value.uppercased() != "NONE" else { return nil }
        return value
    }
}

/// Names across versions: DCS/DAC/DAD (v3+), DCS/DCT (v2), DAA/DAB/DAC/DAD (v1).
struct AAMVANames {
    let family: String?
    let first: String?
    let middle: String?

    init(_ card: AAMVASubfile) {
        var family = card.nonEmpty("DCS") ?? card.nonEmpty("DAB")
        var first = card.nonEmpty("DAC")
        var middle = card.nonEmpty("DAD")
        if first == nil, let given = card.nonEmpty("DCT") {
            let parts = given.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
            first = parts.first
            if middle == nil, parts.count > 1 { middle = parts.dropFirst().joined(separator: " ") }
        }
        if family == nil || first == nil, let full = card.nonEmpty("DAA") {
            // "FAMILY,FIRST,MIDDLE" or "FAMILY$FIRST$MIDDLE"
            let parts = full.split(whereSeparator: { $0 == "," || $0 == "$" }).map { String($0).trimmingSpaces }
            family = family ?? parts.first
            first = first ?? (parts.count > 1 ? parts[1] : nil)
            middle = middle ?? (parts.count > 2 ? parts[2...].joined(separator: " ") : nil)
        }
        self.family = family
        self.first = first
        self.middle = middle
    }
}

/// US cards print MMDDCCYY, Canadian cards CCYYMMDD; version 1 files used either.
struct AAMVADateReader {
    let country: String?
    let version: Int

    func read(_ text: String) -> CalendarDate? {
        let digits = text.filter(\.isNumber)
        guard digits.count == 8, let value = Int(digits) else { return nil }
        let mmddccyy = CalendarDate(year: value % 10_000, month: value / 1_000_000, day: value / 10_000 % 100)
        let ccyymmdd = CalendarDate(year: value / 10_000, month: value / 100 % 100, day: value % 100)
        if country == "CAN" { return ccyymmdd ?? mmddccyy }
        if country == "USA" { return mmddccyy ?? ccyymmdd }
        return version <= 1 ? ccyymmdd ?? mmddccyy : mmddccyy ?? ccyymmdd
    }
}
