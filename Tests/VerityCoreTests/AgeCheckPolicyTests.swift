import Testing
@testable import VerityCore

@Suite("Age checks from a face pass only with a buffer, else go to the document")
struct AgeCheckPolicyTests {
    let policy = AgeCheckPolicy()

    @Test func clearlyOldEnoughPasses() {
        #expect(policy.decide(estimate: 31, low: 26, minimumAge: 18) == .pass)
    }

    @Test func nearTheMinimumGoesToTheDocument() {
        #expect(policy.decide(estimate: 24, low: 20, minimumAge: 18) == .escalateToDocument)
        #expect(policy.decide(estimate: 17, low: 14, minimumAge: 18) == .escalateToDocument, "a face never refuses on its own")
    }

    @Test func aWideBandReachingBelowTheMinimumGoesToTheDocument() {
        #expect(policy.decide(estimate: 30, low: 16, minimumAge: 18) == .escalateToDocument)
    }
}
