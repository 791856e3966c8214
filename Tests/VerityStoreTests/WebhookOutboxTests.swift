import Fluent
import Foundation
import Testing
@testable import VerityCore
@testable import VerityStore
import VerityStoreTestSupport

/// Events land with their outcomes or not at all, on SQLite and PostgreSQL
/// (where publishing is one prepared statement on the outcome's connection):
/// a transaction that fails after publishing leaves no event; one that commits
/// leaves the event, and the dispatcher's fan-out a delivery per listening
/// endpoint, once, leased to it; a lapsed lease is taken by one worker only.
@Suite("Webhook outbox: an event commits or rolls back with its outcome")
struct WebhookOutboxTests {
    struct Abandoned: Error {}

    static func endpoint(_ store: StoreDatabase, events: [String]) async throws -> UUID {
        let environmentID = try await store.testEnvironment()
        try await ListeningEndpoint.add(environmentID: environmentID, events: events, now: store.now, on: store.db)
        return environmentID
    }

    static func counts(_ db: any Database) async throws -> (Int, Int) {
        (try await WebhookEventModel.query(on: db).count(), try await WebhookDeliveryModel.query(on: db).count())
    }

    @Test func anEventRollsBackWithItsOutcomeAndCommitsWithIt() async throws {
        try await withStoreDatabase { store async throws in
            let environmentID = try await Self.endpoint(store, events: ["certificate.issued", "document_check.completed"])
            _ = try await Self.endpoint(store, events: ["document_check.completed"])
            let draft = WebhookEventDraft(environmentID: environmentID, userID: nil, type: .documentCheckCompleted, data: Data("{}".utf8))
            await #expect(throws: Abandoned.self) {
                try await store.db.write { tx in
                    try await WebhookOutbox.publish([draft], now: store.now, on: tx)
                    throw Abandoned()
                }
            }
            let afterRollback = try await Self.counts(store.db)
            #expect(afterRollback == (0, 0))
            let told = try await store.db.write { tx in try await WebhookOutbox.publish([draft], now: store.now, on: tx) }
            // One event; once the dispatcher's fan-out has run, a delivery for
            // each of the two endpoints that want it, only once, leased to the
            // dispatcher that fanned it out.
            let beforeFanOut = try await Self.counts(store.db)
            #expect(beforeFanOut == (1, 0))
            let awaiting = try await WebhookOutbox.awaitingFanOut(on: store.db)
            #expect(awaiting.events == 1 && awaiting.oldestCreatedAt == store.now)
            let now = store.now
            let fannedOut = try await WebhookOutbox.fanOutPending(now: now, leaseMilliseconds: 60_000, limit: 64, on: store.db)
            #expect(fannedOut.count == 2)
            let fannedOutAll = try await WebhookOutbox.awaitingFanOut(on: store.db)
            #expect(fannedOutAll.events == 0 && fannedOutAll.oldestCreatedAt == nil)
            #expect(try await WebhookOutbox.fanOutPending(now: now, leaseMilliseconds: 60_000, limit: 64, on: store.db).isEmpty)
            let afterCommit = try await Self.counts(store.db)
            #expect(told && afterCommit == (1, 2))
            let deliveries = try await WebhookDeliveryModel.query(on: store.db).all()
            #expect(deliveries.allSatisfy { $0.status == .pending && $0.leaseUntil == now + 60_000 })
            // A type nobody wants keeps nothing.
            let unwanted = WebhookEventDraft(environmentID: environmentID, userID: nil, type: .captureLinkOpened, data: Data("{}".utf8))
            let toldNobody = try await store.db.write { tx in try await WebhookOutbox.publish([unwanted], now: store.now, on: tx) }
            #expect(!toldNobody)
            _ = try await WebhookOutbox.fanOutPending(now: now, leaseMilliseconds: 60_000, limit: 64, on: store.db)
            let afterUnwanted = try await Self.counts(store.db)
            #expect(afterUnwanted == (1, 2))
            // Leased deliveries are nobody else's until the lease lapses; then
            // two workers asking at once share them, never the same one.
            let repository = WebhookDeliveryRepository(db: store.db)
            #expect(try await repository.leaseDue(now: now + 1_000, leaseMilliseconds: 60_000, limit: 64).isEmpty)
            async let first = repository.leaseDue(now: now + 60_001, leaseMilliseconds: 60_000, limit: 64)
            async let second = repository.leaseDue(now: now + 60_001, leaseMilliseconds: 60_000, limit: 64)
            let leased = try await first + second
            #expect(leased.count == 2 && Set(leased) == Set(fannedOut))
        }
    }
}
