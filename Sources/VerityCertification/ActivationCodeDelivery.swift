import Fluent
import Foundation
import Logging
import VerityCore
import VerityStore
import VerityKernel

/// An activation code's message (DIAC) as it is kept, sealed under the
/// user's key, until a gateway has taken it.
package struct ActivationCodeMessage: Codable, Sendable {
    let channel: MessageChannel
    let to: String
    let subject: String?
    let text: String
}

/// The `certification.activation_code` job: queued with an approval, due
/// `fallbackMilliseconds` after it. The approving server sends the message
/// at once and forgets it; when that server died first (or its gateway
/// failed), the job, on any server, sends the kept message and forgets it.
/// At least once: a server that died after sending but before forgetting
/// sends the same code twice, never none.
package struct ActivationCodeDelivery: JobHandler {
    static let kind = "certification.activation_code"
    /// Long enough for the approving server to send it itself.
    static let fallbackMilliseconds: Int64 = 30_000

    let db: any Database
    let protector: DataProtector
    let messaging: CertificationMessaging
    let clock: VerityClock
    package let logger: Logger

    package var kind: String { Self.kind }
    package var maximumAttempts: Int { 5 }

    package func run(subject: UUID) async throws {
        let repository = RegistrationRepository(db: db)
        guard let code = try await repository.activationCode(id: subject), let sealed = code.deliverySealed else { return }
        // A code used or expired meanwhile needs no message.
        guard code.usedAt == nil, code.expiresAt > clock.nowMillis() else {
            try await repository.forgetDelivery(codeID: subject)
            return
        }
        let userID = code.registration.$user.id
        guard let user = try await UserRepository(db: db, protector: protector).user(id: userID) else {
            try await repository.forgetDelivery(codeID: subject)
            return
        }
        let message = try await PersonKeyRepository(db: db, protector: protector).reader(userID: userID)
            .open(json: ActivationCodeMessage.self, from: sealed, at: .of(.activationDelivery, subject))
        guard await Self.send(message, messaging: messaging, db: db, environmentID: user.$environment.id, logger: logger) else {
            throw VerityError(.serviceUnavailable, "the activation code's gateway did not take it")
        }
        try await repository.forgetDelivery(codeID: subject)
        logger.info("activation code delivered by its job", metadata: ["code_id": .string(subject.uuidString)])
    }

    package func gaveUp(subject: UUID, reason: String) async {
        try? await RegistrationRepository(db: db).forgetDelivery(codeID: subject)
        logger.error("activation code not delivered", metadata: ["code_id": .string(subject.uuidString)])
    }

    /// Hands `message` to its gateway; false (logged without the message) when it did not take it.
    static func send(_ message: ActivationCodeMessage, messaging: CertificationMessaging, db: any Database, environmentID: UUID,
                     logger: Logger) async -> Bool {
        do {
            switch message.channel {
            case .sms:
                try await messaging.gateway(db: db, environmentID: environmentID).send(SMSMessage(to: message.to, text: message.text))
            case .email:
                try await messaging.mailGateway(db: db, environmentID: environmentID)
                    .send(MailMessage(to: message.to, subject: message.subject ?? "", text: message.text))
            }
            return true
        } catch {
            logger.warning("activation code not delivered", metadata: [
                "channel": .string(message.channel.rawValue), "error_code": .string((error as? VerityError)?.code.rawValue ?? "SYSTEM_ERROR"),
            ])
            return false
        }
    }

    package init(db: any Database, protector: DataProtector, messaging: CertificationMessaging, clock: VerityClock, logger: Logger) {
        self.db = db
        self.protector = protector
        self.messaging = messaging
        self.clock = clock
        self.logger = logger
    }
}
