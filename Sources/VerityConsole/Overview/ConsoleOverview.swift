import Fluent
import Foundation
import VerityCore
import VerityStore
import VerityKernel

/// The overview's figures for one of the tenant's environments over the last
/// `days` days (UTC), each day present even when nothing happened.
struct ConsoleOverview: Sendable {
    let db: any Database
    let clock: VerityClock

    static let days = 14

    struct Series: Sendable {
        /// Epoch days, oldest first.
        let days: [Int64]
        /// For each key (a status or outcome), its count on each day.
        let counts: [String: [Int]]

        var total: Int { counts.values.reduce(0) { $0 + $1.reduce(0, +) } }
    }

    struct Figures: Sendable {
        let environment: EnvironmentKind
        let checks: Series
        let attempts: Series
        let credits: Series
        let passRates: [OverviewRepository.PassRate]
        let checkTimes: OverviewRepository.Durations
        let reviewTimes: OverviewRepository.Durations
        let backlog: ReviewCaseRepository.Counts

        /// Whether anything happened in the window: a check, an attempt, a credit spent or granted.
        var hasActivity: Bool { checks.total + attempts.total + credits.total > 0 }
    }

    func figures(tenantID: UUID, operatorID: UUID, environment kind: EnvironmentKind) async throws -> Figures? {
        guard let environment = try await TenantRepository(db: db).environment(tenantID: tenantID, kind: kind),
              let environmentID = environment.id else { return nil }
        let now = clock.nowMillis()
        let today = now / 86_400_000
        let days = Array((today - Int64(Self.days) + 1)...today)
        let from = days[0] * 86_400_000, to = (today + 1) * 86_400_000
        let figures = OverviewRepository(db: db)
        func series(_ rows: [OverviewRepository.DayCount]) -> Series {
            var counts: [String: [Int]] = [:]
            for row in rows {
                guard let index = days.firstIndex(of: row.day) else { continue }
                counts[row.key, default: Array(repeating: 0, count: days.count)][index] += row.count
            }
            return Series(days: days, counts: counts)
        }
        return Figures(
            environment: kind,
            checks: series(try await figures.checksPerDay(environmentID: environmentID, from: from, to: to)),
            attempts: series(try await figures.attemptsPerDay(environmentID: environmentID, from: from, to: to)),
            credits: series(try await figures.creditsPerDay(environmentID: environmentID, from: from, to: to)),
            passRates: try await figures.passRates(environmentID: environmentID, from: from, to: to),
            checkTimes: try await figures.checkDecisionTimes(environmentID: environmentID, from: from, to: to),
            reviewTimes: try await figures.reviewTimes(environmentID: environmentID, from: from, to: to),
            backlog: try await ReviewCaseRepository(db: db).counts(tenantID: tenantID, operatorID: operatorID, now: now))
    }
}
