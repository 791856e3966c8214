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

    @Test func settingsOutsideTheirRangesNameTheField() throws {
        #expect(throws: VerityError(.invalidInput, "")) { try CaptureLinkPolicy(lifetimeSeconds: 10).validated() }
        #expect(throws: VerityError(.invalidInput, "")) { try CaptureLinkPolicy(maximumOpens: 0).validated() }
        #expect(try CaptureLinkPolicy().validated() == CaptureLinkPolicy())
    }
}
