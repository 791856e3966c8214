import Fluent
import Foundation

/// A consent agreement an administrator published. Publishing a text for an
/// environment, locale and content type supersedes the one before it.
public final class ConsentTextModel: Model, @unchecked Sendable {
    public static let schema = "consent_texts"

    @ID public var id: UUID?
    @Parent(key: "environment_id") public var environment: EnvironmentModel
    @Field(key: "locale") public var locale: String
    @Field(key: "content_type") public var contentType: String
    @Field(key: "content") public var content: String
    @Field(key: "created_at") public var createdAt: Int64
    @OptionalField(key: "superseded_at") public var supersededAt: Int64?

    public init() {}

    public init(environmentID: UUID, locale: String, contentType: String, content: String, createdAt: Int64) {
        self.$environment.id = environmentID
        self.locale = locale
        self.contentType = contentType
        self.content = content
        self.createdAt = createdAt
    }
}
