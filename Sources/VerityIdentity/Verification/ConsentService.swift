import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityStore
import VerityKernel

/// Consent to identity-data processing: texts, the user's status and history.
/// Built once at start-up; each call works through the context's database handle.
struct ConsentService: Sendable {
    let clock: VerityClock

    static let maxContentBytes = 32 * 1024

    /// The user's consent as it stands; the text and time of the last
    /// consent stay visible after a withdrawal.
    func status(context: IdentityContext) async throws -> IdentityDataProcessingConsentStatus {
        guard let user = try await ConsentRepository(db: context.db).consent(userID: context.userID), let consentedAt = user.consentedAt else {
            return IdentityDataProcessingConsentStatus(consented: false)
        }
        let text = user.consentText
        return IdentityDataProcessingConsentStatus(
            consented: user.consented, consentedAtEpochMs: consentedAt, consentWithdrawnAtEpochMs: user.consentWithdrawnAt,
            content: text?.content, contentType: text?.contentType, locale: text?.locale)
    }

    func content(context: IdentityContext, preferredContentType: String?,
                 preferredLocale: String?) async throws -> IdentityDataProcessingConsentContent {
        if let type = preferredContentType, !ConsentContentSelector.isValidContentType(type) {
            throw VerityError.invalid("preferredContentType", "preferredContentType must be a media type such as text/plain")
        }
        if let locale = preferredLocale, !ConsentContentSelector.isValidLocale(locale) {
            throw VerityError.invalid("preferredLocale", "preferredLocale must be a locale such as en-US")
        }
        let texts = try await ConsentRepository(db: context.db).currentTexts(environmentID: context.environmentID)
        let choices = texts.map { ConsentTextChoice(locale: $0.locale, contentType: $0.contentType) }
        guard let choice = ConsentContentSelector.select(
            from: choices, preferredLocale: preferredLocale, preferredContentType: preferredContentType,
            defaultLocale: context.configuration.defaultConsentLocale),
              let text = texts.first(where: { $0.locale == choice.locale && $0.contentType == choice.contentType })
        else { throw VerityError(.consentContentNotFound, "no consent text has been published for this environment") }
        return IdentityDataProcessingConsentContent(content: text.content, contentType: text.contentType, locale: text.locale)
    }

    /// Records consent to `input`, which must be a current text exactly as served.
    func provide(_ input: IdentityDataProcessingConsentInput,
                 context: IdentityContext) async throws -> IdentityDataProcessingConsentStatus {
        let userID = context.userID
        guard !input.content.isEmpty else { throw VerityError.invalid("content", "content must not be empty") }
        guard input.content.utf8.count <= Self.maxContentBytes else {
            throw VerityError.invalid("content", "content must be at most \(Self.maxContentBytes) bytes")
        }
        guard ConsentContentSelector.isValidContentType(input.contentType) else {
            throw VerityError.invalid("contentType", "contentType must be a media type such as text/plain")
        }
        guard ConsentContentSelector.isValidLocale(input.locale) else {
            throw VerityError.invalid("locale", "locale must be a locale such as en-US")
        }
        let texts = try await ConsentRepository(db: context.db).currentTexts(environmentID: context.environmentID)
        let locale = ConsentContentSelector.normalizeLocale(input.locale)
        guard let text = texts.first(where: {
            ConsentContentSelector.normalizeLocale($0.locale) == locale
                && $0.contentType.lowercased() == input.contentType.lowercased() && $0.content == input.content
        }) else {
            throw VerityError(.consentContentMismatch, "the content is not the current consent text for this locale and content type",
                              field: "content")
        }
        let current = try await status(context: context)
        if !(current.consented && current.content == text.content && current.locale == text.locale) {
            try await ConsentRepository(db: context.db).record(userID: userID, action: .provided, textID: text.requireID(), now: clock.nowMillis())
        }
        return try await status(context: context)
    }

    /// Withdraws consent; a no-op when none is given. Earlier verification stands.
    func withdraw(context: IdentityContext) async throws -> IdentityDataProcessingConsentStatus {
        if try await status(context: context).consented {
            try await ConsentRepository(db: context.db).record(userID: context.userID, action: .withdrawn, textID: nil, now: clock.nowMillis())
        }
        return try await status(context: context)
    }

    init(clock: VerityClock) {
        self.clock = clock
    }
}
