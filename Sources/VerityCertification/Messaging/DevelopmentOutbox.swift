import Fluent
import Foundation
import VerityCore
import VerityStore
import VerityKernel

/// The SMS and mail gateway of test environments when no provider or SMTP
/// server is configured: keeps each message (sealed, a mail with its subject)
/// in the database for `verity sms outbox` to show. Never used for a live
/// environment (see `CertificationMessaging`).
struct DevelopmentOutbox: SMSGateway, MailGateway {
    let db: any Database
    let protector: DataProtector
    let environmentID: UUID
    let clock: VerityClock

    func send(_ message: SMSMessage) async throws {
        try await keep(to: message.to, subject: nil, text: message.text, channel: nil)
    }

    func send(_ message: MailMessage) async throws {
        try await keep(to: message.to, subject: message.subject, text: message.text, channel: .email)
    }

    private func keep(to: String, subject: String?, text: String, channel: MessageChannel?) async throws {
        let id = UUID()
        let row = OutboxMessageModel(environmentID: environmentID, toSealed: try protector.seal(text: to, at: .of(.outboxTo, id)),
                                     textSealed: try protector.seal(text: text, at: .of(.outboxText, id)), createdAt: clock.nowMillis(),
                                     channel: channel, subjectSealed: try subject.map { try protector.seal(text: $0, at: .of(.outboxSubject, id)) })
        row.id = id
        try await OutboxRepository(db: db).keep(row)
    }
}

/// Picks the gateway for an environment: the configured provider, else the
/// development outbox in `test` environments; a `live` environment without a
/// provider cannot send. The same for e-mail (`mailGateway`).
package struct CertificationMessaging: Sendable {
    let provider: (any SMSGateway)?
    /// The SMTP server (`VERITY_SMTP_HOST`), when one is configured.
    var mail: (any MailGateway)? = nil
    let protector: DataProtector
    let clock: VerityClock

    func mailGateway(db: any Database, environmentID: UUID) async throws -> any MailGateway {
        if let mail { return mail }
        return try await outbox(db: db, environmentID: environmentID, missing: "No SMTP server is configured (VERITY_SMTP_HOST)")
    }

    func gateway(db: any Database, environmentID: UUID) async throws -> any SMSGateway {
        if let provider { return provider }
        return try await outbox(db: db, environmentID: environmentID, missing: "No SMS provider is configured (VERITY_SMS_URL)")
    }

    /// The development outbox, for a `test` environment only.
    private func outbox(db: any Database, environmentID: UUID, missing: String) async throws -> DevelopmentOutbox {
        guard let environment = try await TenantRepository(db: db).environment(id: environmentID), environment.kind == .test else {
            throw VerityError(.serviceUnavailable, "\(missing); live environments never use the development outbox.")
        }
        return DevelopmentOutbox(db: db, protector: protector, environmentID: environmentID, clock: clock)
    }

    package init(provider: (any SMSGateway)?, mail: (any MailGateway)? = nil, protector: DataProtector, clock: VerityClock) {
        self.provider = provider
        self.mail = mail
        self.protector = protector
        self.clock = clock
    }
}
