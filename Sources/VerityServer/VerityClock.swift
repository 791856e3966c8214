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
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let now = Date(timeIntervalSince1970: Double(nowMillis()) / 1000)
        let date = calendar.date(byAdding: .day, value: graceDays, to: now) ?? now
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return DateOfBirth(year: parts.year!, month: parts.month!, day: parts.day!)
    }
}
