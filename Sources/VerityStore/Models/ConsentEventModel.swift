import Fluent
import Foundation

/// One step in a user's consent history: given (with the text) or withdrawn.
public final class ConsentEventModel: Model, @unchecked Sendable {
    public static let schema = "consent_events"

    @ID public var id: UUID?
    @Parent(key: "user_id") public var user: EndUserModel
    @Field(key: "action") public var action: String
    @OptionalParent(key: "consent_text_id") public var consentText: ConsentTextModel?
    @Field(key: "at") public var at: Int64

    public init() {}

    public init(userID: UUID, action: ConsentAction, consentTextID: UUID?, at: Int64) {
        self.$user.id = userID
        self.action = action.rawValue
        self.$consentText.id = consentTextID
        self.at = at
    }
}

public enum ConsentAction: String, Sendable {
    case provided, withdrawn
}
