import Fluent
import Foundation
@testable import VerityStore

/// A webhook endpoint of `environmentID` listening for `events`, stored as the
/// admin API stores one (its secret is not used: nothing is delivered).
public enum ListeningEndpoint {
    public static func add(environmentID: UUID, events: [String], now: Int64, on db: any Database) async throws {
        let endpoint = WebhookEndpointModel(environmentID: environmentID, url: "https://hooks.example.com/x", eventTypes: events,
                                            description: nil, secretSealed: Data([1]), createdAt: now)
        try await endpoint.create(on: db)
    }
}
