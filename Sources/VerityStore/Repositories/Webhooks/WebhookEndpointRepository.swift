import Fluent
import Foundation

/// An environment's webhook endpoints.
public struct WebhookEndpointRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    /// Most endpoints an environment may register.
    public static let maximumPerEnvironment = 20

    public func create(_ endpoint: WebhookEndpointModel) async throws {
        try await db.write { try await endpoint.create(on: $0) }
    }

    public func endpoints(environmentID: UUID) async throws -> [WebhookEndpointModel] {
        try await WebhookEndpointModel.query(on: db).filter(\.$environment.$id == environmentID).sort(\.$createdAt).all()
    }

    /// Every endpoint (for `verity doctor`).
    public func allEndpoints() async throws -> [WebhookEndpointModel] {
        try await WebhookEndpointModel.query(on: db).sort(\.$createdAt).all()
    }

    public func endpoint(id: UUID, environmentID: UUID) async throws -> WebhookEndpointModel? {
        try await WebhookEndpointModel.query(on: db).filter(\.$id == id).filter(\.$environment.$id == environmentID).first()
    }

    public func endpoint(id: UUID) async throws -> WebhookEndpointModel? {
        try await WebhookEndpointModel.find(id, on: db)
    }

    public func setStatus(id: UUID, _ status: WebhookEndpointModel.Status, reason: String?) async throws {
        try await db.write { tx in
            try await WebhookEndpointModel.query(on: tx).filter(\.$id == id)
                .set(\.$status, to: status).set(\.$disabledReason, to: reason).set(\.$failingSince, to: nil).update()
        }
    }

    /// A new secret; the current one keeps signing beside it until `previousUntil`.
    public func rotate(id: UUID, newSecret: String, protector: DataProtector, previousUntil: Int64) async throws {
        try await db.write { tx in
            guard let endpoint = try await WebhookEndpointModel.find(id, on: tx) else { return }
            // Each column's value is sealed to it: the old secret is re-sealed for its new column.
            let old = try protector.open(endpoint.secretSealed, at: .of(.webhookSecret, id))
            endpoint.previousSecretSealed = try protector.seal(old, at: .of(.webhookPreviousSecret, id))
            endpoint.previousSecretUntil = previousUntil
            endpoint.secretSealed = try protector.seal(text: newSecret, at: .of(.webhookSecret, id))
            try await endpoint.update(on: tx)
        }
    }

    /// A delivery succeeded: the run of failures, if any, is over.
    public func recordSuccess(id: UUID) async throws {
        try await db.write { tx in
            try await WebhookEndpointModel.query(on: tx).filter(\.$id == id).filter(\.$failingSince != nil)
                .set(\.$failingSince, to: nil).update()
        }
    }

    /// A delivery failed: starts the run of failures if none is running;
    /// returns since when the endpoint has been failing.
    public func recordFailure(id: UUID, now: Int64) async throws -> Int64 {
        try await db.write { tx in
            try await WebhookEndpointModel.query(on: tx).filter(\.$id == id).filter(\.$failingSince == nil)
                .set(\.$failingSince, to: now).update()
            return try await WebhookEndpointModel.find(id, on: tx)?.failingSince ?? now
        }
    }
}
