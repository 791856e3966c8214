import Testing
@testable import VerityCore

@Suite("Device verification: code lifetime, guesses, request limit, lock")
struct DeviceVerificationPolicyTests {
    let policy = DeviceVerificationPolicy()
    let minute: Int64 = 60_000

    @Test func theRightCodeInTimeVerifies() {
        let outcome = policy.evaluate(challenge: .init(issuedAt: 0), matches: true, now: 9 * minute, wrongInARow: 0)
        #expect(outcome == .verified && outcome.error == nil)
    }

    @Test func aCodeExpiresAfterTenMinutesOrThreeGuesses() {
        #expect(policy.evaluate(challenge: .init(issuedAt: 0), matches: true, now: 10 * minute, wrongInARow: 0) == .expired)
        #expect(policy.evaluate(challenge: .init(issuedAt: 0, attempts: 3), matches: true, now: minute, wrongInARow: 0) == .expired)
        #expect(policy.evaluate(challenge: nil, matches: false, now: 0, wrongInARow: 0).error?.code == .expiredVerificationCode)
    }

    @Test func wrongCodesCountDownThenLock() {
        #expect(policy.evaluate(challenge: .init(issuedAt: 0), matches: false, now: minute, wrongInARow: 0) == .wrongCode(attemptsLeft: 2))
        #expect(policy.evaluate(challenge: .init(issuedAt: 0, attempts: 2), matches: false, now: minute, wrongInARow: 5) == .wrongCode(attemptsLeft: 0))
        let locked = policy.evaluate(challenge: .init(issuedAt: 0), matches: false, now: minute, wrongInARow: 9)
        #expect(locked == .locked && locked.error?.code == .userLocked)
    }

    @Test func atMostFiveCodesAnHour() throws {
        let sent: [Int64] = (0..<5).map { Int64($0) * minute }
        #expect(throws: VerityError(.deviceVerificationLimit, "")) { try policy.checkRequest(now: 10 * minute, previousRequests: sent) }
        try policy.checkRequest(now: 61 * minute, previousRequests: sent)
        try policy.checkRequest(now: 10 * minute, previousRequests: Array(sent.prefix(4)))
    }

    @Test func malformedCodesCostNoGuess() throws {
        #expect(try policy.parse(" 123 456") == "123456")
        for bad in ["", "12345", "1234567", "12a456", "١٢٣٤٥٦"] {
            #expect(throws: VerityError(.validationError, "")) { try policy.parse(bad) }
        }
        #expect(policy.newCode { 7 } == "777777")
    }
}
