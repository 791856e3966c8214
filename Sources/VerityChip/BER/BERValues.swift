import Foundation

/// The universal types the chip's structures use, read from a `BERNode`.
extension BERNode {
    /// An OBJECT IDENTIFIER in dotted form ("2.23.136.1.1.1").
    func objectIdentifier() throws(ChipFormatError) -> String {
        guard isTag(.universal, 6), !isConstructed, !content.isEmpty, content.count <= 64 else {
            throw ChipFormatError("an object identifier was expected")
        }
        var arcs: [UInt64] = []
        var value: UInt64 = 0
        for byte in content {
            guard value < (1 << 56) else { throw ChipFormatError("an object identifier's arc is too large") }
            value = value << 7 | UInt64(byte & 0x7F)
            if byte & 0x80 == 0 {
                arcs.append(value)
                value = 0
            }
        }
        guard content.last.map({ $0 & 0x80 == 0 }) == true, let first = arcs.first else {
            throw ChipFormatError("an object identifier is cut short")
        }
        let head = first < 80 ? [first / 40, first % 40] : [2, first - 80]
        return (head + arcs.dropFirst()).map(String.init).joined(separator: ".")
    }

    /// An INTEGER's magnitude, big-endian without leading zeros; negative
    /// numbers are refused (no field the chip's structures read is negative).
    func unsignedInteger() throws(ChipFormatError) -> [UInt8] {
        guard isTag(.universal, 2), !isConstructed, let first = content.first else {
            throw ChipFormatError("an integer was expected")
        }
        guard first & 0x80 == 0 else { throw ChipFormatError("a negative integer") }
        return Array(content.drop(while: { $0 == 0 }))
    }

    /// A small INTEGER (a version, a data group's number).
    func smallInteger() throws(ChipFormatError) -> Int {
        let magnitude = try unsignedInteger()
        guard magnitude.count <= 4 else { throw ChipFormatError("an integer is too large") }
        return magnitude.reduce(0) { $0 << 8 | Int($1) }
    }

    /// An OCTET STRING's bytes.
    func octetString() throws(ChipFormatError) -> [UInt8] {
        guard isTag(.universal, 4) else { throw ChipFormatError("an octet string was expected") }
        return try stringBytes()
    }

    /// A BIT STRING's bytes; only whole bytes, as keys and signatures are.
    func bitStringBytes() throws(ChipFormatError) -> [UInt8] {
        guard isTag(.universal, 3) else { throw ChipFormatError("a bit string was expected") }
        let bytes = try stringBytes()
        guard let unused = bytes.first, unused == 0 else { throw ChipFormatError("a bit string is not whole bytes") }
        return Array(bytes.dropFirst())
    }

    /// A BOOLEAN.
    func boolean() throws(ChipFormatError) -> Bool {
        guard isTag(.universal, 1), content.count == 1 else { throw ChipFormatError("a boolean was expected") }
        return content.first != 0
    }

    /// A UTCTime or GeneralizedTime, in UTC (what X.509 and CMS write).
    func time() throws(ChipFormatError) -> Date {
        let text = String(decoding: content, as: UTF8.self)
        if isTag(.universal, 23) {
            guard let date = Self.parseTime(text, yearDigits: 2) else { throw ChipFormatError("a UTC time is malformed") }
            return date
        }
        if isTag(.universal, 24) {
            guard let date = Self.parseTime(text, yearDigits: 4) else { throw ChipFormatError("a generalized time is malformed") }
            return date
        }
        throw ChipFormatError("a time was expected")
    }

    /// `YYMMDDHHMM[SS]Z` or `YYYYMMDDHHMMSS[.fff]Z`; RFC 5280's window: a
    /// two-digit year under 50 is 20xx.
    private static func parseTime(_ text: String, yearDigits: Int) -> Date? {
        var digits = Array(text.utf8)
        guard digits.last == UInt8(ascii: "Z") else { return nil }
        digits.removeLast()
        if let dot = digits.firstIndex(of: UInt8(ascii: ".")) { digits = Array(digits[..<dot]) }
        guard digits.allSatisfy({ $0 >= 48 && $0 <= 57 }), digits.count >= yearDigits + 8 else { return nil }
        func number(_ from: Int, _ count: Int) -> Int {
            digits[from..<(from + count)].reduce(0) { $0 * 10 + Int($1 - 48) }
        }
        var year = number(0, yearDigits)
        if yearDigits == 2 { year += year < 50 ? 2000 : 1900 }
        let rest = yearDigits
        let seconds = digits.count >= rest + 10 ? number(rest + 8, 2) : 0
        var components = DateComponents()
        (components.year, components.month, components.day) = (year, number(rest, 2), number(rest + 2, 2))
        (components.hour, components.minute, components.second) = (number(rest + 4, 2), number(rest + 6, 2), seconds)
        guard (1...12).contains(components.month!), (1...31).contains(components.day!), components.hour! < 24,
              components.minute! < 60, seconds < 61 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: components)
    }

    /// A directory string (Printable, UTF8, IA5, BMP, Teletex, Visible) as text.
    func directoryString() throws(ChipFormatError) -> String {
        guard tagClass == .universal else { throw ChipFormatError("a string was expected") }
        let bytes = try stringBytes()
        switch tagNumber {
        case 12, 19, 22, 26, 27, 20:  // UTF8, Printable, IA5, Visible, General, Teletex (read as Latin-1 below if not UTF-8)
            if let text = String(validating: bytes, as: UTF8.self) { return text }
            return String(bytes.map { Character(Unicode.Scalar($0)) })
        case 30:  // BMPString: UTF-16 big-endian
            guard bytes.count % 2 == 0 else { throw ChipFormatError("a BMP string has an odd length") }
            let units = stride(from: 0, to: bytes.count, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
            return String(decoding: units, as: UTF16.self)
        case 28:  // UniversalString: UTF-32 big-endian
            guard bytes.count % 4 == 0 else { throw ChipFormatError("a universal string's length is not a multiple of four") }
            let scalars = stride(from: 0, to: bytes.count, by: 4).compactMap { index in
                Unicode.Scalar(bytes[index..<(index + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            }
            return String(String.UnicodeScalarView(scalars))
        default:
            throw ChipFormatError("a string of an unknown type")
        }
    }
}
