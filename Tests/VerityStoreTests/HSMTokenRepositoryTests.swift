import Foundation
import Testing
@testable import VerityCore
@testable import VerityStore
import VerityStoreTestSupport

/// Level-4 tokens provisioned ahead (issue 47, finding 15): the serving
/// process claims one per certificate, never the same one twice, and keeps
/// no provisioning PIN in clear or after the claim.
@Suite("Provisioned HSM tokens")
struct HSMTokenRepositoryTests {
    @Test func eachTokenIsClaimedOnceAndItsPINIsForgottenThen() async throws {
        try await withStoreDatabase { store async throws in
            let tokens = HSMTokenRepository(db: store.db, protector: store.protector)
            let inventory = HSMTokenInventory(db: store.db)
            try await tokens.recordProvisioned(label: "vp-one", pin: "provisioning-pin-one", now: 1)
            #expect(try await inventory.freeCount() == 1)
            #expect(try await !DatabaseText.holds(store, Data("provisioning-pin-one".utf8)), "the PIN is kept sealed")

            // Eight requests at once for one token: one gets it, with its PIN.
            let claims = try await withThrowingTaskGroup(of: (label: String, pin: String)?.self) { group in
                for _ in 0..<8 { group.addTask { try await tokens.claim(for: UUID(), now: 2) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(claims.compactMap { $0 }.map(\.label) == ["vp-one"] && claims.compactMap { $0 }.map(\.pin) == ["provisioning-pin-one"])
            #expect(try await inventory.freeCount() == 0)
            #expect(try await tokens.claim(for: UUID(), now: 3) == nil, "no token left")
            #expect(try await DatabaseText.count(store, "SELECT COUNT(*) AS n FROM hsm_tokens WHERE pin_sealed IS NOT NULL") == 0,
                    "an assigned token keeps no PIN")

            try await tokens.markToWipe(label: "vp-one", now: 4)
            #expect(try await inventory.waitingToBeWiped(now: 5) == ["vp-one"])
            try await tokens.forget(label: "vp-one")
            #expect(try await inventory.waitingToBeWiped(now: 5).isEmpty)
        }
    }
}
