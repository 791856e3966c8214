import Fluent
import Foundation
import Testing
@testable import VerityCore
@testable import VerityStore
import VerityStoreTestSupport

/// An outcome's write says whether its events will be told to anyone: the
/// outbox's own answer in the outcome's transaction, which the server's
/// webhook wake goes by (it asks the database nothing more).
@Suite("Outcome writes say whether anyone listens")
struct OutcomeToldTests {
    @Test func aDocumentTransitionIsToldOnlyWhenAnEndpointWantsItsEvent() async throws {
        try await withStoreDatabase { store async throws in
            let environmentID = try await store.testEnvironment()
            let user = try await UserRepository(db: store.db, protector: store.protector).findOrCreate(userRef: "told", environmentID: environmentID, now: store.now)
            let documents = DocumentCheckRepository(db: store.db)
            let opened = WebhookEventDraft(environmentID: environmentID, userID: try user.requireID(), type: .captureLinkOpened,
                                           data: Data("{}".utf8))
            func transition(_ event: DocumentVerificationEvent, at now: Int64) async throws -> Bool {
                try await documents.transition(userID: try user.requireID(), environmentID: environmentID, now: now, next: { stored in
                    try DocumentVerificationStateMachine().next(from: stored ?? .captureInitiated, on: event)
                }, events: [opened]).told
            }
            // given nobody listens: the outcome is written, its event is not, and nobody is told
            #expect(try await transition(.captureLinkCreated, at: store.now) == false)
            #expect(try await WebhookEventModel.query(on: store.db).count() == 0)
            // given an endpoint that wants another event only: still nobody
            try await ListeningEndpoint.add(environmentID: environmentID, events: ["document_check.completed"], now: store.now, on: store.db)
            #expect(try await transition(.captureLinkCreated, at: store.now + 1) == false)
            // given one that wants it: told, and the event is there for the dispatcher
            try await ListeningEndpoint.add(environmentID: environmentID, events: ["capture_link.opened"], now: store.now, on: store.db)
            #expect(try await transition(.captureLinkCreated, at: store.now + 2) == true)
            #expect(try await WebhookEventModel.query(on: store.db).count() == 1)
        }
    }
}
