import Fluent
import Foundation

/// Consent texts per environment and each user's consent history.
public struct ConsentRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    /// Inside the caller's transaction, with the change's audit row (`EnvironmentSettings`).
    @discardableResult
    public static func addText(environmentID: UUID, locale: String, contentType: String, content: String, now: Int64,
                               on tx: any Database) async throws -> ConsentTextModel {
        try await ConsentTextModel.query(on: tx)
            .filter(\.$environment.$id == environmentID).filter(\.$locale == locale)
            .filter(\.$contentType == contentType).filter(\.$supersededAt == nil)
            .set(\.$supersededAt, to: now).update()
        let text = ConsentTextModel(environmentID: environmentID, locale: locale, contentType: contentType,
                                    content: content, createdAt: now)
        try await text.create(on: tx)
        return text
    }

    /// The current text for every locale and content type.
    public func currentTexts(environmentID: UUID) async throws -> [ConsentTextModel] {
        try await ConsentTextModel.query(on: db).filter(\.$environment.$id == environmentID)
            .filter(\.$supersededAt == nil).sort(\.$locale).sort(\.$contentType).all()
    }

    /// Adds an event to the user's history and sets their current consent,
    /// both or neither.
    public func record(userID: UUID, action: ConsentAction, textID: UUID?, now: Int64) async throws {
        try await db.write { tx in
            let user = EndUserModel.query(on: tx).filter(\.$id == userID)
            switch action {
            case .provided:
                try await user.set(\.$consentedAt, to: now).set(\.$consentWithdrawnAt, to: nil)
                    .set(\.$consentText.$id, to: textID).update()
            case .withdrawn:
                try await user.set(\.$consentWithdrawnAt, to: now).update()
            }
            try await ConsentEventModel(userID: userID, action: action, consentTextID: textID, at: now).create(on: tx)
        }
    }

    /// The user with their current consent and the text they consented to.
    public func consent(userID: UUID) async throws -> EndUserModel? {
        try await EndUserModel.query(on: db).filter(\.$id == userID).with(\.$consentText).first()
    }
}
