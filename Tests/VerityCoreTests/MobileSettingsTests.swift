import Foundation
import Testing
@testable import VerityCore

/// An environment's mobile settings: per-product session lifetimes, their
/// limits, and settings stored before a field existed.
@Suite("Mobile settings")
struct MobileSettingsTests {
    @Test func aProductsOwnLifetimeOverridesTheEnvironments() throws {
        let settings = try MobileSettings(sessionMinutes: 30, productSessionMinutes: ["verifyage": 10]).validated()
        #expect(settings.sessionMinutes(for: .verifyAge) == 10)
        #expect(settings.sessionMinutes(for: .verifyIdentity) == 30 && settings.sessionMinutes(for: .verifyCompliance) == 30)
    }

    @Test(arguments: [["verifyhuman": 10], ["verifyeverything": 10], ["verifyage": 0], ["verifyidentity": 1_441]])
    func lifetimesForProductsWithoutSessionsOrOutOfRangeAreRefused(_ minutes: [String: Int]) {
        do {
            _ = try MobileSettings(productSessionMinutes: minutes).validated()
            Issue.record("\(minutes) was accepted")
        } catch {
            #expect(error.code == .invalidInput && error.field == "mobileProductSessionMinutes", "\(error)")
        }
    }

    @Test func settingsStoredBeforeProductLifetimesReadWithNone() throws {
        let stored = #"{"requestsPerMinute": 60, "sessionMinutes": 20, "minimumAge": 21, "ageMargin": 5}"#
        let settings = try JSONDecoder().decode(MobileSettings.self, from: Data(stored.utf8))
        #expect(settings.productSessionMinutes.isEmpty && settings.sessionMinutes(for: .verifyAge) == 20)
        #expect(settings.resultRetentionDays == 30, "results are kept 30 days unless the environment says otherwise")
        let again = try JSONDecoder().decode(MobileSettings.self, from: try JSONEncoder().encode(
            MobileSettings(productSessionMinutes: ["verifycompliance": 45])))
        #expect(again.sessionMinutes(for: .verifyCompliance) == 45)
    }

    @Test(arguments: [0, -1, 3_651])
    func aResultRetentionOutOfRangeIsRefused(_ days: Int) {
        #expect(throws: VerityError.self) { try MobileSettings(resultRetentionDays: days).validated() }
        #expect((try? MobileSettings(resultRetentionDays: 1).validated()) != nil)
    }
}
