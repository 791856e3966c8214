/// Whether the environment requires consent before verification.
public struct ConsentRequirement: Codable, Sendable, Equatable {
    /// True when `verifyIdentity` fails with `consentRequired` until consent is given.
    public var required: Bool

    /// Creates the value from its fields.
    public init(required: Bool) { self.required = required }
}

/// A user's consent to identity-data processing.
public struct IdentityDataProcessingConsentStatus: Codable, Sendable, Equatable {
    /// True while consent is given and not withdrawn.
    public var consented: Bool
    /// When consent was last given.
    public var consentedAtEpochMs: Int64?
    /// When consent was withdrawn, if it was withdrawn after it was last given.
    public var consentWithdrawnAtEpochMs: Int64?
    /// The agreement the user consented to.
    public var content: String?
    /// The content type of `content`.
    public var contentType: String?
    /// The locale of `content`.
    public var locale: String?

    /// Creates the value from its fields.
    public init(consented: Bool, consentedAtEpochMs: Int64? = nil, consentWithdrawnAtEpochMs: Int64? = nil,
                content: String? = nil, contentType: String? = nil, locale: String? = nil) {
        self.consented = consented
        self.consentedAtEpochMs = consentedAtEpochMs
        self.consentWithdrawnAtEpochMs = consentWithdrawnAtEpochMs
        self.content = content
        self.contentType = contentType
        self.locale = locale
    }
}

/// The app's preferences for the consent text shown to the user.
public struct IdentityDataProcessingConsentContentInput: Codable, Sendable, Equatable {
    /// A content type the app can show, e.g. `text/plain`.
    public var preferredContentType: String
    /// The user's locale, e.g. `en-US`.
    public var preferredLocale: String

    /// Creates the value from its fields.
    public init(preferredContentType: String, preferredLocale: String) {
        self.preferredContentType = preferredContentType
        self.preferredLocale = preferredLocale
    }
}

/// A consent text: the closest match to the app's preferences.
public struct IdentityDataProcessingConsentContent: Codable, Sendable, Equatable {
    /// The agreement to show the user.
    public var content: String
    /// Its content type.
    public var contentType: String
    /// Its locale.
    public var locale: String

    /// Creates the value from its fields.
    public init(content: String, contentType: String, locale: String) {
        self.content = content
        self.contentType = contentType
        self.locale = locale
    }
}

/// The agreement the user accepted, exactly as it was shown.
public struct IdentityDataProcessingConsentInput: Codable, Sendable, Equatable {
    /// The text shown to the user, as returned by `getIdentityDataProcessingConsentContent`.
    public var content: String
    /// Its content type.
    public var contentType: String
    /// Its locale.
    public var locale: String

    /// Creates the value from its fields.
    public init(content: String, contentType: String, locale: String) {
        self.content = content
        self.contentType = contentType
        self.locale = locale
    }
}
