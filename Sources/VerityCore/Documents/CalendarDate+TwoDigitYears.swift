extension CalendarDate {
    /// Reads two-digit `yymmdd`, choosing the century: birth dates are never in the
    /// future; expiry dates are within 50 years after `today`.
    public static func fromYYMMDD<S: StringProtocol>(_ text: S, kind: TwoDigitYearKind, today: CalendarDate) -> CalendarDate? {
        let digits = Array(text)
        guard digits.count == 6, digits.allSatisfy(\.isASCIIDigitCharacter),
              let yy = Int(String(digits[0...1])), let mm = Int(String(digits[2...3])), let dd = Int(String(digits[4...5]))
        else { return nil }
        let currentCentury = today.year / 100 * 100
        var year = currentCentury + yy
        switch kind {
        case .past:
            if let candidate = CalendarDate(year: year, month: mm, day: dd), candidate > today { year -= 100 }
        case .future:
            if year > today.year + 50 { year -= 100 }
            if year < today.year - 50 { year += 100 }
        }
        return CalendarDate(year: year, month: mm, day: dd)
    }

    public enum TwoDigitYearKind: Sendable { case past, future }
}
