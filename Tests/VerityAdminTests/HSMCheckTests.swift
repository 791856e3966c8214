import Foundation
import Testing
import VerityAPI
@testable import VerityAdmin

/// `/readyz` is public: with an HSM configured, each probe would open a
/// session on the token, so the HSM's answer is kept a few seconds.
@Suite("Readiness: the HSM is asked at most once every few seconds")
struct HSMCheckTests {
    /// How often the HSM was asked.
    actor Asked {
        var count = 0
        func once() { count += 1 }
    }

    @Test func aBurstOfProbesAsksTheHSMOnceAndAgainOnlyOnceTheAnswerIsOld() async throws {
        // given: an HSM that takes a moment to answer, and counts how often it is asked
        let asked = Asked()
        let check = HSMCheck(keepFor: .milliseconds(300)) {
            await asked.once()
            try? await Task.sleep(for: .milliseconds(50))
            return HealthCheck(name: "hsm", status: "ok")
        }
        // when: fifty probes at once, then fifty more while the answer is fresh
        await withTaskGroup(of: HealthCheck.self) { group in
            for _ in 0..<50 { group.addTask { await check.check() } }
            for await result in group { #expect(result.status == "ok") }
        }
        for _ in 0..<50 { _ = await check.check() }
        // then: the HSM was asked once
        #expect(await asked.count == 1)
        // and once more when the answer is older than it is kept
        try await Task.sleep(for: .milliseconds(400))
        _ = await check.check()
        #expect(await asked.count == 2)
    }
}
