import Testing
@testable import VerityCore

@Suite("VerifyAge policy")
struct VerifyAgePolicyTests {
    let policy = VerifyAgePolicy(minimumAge: 18, margin: 7)
    let today = DateOfBirth(year: 2026, month: 11, day: 23)

    @Test func ageCountsWholeYearsAndTheBirthdayItself() {
        #expect(VerifyAgePolicy.age(of: DateOfBirth(year: 2008, month: 11, day: 23), on: today) == 18)
        #expect(VerifyAgePolicy.age(of: DateOfBirth(year: 2008, month: 11, day: 24), on: today) == 17)
        #expect(VerifyAgePolicy.age(of: DateOfBirth(year: 2008, month: 12, day: 1), on: today) == 17)
    }

    @Test func aClaimedDateOfBirthUnderTheMinimumFailsAtOnce() {
        #expect(policy.claimed(DateOfBirth(year: 2008, month: 11, day: 24), today: today) == .ageBelowMinimum)
        #expect(policy.claimed(DateOfBirth(year: 2008, month: 11, day: 23), today: today) == nil)
    }

    @Test func aFacePassesOnlyWithTheMarginAboveTheMinimum() {
        #expect(policy.face(estimate: 25, low: 18) == .pass)
        #expect(policy.face(estimate: 24.9, low: 20) == .escalateToDocument)
        #expect(policy.face(estimate: 40, low: 17) == .escalateToDocument)
    }

    @Test func theDocumentMustAgreeWithTheClaimTheMinimumAndTheFace() {
        let claimed = DateOfBirth(year: 1990, month: 1, day: 2)
        #expect(policy.document(birth: claimed, claimed: claimed, today: today, faceMatches: true) == [])
        #expect(policy.document(birth: DateOfBirth(year: 1990, month: 1, day: 3), claimed: claimed, today: today, faceMatches: true)
                == [.dateOfBirthMismatch])
        #expect(policy.document(birth: DateOfBirth(year: 2010, month: 1, day: 2), claimed: claimed, today: today, faceMatches: false)
                == [.dateOfBirthMismatch, .ageBelowMinimum, .faceMismatch])
    }
}
