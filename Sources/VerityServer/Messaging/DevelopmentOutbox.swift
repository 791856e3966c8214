import Fluent
import Foundation
import VerityCore
import VerityStore

/// The SMS gateway of test environments when no provider is configured: keeps
/// each message (sealed) in the database for `verity sms outbox` to show.
/// Never used for a live environment (see `CertificationMessaging`).
struct DevelopmentOutbox: SMSGateway {
    let db: any Database
    let protector: DataProtector
    let environmentID: UUID
    let clock: VerityClock

    func send(_ message: SMSMessage) async throws {
        let row = OutboxMessageModel(environmentID: environmentID, toSealed: try protector.seal(Data(message.to.utf8)),
                                     textSealed: try protector.seal(Data(message.text.utf8)), createdAt: clock.nowMillis())
        try await db.write { try await row.create(on: $0) }
    }
}

/// Picks the gateway for an environment: the configured provider, else the
/// development outbox in `test` environments; a `live` environment without a
/// provider cannot send.
struct CertificationMessaging: Sendable {
    let provider: (any SMSGateway)?
    let protector: DataProtector
    let clock: VerityClock

    func gateway(db: any Database, environmentID: UUID) async throws -> any SMSGateway {
        if let provider { return provider }
        guard let environment = try await EnvironmentModel.find(environmentID, on: db), environment.kind == EnvironmentKind.test.rawValue else {
            throw VerityError(.serviceUnavailable, "No SMS provider is configured (VERITY_SMS_URL); live environments never use the development outbox.")
        }
        return DevelopmentOutbox(db: db, protector: protector, environmentID: environmentID, clock: clock)
    }
}
