import Fluent
import Foundation
import VerityCore
import VerityStore
import VerityKernel
import VerityOperators
import VerityIdentity

/// An environment's verification rules and consent texts as an admin sees
/// and changes them in the console: the same rules `verity environment set`
/// changes, validated the same way, each change audited as the operator with
/// what changed and why. A form read before someone else saved is refused
/// rather than writing over their change.
struct ConsoleEnvironmentSettings: Sendable {
    let db: any Database
    let clock: VerityClock

    /// The rules a console form edits; the rest of the configuration is the CLI's and the admin API's.
    struct Rules: Sendable, Equatable {
        var countries: [String]
        var maxAttempts: Int
        var consentRequired: Bool
        var escalateToGovernmentID: Bool
        var faceThreshold: Double
        var review: Bool
        var reviewMargin: Double

        init(_ configuration: EnvironmentConfiguration) {
            countries = configuration.supportedCountries
            maxAttempts = configuration.policy.maxAttempts
            consentRequired = configuration.consentRequired
            escalateToGovernmentID = configuration.policy.escalateToGovernmentID
            faceThreshold = configuration.faces.matchThreshold
            review = configuration.documents.review.enabled
            reviewMargin = configuration.documents.review.faceMargin
        }

        func applied(to configuration: EnvironmentConfiguration) -> EnvironmentConfiguration {
            var changed = configuration
            changed.supportedCountries = countries
            changed.policy.maxAttempts = maxAttempts
            changed.consentRequired = consentRequired
            changed.policy.escalateToGovernmentID = escalateToGovernmentID
            changed.faces.matchThreshold = faceThreshold
            changed.documents.review.enabled = review
            changed.documents.review.faceMargin = reviewMargin
            return changed
        }

    }

    struct ConsentText: Sendable {
        let locale: String
        let contentType: String
        let characters: Int
        let addedAt: Int64
    }

    struct View: Sendable {
        let environment: EnvironmentKind
        let rules: Rules
        /// The configuration's fingerprint when read: a form sends it back.
        let version: String
        let defaultLocale: String
        let consentTexts: [ConsentText]
    }

    /// The form as posted: text, checked as it is read.
    struct RulesForm: Sendable {
        var countries: String?
        var maxAttempts: String?
        var consentRequired: Bool
        var escalate: Bool
        var faceThreshold: String?
        var review: Bool
        var reviewMargin: String?
        var version: String?
        var reason: String?
    }

    static let reasonLength = 400

    func view(_ kind: EnvironmentKind, session: OperatorAccounts.Session) async throws -> View {
        let environment = try await Self.environment(kind, session: session, db: db)
        let texts = try await ConsentRepository(db: db).currentTexts(environmentID: try environment.requireID()).map {
            ConsentText(locale: $0.locale, contentType: $0.contentType, characters: $0.content.count, addedAt: $0.createdAt)
        }
        return View(environment: kind, rules: Rules(environment.configuration), version: try Self.version(environment.configuration),
                    defaultLocale: environment.configuration.defaultConsentLocale, consentTexts: texts)
    }

    /// Saves the rules if the environment is as the form read it; returns what changed (nothing: nothing written).
    func update(_ kind: EnvironmentKind, form: RulesForm, session: OperatorAccounts.Session) async throws -> [String] {
        try Self.requireConfirmedAdmin(session, now: clock.nowMillis())
        let reason = try Self.reason(form.reason)
        let environment = try await Self.environment(kind, session: session, db: db)
        var rules = Rules(environment.configuration)
        rules.countries = try Self.countries(form.countries)
        rules.maxAttempts = try Self.number(form.maxAttempts, field: "maxAttempts")
        rules.consentRequired = form.consentRequired
        rules.escalateToGovernmentID = form.escalate
        rules.faceThreshold = try Self.decimal(form.faceThreshold, field: "faceThreshold")
        rules.review = form.review
        rules.reviewMargin = try Self.decimal(form.reviewMargin, field: "reviewMargin")
        let configuration = try Self.validated(rules.applied(to: environment.configuration))
        return try await EnvironmentSettings(db: db, clock: clock).configure(environment, to: configuration, expectedVersion: form.version ?? "",
                                                                            .operator(session.operatorID, reason: reason))
    }

    /// Adds a consent text for its locale (the locale's text before it is superseded, kept for the consents given under it).
    func addConsentText(_ kind: EnvironmentKind, locale: String?, contentType: String?, content: String?,
                        session: OperatorAccounts.Session) async throws {
        try Self.requireConfirmedAdmin(session, now: clock.nowMillis())
        let environment = try await Self.environment(kind, session: session, db: db)
        try await EnvironmentSettings(db: db, clock: clock).addConsentText(environment, locale: locale ?? "", contentType: contentType ?? "",
                                                                         content: content ?? "", .operator(session.operatorID))
    }

    // MARK: - checks

    static func requireAdmin(_ session: OperatorAccounts.Session) throws {
        guard session.role.includes(.admin) else {
            throw VerityError(.roleNotAuthorized, "changing settings needs the admin role")
        }
    }

    /// An admin who proved themselves within the last few minutes: what every
    /// change to keys, operators and settings asks (`OperatorAccounts.requireConfirmed`).
    static func requireConfirmedAdmin(_ session: OperatorAccounts.Session, now: Int64) throws {
        try requireAdmin(session)
        try OperatorAccounts.requireConfirmed(session, now: now)
    }

    static func environment(_ kind: EnvironmentKind, session: OperatorAccounts.Session, db: any Database) async throws -> EnvironmentModel {
        guard let environment = try await TenantRepository(db: db).environment(tenantID: session.tenantID, kind: kind) else {
            throw VerityError(.notFound, "this tenant has no \(kind.rawValue) environment", field: "environment")
        }
        return environment
    }

    /// The configuration as a short hash (a form sends it back).
    static func version(_ configuration: EnvironmentConfiguration) throws -> String { try EnvironmentSettings.version(configuration) }

    static func reason(_ text: String?) throws -> String {
        let reason = (text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reason.isEmpty, reason.count <= reasonLength,
              !reason.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\n" }) else {
            throw VerityError.invalid("settingsReason", "say why, in 1 to \(reasonLength) characters")
        }
        return reason
    }

    static func countries(_ text: String?) throws -> [String] {
        let parts = (text ?? "").split { $0 == "," || $0 == " " || $0 == "\n" }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !parts.isEmpty, parts.count <= 250, (text ?? "").count <= 1_000 else { throw VerityError.invalid("countries", "ISO country codes") }
        return parts.map { $0.uppercased() }
    }

    static func number(_ text: String?, field: String) throws -> Int {
        guard let text, text.count <= 6, let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
            throw VerityError.invalid(field, "a whole number")
        }
        return value
    }

    static func decimal(_ text: String?, field: String) throws -> Double {
        guard let text, text.count <= 12, let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            throw VerityError.invalid(field, "a number such as 0.58")
        }
        return value
    }

    /// The configuration checked as the CLI's is, its problem named by the form's field.
    static func validated(_ configuration: EnvironmentConfiguration) throws(VerityError) -> EnvironmentConfiguration {
        do {
            return try configuration.validated()
        } catch {
            throw VerityError.invalid(formField(error.field), error.message)
        }
    }

    /// The form's name for a configuration field a validation named.
    static func formField(_ field: String?) -> String {
        switch field {
        case "supportedCountries": "countries"
        case "faces.matchThreshold": "faceThreshold"
        case "documents.review.faceMargin": "reviewMargin"
        default: field ?? "settings"
        }
    }
}
