import Foundation
import Testing
@testable import VerityCore

/// A capture link's timing rules, fed through the status machine.
@Suite("Capture links: one expiry, a limit on openings")
struct CaptureLinkPolicyTests {
    let policy = CaptureLinkPolicy(lifetimeSeconds: 3_600, maximumOpens: 3)
    let made: Int64 = 1_000_000
    let machine = DocumentVerificationStateMachine()

    @Test func openingsWithinTheLifetimeAndLimitOpenTheLink() throws {
        for opens in 0..<3 {
            let event = policy.opening(.init(createdAt: made, opens: opens), now: made + 3_599_999)
            #expect(event == .captureLinkOpened)
        }
        #expect(try machine.next(from: .captureInitiated, on: policy.opening(.init(createdAt: made, opens: 0), now: made)) == .captureLinkOpened)
    }

    @Test func oneOpeningTooManyExceedsTheRetryLimit() throws {
        let event = policy.opening(.init(createdAt: made, opens: 3), now: made + 60_000)
        #expect(event == .captureLinkOpenedTooOften)
        #expect(try machine.next(from: .captureLinkOpened, on: event) == .captureRetryLimitExceeded)
    }

    @Test func openingAtOrAfterTheExpiryIsATimeout() throws {
        let event = policy.opening(.init(createdAt: made, opens: 0), now: made + 3_600_000)
        #expect(event == .captureWindowClosed)
        #expect(try machine.next(from: .captureInitiated, on: event) == .captureLinkTimeout)
    }

    @Test func timeAloneExpiresANeverOpenedLinkAndTimesOutAnOpenedOne() throws {
        #expect(policy.lapse(.init(createdAt: made, opens: 0), now: made + 3_599_999) == nil)
        let unopened = try #require(policy.lapse(.init(createdAt: made, opens: 0), now: made + 3_600_000))
        #expect(try machine.next(from: .captureInitiated, on: unopened) == .captureLinkExpired)
        let opened = try #require(policy.lapse(.init(createdAt: made, opens: 2), now: made + 7_200_000))
        #expect(try machine.next(from: .captureLinkOpened, on: opened) == .captureLinkTimeout)
    }

    @Test func submissionsWithinTheLifetimeAndLimitStartAChecksAndOneTooManyExceedsTheLimit() throws {
        let policy = CaptureLinkPolicy(lifetimeSeconds: 3_600, maximumOpens: 3, maximumSubmissions: 2)
        #expect(policy.submission(.init(createdAt: made, opens: 1, submissions: 0), now: made + 1) == .documentSubmitted)
        #expect(policy.submission(.init(createdAt: made, opens: 1, submissions: 1), now: made + 1) == .documentSubmitted)
        let third = policy.submission(.init(createdAt: made, opens: 1, submissions: 2), now: made + 1)
        #expect(third == .captureLinkOpenedTooOften)
        #expect(try machine.next(from: .documentUnreadable, on: third) == .captureRetryLimitExceeded)
        let late = policy.submission(.init(createdAt: made, opens: 1, submissions: 0), now: made + 3_600_000)
        #expect(late == .captureWindowClosed)
        #expect(try machine.next(from: .captureLinkOpened, on: late) == .captureLinkTimeout)
    }

    @Test func settingsStoredBeforeTheSubmissionLimitReadWithItsDefault() throws {
        let stored = try JSONDecoder().decode(CaptureLinkPolicy.self, from: Data(#"{"lifetimeSeconds":600,"maximumOpens":2}"#.utf8))
        #expect(stored == CaptureLinkPolicy(lifetimeSeconds: 600, maximumOpens: 2, maximumSubmissions: 3))
    }

    @Test func settingsOutsideTheirRangesNameTheField() throws {
        #expect(throws: VerityError(.invalidInput, "")) { try CaptureLinkPolicy(maximumSubmissions: 0).validated() }
        #expect(throws: VerityError(.invalidInput, "")) { try CaptureLinkPolicy(lifetimeSeconds: 10).validated() }
        #expect(throws: VerityError(.invalidInput, "")) { try CaptureLinkPolicy(maximumOpens: 0).validated() }
        #expect(try CaptureLinkPolicy().validated() == CaptureLinkPolicy())
    }
}
