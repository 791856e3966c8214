import Testing
@testable import VerityCore

/// When the mobile API answers `undetermined`: evidence between a pass and a
/// fail goes to a person; anything that fails outright still fails.
@Suite("Mobile outcomes: pass, fail, undetermined")
struct MobileOutcomePolicyTests {
    let policy = MobileOutcomePolicy()

    @Test(arguments: [(0.40, MobileOutcome.pass), (0.58, .pass), (0.581, .undetermined), (0.62, .undetermined), (0.621, .fail),
                            (0.9, .fail)])
    func aFaceJustAboveTheThresholdIsForAPerson(_ distance: Double, _ expected: MobileOutcome) {
        let call = policy.face(distance: distance, threshold: 0.58, mismatch: "FACE_MISMATCH")
        #expect(policy.outcome([call]).outcome == expected, "\(distance)")
    }

    @Test func noFaceToCompareIsNoMatch() {
        #expect(policy.face(distance: nil, threshold: 0.58, mismatch: "FACE_MISMATCH") == .fail("FACE_MISMATCH"))
    }

    @Test func aWeakPatternAloneIsForAPersonAStrongOneOrAFrameFails() {
        #expect(policy.pattern(strength: 3.3, flagged: true, frameFlagged: false) == .inconclusive("LIVENESS_INCONCLUSIVE"))
        #expect(policy.pattern(strength: 3.5, flagged: true, frameFlagged: false) == .fail("RECAPTURE_PATTERN"))
        #expect(policy.pattern(strength: 3.3, flagged: true, frameFlagged: true) == .fail("RECAPTURE_PATTERN"))
        #expect(policy.pattern(strength: 2.0, flagged: false, frameFlagged: false) == .pass)
    }

    @Test func aSanctionsMatchFailsOnlyWhenItsDateOfBirthAgrees() {
        func match(_ birth: SanctionsMatcher.BirthAgreement?) -> SanctionsMatcher.Match {
            .init(entryID: 1, listedName: "SMITH, John", matchedName: "SMITH, John", kind: .individual, programs: [], score: 0.95,
                  reasons: [], dateOfBirth: birth)
        }
        #expect(policy.sanctions([]) == .pass)
        #expect(policy.sanctions([match(.agrees)]) == .fail("SANCTIONS_MATCH"))
        #expect(policy.sanctions([match(nil), match(.agrees)]) == .fail("SANCTIONS_MATCH"))
        #expect(policy.sanctions([match(nil)]) == .inconclusive("SANCTIONS_REVIEW"))
        #expect(policy.sanctions([match(.withinAYear)]) == .inconclusive("SANCTIONS_REVIEW"))
    }

    @Test func aFailureIsNeverSoftenedByADoubt() {
        let both = policy.outcome([.inconclusive("FACE_MATCH_INCONCLUSIVE"), .fail("DOCUMENT_EXPIRED"), .pass])
        #expect(both.outcome == .fail && both.reasons == ["DOCUMENT_EXPIRED", "FACE_MATCH_INCONCLUSIVE"])
        #expect(policy.outcome([.pass, .inconclusive("SANCTIONS_REVIEW")]) == (.undetermined, ["SANCTIONS_REVIEW"]))
        #expect(policy.outcome([.pass]) == (.pass, []))
    }

    /// A reviewer answers one doubt; what the engines found besides stands.
    @Test func aReviewAnswersItsDoubtAndTheRestStands() {
        let sanctions: Set<String> = ["SANCTIONS_REVIEW", "SANCTIONS_MATCH"]
        // A false positive alone passes; beside a face doubt, the doubt is left for its own case.
        #expect(policy.outcome(afterReview: ["SANCTIONS_REVIEW"], settled: sanctions, failing: []) == (.pass, []))
        #expect(policy.outcome(afterReview: ["FACE_MATCH_INCONCLUSIVE", "SANCTIONS_REVIEW"], settled: sanctions, failing: [])
                == (.undetermined, ["FACE_MATCH_INCONCLUSIVE"]))
        // A failure the engines found still fails after a false positive.
        #expect(policy.outcome(afterReview: ["DOCUMENT_EXPIRED", "SANCTIONS_MATCH"], settled: sanctions, failing: [])
                == (.fail, ["DOCUMENT_EXPIRED"]))
        // A true match fails, once, whatever else was in doubt.
        #expect(policy.outcome(afterReview: ["FACE_MATCH_INCONCLUSIVE", "SANCTIONS_REVIEW"], settled: sanctions, failing: ["SANCTIONS_MATCH"])
                == (.fail, ["SANCTIONS_MATCH", "FACE_MATCH_INCONCLUSIVE"]))
    }

    /// A false positive remembers the person by name and birth date, however the name was written.
    @Test func aScreenedPersonIsKeyedByTheirNamesWordsAndBirthDate() {
        let key = SanctionsPerson.key(name: "José  SMITH-García", dateOfBirth: "1975-02-28")
        #expect(key == SanctionsPerson.key(name: "garcia smith jose", dateOfBirth: "1975-02-28"))
        #expect(key != SanctionsPerson.key(name: "José Smith García", dateOfBirth: "1975-02-27"))
        #expect(key != SanctionsPerson.key(name: "José Smith", dateOfBirth: "1975-02-28"))
    }
}
