import Fluent
import Foundation
import Testing
@testable import VerityStore
import VerityStoreTestSupport

/// An Active Authentication challenge is used by one check at most, by its
/// own user in its own environment, before it expires: a replayed answer
/// finds it used; two checks racing for it, one wins.
@Suite("Chip challenges are single use")
struct ChipChallengeStoreTests {
    @Test func aChallengeBindsToOneCheckAndIsThenUsed() async throws {
        try await withStoreDatabase { store async throws in
            let environmentID = try await store.testEnvironment()
            let (user, other) = (UUID(), UUID())
            let challenges = ChipChallengeRepository(db: store.db)
            let issued = try await challenges.issue(environmentID: environmentID, subjectID: user, challenge: Data(repeating: 7, count: 8), now: store.now)
            let id = try issued.requireID()
            func use(subject: UUID, environment: UUID = environmentID, at now: Int64) async throws -> Data? {
                try await store.db.transaction { tx in
                    try await ChipChallengeRepository.use(id, environmentID: environment, subjectID: subject, checkID: UUID(), now: now, on: tx)
                }
            }
            // another user's, another environment's, an expired one: not this user's to use
            #expect(try await use(subject: other, at: store.now) == nil)
            #expect(try await use(subject: user, environment: UUID(), at: store.now) == nil)
            #expect(try await use(subject: user, at: store.now + ChipChallengeRepository.lifetimeMilliseconds + 1) == nil)
            // the first use gives the bytes; a replay gets nothing
            #expect(try await use(subject: user, at: store.now + 1) == Data(repeating: 7, count: 8))
            #expect(try await use(subject: user, at: store.now + 2) == nil)
        }
    }

    @Test func twoChecksRacingForOneChallengeGetItOnce() async throws {
        try await withStoreDatabase { store async throws in
            let environmentID = try await store.testEnvironment()
            let user = UUID()
            let issued = try await ChipChallengeRepository(db: store.db)
                .issue(environmentID: environmentID, subjectID: user, challenge: Data(repeating: 9, count: 8), now: store.now)
            let id = try issued.requireID()
            let wins = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        try await store.db.write { db in
                            try await db.transaction { tx in
                                try await ChipChallengeRepository.use(id, environmentID: environmentID, subjectID: user, checkID: UUID(),
                                                                      now: store.now + 1, on: tx) != nil
                            }
                        }
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(wins == 1)
        }
    }
}
