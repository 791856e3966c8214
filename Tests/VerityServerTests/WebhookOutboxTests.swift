import Fluent
import Foundation
import Testing
import VerityCore
import VerityStore
import VerityTestSupport

/// Events land with their outcomes or not at all, on SQLite and PostgreSQL
/// (where publishing is one prepared statement on the outcome's connection):
/// a transaction that fails after publishing leaves no event; one that commits
/// leaves the event, and the dispatcher's fan-out a delivery and a job per
/// listening endpoint, once; batches are leased by one worker at a time.
@Suite("Webhook outbox: an event commits or rolls back with its outcome")
struct WebhookOutboxTests {
    struct Abandoned: Error {}

    static func endpoint(_ app: VerityTestApp, events: [String]) async throws -> UUID {
        let environment = try #require(try await TenantRepository(db: app.app.db).environment(tenant: app.tenant, kind: .test))
        let endpoint = WebhookEndpointModel(environmentID: try environment.requireID(), url: "https://hooks.example.com/x", eventTypes: events,
                                            description: nil, secretSealed: Data([1]), createdAt: app.clock.now)
        try await endpoint.create(on: app.app.db)
        return try environment.requireID()
    }

    static func counts(_ db: any Database) async throws -> (Int, Int, Int) {
        (try await WebhookEventModel.query(on: db).count(), try await WebhookDeliveryModel.query(on: db).count(),
         try await JobModel.query(on: db).filter(\.$kind == WebhookOutbox.jobKind).count())
    }

    @Test func anEventRollsBackWithItsOutcomeAndCommitsWithIt() async throws {
        try await withVerityApp { app async throws in
            let environmentID = try await Self.endpoint(app, events: ["certificate.issued", "document_check.completed"])
            _ = try await Self.endpoint(app, events: ["document_check.completed"])
            let draft = WebhookEventDraft(environmentID: environmentID, userID: nil, type: "document_check.completed", data: Data("{}".utf8))
            await #expect(throws: Abandoned.self) {
                try await app.app.db.write { tx in
                    try await WebhookOutbox.publish([draft], now: app.clock.now, on: tx)
                    throw Abandoned()
                }
            }
            let afterRollback = try await Self.counts(app.app.db)
            #expect(afterRollback == (0, 0, 0))
            let told = try await app.app.db.write { tx in try await WebhookOutbox.publish([draft], now: app.clock.now, on: tx) }
            // One event; once the dispatcher's fan-out has run, a delivery and
            // a job for each of the two endpoints that want it, and only once.
            let beforeFanOut = try await Self.counts(app.app.db)
            #expect(beforeFanOut == (1, 0, 0))
            #expect(try await WebhookOutbox.fanOutPending(on: app.app.db) == 2)
            #expect(try await WebhookOutbox.fanOutPending(on: app.app.db) == 0)
            let afterCommit = try await Self.counts(app.app.db)
            #expect(told && afterCommit == (1, 2, 2))
            // A type nobody wants keeps nothing.
            let unwanted = WebhookEventDraft(environmentID: environmentID, userID: nil, type: "capture_link.opened", data: Data("{}".utf8))
            let toldNobody = try await app.app.db.write { tx in try await WebhookOutbox.publish([unwanted], now: app.clock.now, on: tx) }
            #expect(!toldNobody)
            try await WebhookOutbox.fanOutPending(on: app.app.db)
            let afterUnwanted = try await Self.counts(app.app.db)
            #expect(afterUnwanted == (1, 2, 2))
            // Two workers asking at once share the batch, never the same job.
            let queue = JobQueue(db: app.app.db)
            async let first = queue.leaseBatch(kind: WebhookOutbox.jobKind, limit: 64, now: app.clock.now, leaseMilliseconds: 60_000)
            async let second = queue.leaseBatch(kind: WebhookOutbox.jobKind, limit: 64, now: app.clock.now, leaseMilliseconds: 60_000)
            let leased = try await first + second
            #expect(leased.count == 2 && Set(leased.map(\.id)).count == 2)
        }
    }
}
