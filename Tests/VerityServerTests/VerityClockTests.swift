import Foundation
import Testing
@testable import VerityCore
@testable import VerityKernel

@Suite("Today's date is the UTC calendar's date")
struct VerityClockTests {
    /// What `today` computes by arithmetic, through Foundation's calendar.
    static func calendarDate(millis: Int64, graceDays: Int) -> DateOfBirth {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let now = Date(timeIntervalSince1970: Double(millis) / 1000)
        let date = calendar.date(byAdding: .day, value: graceDays, to: now)!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return DateOfBirth(year: parts.year!, month: parts.month!, day: parts.day!)
    }

    @Test func everyDayAndItsEdgesMatchTheCalendar() {
        let day: Int64 = 86_400_000
        var instants: [(Int64, Int)] = []
        // Every day from 1960 to 2040 at its first and last millisecond.
        for dayNumber in Int64(-3_653)...Int64(25_567) {
            instants += [(dayNumber * day, 0), (dayNumber * day + day - 1, 0)]
        }
        // Any time from 1900 to 2400, with grace days either way.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let millis = Int64.random(in: -2_208_988_800_000...13_569_465_600_000, using: &generator)
            instants += [0, 1, -1, 366].map { (millis, $0) }
        }
        for (millis, grace) in instants {
            let computed = VerityClock { millis }.today(graceDays: grace)
            let expected = Self.calendarDate(millis: millis, graceDays: grace)
            if computed != expected {
                Issue.record("\(millis) + \(grace) days: \(computed) is not \(expected)")
                return
            }
        }
    }
}
