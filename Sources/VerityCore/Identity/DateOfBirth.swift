/// A calendar date of birth, parsed strictly from `yyyy-mm-dd`.
public struct DateOfBirth: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Nobody alive was born before this year; earlier dates are typing errors.
    public static let earliestYear = 1900

    public var description: String {
        "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// Parses `text`, checking that it is a real date, on or after 1900-01-01
    /// and not after `today`.
    public static func parse(_ text: String, today: DateOfBirth) throws(VerityError) -> DateOfBirth {
        let format = "dateOfBirth must be a date in the form yyyy-mm-dd"
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else {
            throw .invalid("dateOfBirth", format)
        }
        func number(_ range: Range<Int>) throws(VerityError) -> Int {
            var value = 0
            for byte in bytes[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { throw .invalid("dateOfBirth", format) }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        let date = DateOfBirth(year: try number(0..<4), month: try number(5..<7), day: try number(8..<10))
        guard (1...12).contains(date.month), (1...Self.daysIn(month: date.month, year: date.year)).contains(date.day) else {
            throw .invalid("dateOfBirth", "dateOfBirth \(text) is not a calendar date")
        }
        guard date.year >= earliestYear else {
            throw .invalid("dateOfBirth", "dateOfBirth must not be before \(earliestYear)-01-01")
        }
        guard date <= today else { throw .invalid("dateOfBirth", "dateOfBirth must not be in the future") }
        return date
    }

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    public static func < (lhs: DateOfBirth, rhs: DateOfBirth) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }
}

private func pad(_ value: Int, _ width: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, width - text.count)) + text
}
