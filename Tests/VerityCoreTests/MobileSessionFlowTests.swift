import Testing
@testable import VerityCore

/// Step order of the mobile API's session products: each transition, each refusal.
@Suite("Mobile session steps")
struct MobileSessionFlowTests {
    @Test func verifyAgeGoesFromTheDateOfBirthToTheSelfieAndOnlyOnEscalationToADocument() {
        let flow = MobileSessionFlow(product: .verifyAge)
        #expect(flow.first == .step1)
        #expect(flow.after(.step1) == .step2)
        #expect(flow.after(.step2) == nil)
        #expect(flow.after(.step2, escalate: true) == .step3)
        #expect(flow.after(.step3) == nil)
    }

    @Test(arguments: [MobileProduct.verifyIdentity, .verifyCompliance])
    func identityFlowsUploadSelfieFrontBackThenSubmit(product: MobileProduct) {
        let flow = MobileSessionFlow(product: product)
        #expect(flow.first == .uploadSelfie)
        #expect(flow.after(.uploadSelfie) == .uploadIDFront)
        #expect(flow.after(.uploadIDFront) == .uploadIDBack)
        #expect(flow.after(.uploadIDBack) == .submit)
        #expect(flow.after(.submit) == nil)
    }

    @Test func onlyTheStepDueIsAdmitted() throws {
        let flow = MobileSessionFlow(product: .verifyAge)
        try flow.admit(.step1, expected: .step1)
        #expect(throws: VerityError(.sessionWrongStep, "")) { try flow.admit(.step2, expected: .step1) }
        #expect(throws: VerityError(.sessionWrongStep, "")) { try flow.admit(.step3, expected: .step2) }
        #expect(throws: VerityError(.sessionWrongStep, "")) { try flow.admit(.step1, expected: nil) }
    }
}
