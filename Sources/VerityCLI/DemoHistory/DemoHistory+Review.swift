import Foundation
import VerityAPI
import VerityAdmin

/// A reviewer's morning: the demo's reviewer (made here, its password kept
/// by no one) signs in to the console and approves yesterday's held check,
/// a face matched by a hair in a dark, blurred selfie.
extension DemoHistory {
    static let reviewerEmail = "reviewer@demo.example"

    func review(_ tally: DemoTally) async {
        await tally.step("review") {
            let console = DemoReviewer(base: baseURL)
            try await console.signIn(email: Self.reviewerEmail, password: try await reviewerPassword())
            guard let held = try await console.queue().first else {
                await tally.count("review", "nothingWaiting")
                return
            }
            try await console.decide(held, decision: "approve", reason: "FACE_CONFIRMED",
                                     note: "Same person as the portrait; the selfie is dark and out of focus.")
            await tally.count("review", "approved")
        }
    }

    /// The reviewer's password: a new account's, or a new one for an account of the same name.
    private func reviewerPassword() async throws -> String {
        if let existing = try await operations.operators.list(tenant: DemoSetup.tenant).first(where: { $0.email == Self.reviewerEmail }) {
            return try await operations.operators.resetOperatorPassword(tenant: DemoSetup.tenant, id: existing.id.uuidString).password
        }
        return try await operations.operators.createOperator(tenant: DemoSetup.tenant, email: Self.reviewerEmail, role: .reviewer,
                                                             password: nil, secondFactor: false).password
    }
}
