import Foundation
@testable import VerityStore

extension OutboxMessageModel {
    /// The message as it was sent (its recipient, subject and text), each
    /// opened where it is sealed.
    public func opened(_ protector: DataProtector) throws -> (to: String, subject: String?, text: String) {
        let id = try requireID()
        return (try protector.openText(toSealed, at: .of(.outboxTo, id)),
                try subjectSealed.map { try protector.openText($0, at: .of(.outboxSubject, id)) },
                try protector.openText(textSealed, at: .of(.outboxText, id)))
    }
}
