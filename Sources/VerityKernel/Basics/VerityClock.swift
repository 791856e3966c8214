import Foundation
import VerityCore

/// The time, injectable so tests can expire tokens without waiting.
public struct VerityClock: Sendable {
    public var nowMillis: @Sendable () -> Int64

    public init(nowMillis: @escaping @Sendable () -> Int64) { self.nowMillis = nowMillis }

    public static let system = VerityClock { Int64(Date().timeIntervalSince1970 * 1000) }

    /// Today's UTC date, `graceDays` ahead: a user east of UTC may already be
    /// on tomorrow's date when giving today as a date.
    public func today(graceDays: Int = 0) -> DateOfBirth {
        // Whole days since 1970-01-01, floored (a time before 1970 is on the
        // day before), then the proleptic Gregorian date of that day number
        // (H. Hinnant's civil_from_days). Arithmetic, not Calendar: this runs
        // on every verification and Calendar cost 1 % of its CPU.
        let millisPerDay: Int64 = 86_400_000
        let millis = nowMillis()
        let days = (millis >= 0 ? millis / millisPerDay : (millis - millisPerDay + 1) / millisPerDay) + Int64(graceDays)
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return DateOfBirth(year: Int(year), month: Int(month), day: Int(day))
    }
}
