import Crypto
import Fluent
import Foundation
import VerityCore
import VerityStore
import VerityKernel

/// An environment's rules and consent texts, changed one way whichever door
/// asks (the console's settings page, `verity environment set`, `verity
/// consent add`): validated alike, and written with the same audit row
/// (`environment.configure` naming each setting changed, `consent.text.add`)
/// in the change's own transaction.
package struct EnvironmentSettings: Sendable {
    let db: any Database
    let clock: VerityClock

    /// The consent texts' media types: what a page can show as it is.
    static let consentContentTypes = ["text/plain", "text/html", "text/markdown"]

    /// Saves `configuration`, validated, and returns what changed as
    /// "setting old → new" (nothing changed: nothing written, no row). With
    /// `expectedVersion` (a form's `version`), a save made since the form was
    /// read wins and this one is refused as `SETTINGS_CHANGED`.
    package func configure(_ environment: EnvironmentModel, to configuration: EnvironmentConfiguration, expectedVersion: String?,
                           _ change: AuditedChange) async throws -> [String] {
        let configuration = try configuration.validated()
        let changes = Self.changes(from: environment.configuration, to: configuration)
        guard !changes.isEmpty else { return [] }
        let environmentID = try environment.requireID(), tenantID = environment.$tenant.id, now = clock.nowMillis()
        try await db.write { tx in
            // Read again inside the write (locked on PostgreSQL), so two saves from one reading never both land.
            guard try await TenantRepository.replaceConfiguration(environmentID: environmentID, with: configuration, on: tx, ifCurrent: { stored in
                try expectedVersion.map { try Self.version(stored) == $0 } ?? true
            }) else {
                throw VerityError(.settingsChanged, "these settings were changed since the form was opened")
            }
            try await AuditRepository.record("environment.configure", actor: change.actor, environmentID: environmentID, userID: nil,
                                             now: now, tenantID: tenantID, reason: change.reason(with: changes.joined(separator: "; ")), on: tx)
        }
        environment.configuration = configuration
        return changes
    }

    /// Adds a consent text for its locale; the locale's earlier text is kept
    /// for the consents given under it.
    package func addConsentText(_ environment: EnvironmentModel, locale rawLocale: String, contentType rawType: String, content: String,
                                _ change: AuditedChange) async throws {
        let locale = rawLocale.trimmingCharacters(in: .whitespaces)
        guard ConsentContentSelector.isValidLocale(locale) else { throw VerityError.invalid("locale", "a locale such as en-US") }
        let type = rawType.trimmingCharacters(in: .whitespaces).lowercased()
        guard Self.consentContentTypes.contains(type) else {
            throw VerityError.invalid("contentType", Self.consentContentTypes.joined(separator: ", "))
        }
        guard !content.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, content.utf8.count <= ConsentService.maxContentBytes else {
            throw VerityError.invalid("content", "1 to \(ConsentService.maxContentBytes) bytes")
        }
        let environmentID = try environment.requireID(), tenantID = environment.$tenant.id, now = clock.nowMillis()
        let normalised = ConsentContentSelector.normalizeLocale(locale)
        try await db.write { tx in
            _ = try await ConsentRepository.addText(environmentID: environmentID, locale: normalised, contentType: type, content: content,
                                                    now: now, on: tx)
            try await AuditRepository.record("consent.text.add", actor: change.actor, environmentID: environmentID, userID: nil, now: now,
                                             tenantID: tenantID, reason: change.reason(with: "\(normalised) \(type), \(content.count) characters"),
                                             on: tx)
        }
    }

    /// The configuration as a short hash: equal configurations, equal versions.
    package static func version(_ configuration: EnvironmentConfiguration) throws -> String {
        SHA256.hash(data: try sortedJSON(configuration)).prefix(12).map { String(format: "%02x", $0) }.joined()
    }

    /// Each setting that differs, by its path in the configuration
    /// ("policy.maxAttempts 3 → 5"), for the audit trail: settings are not PII.
    static func changes(from old: EnvironmentConfiguration, to new: EnvironmentConfiguration) -> [String] {
        guard let before = try? leaves(old), let after = try? leaves(new) else { return ["settings replaced"] }
        return Set(before.keys).union(after.keys).sorted().compactMap { path in
            let was = before[path] ?? "none", now = after[path] ?? "none"
            return was == now ? nil : "\(path) \(was.prefix(200)) → \(now.prefix(200))"
        }
    }

    /// The configuration's values by dotted path, each written as JSON writes it.
    private static func leaves(_ configuration: EnvironmentConfiguration) throws -> [String: String] {
        var found: [String: String] = [:]
        func walk(_ value: Any, _ path: String) throws {
            if let object = value as? [String: Any] {
                for (key, child) in object { try walk(child, path.isEmpty ? key : "\(path).\(key)") }
            } else {
                let data = try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes])
                found[path] = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\"", with: "")
            }
        }
        try walk(try JSONSerialization.jsonObject(with: try sortedJSON(configuration)), "")
        return found
    }

    private static func sortedJSON(_ configuration: EnvironmentConfiguration) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(configuration)
    }

    package init(db: any Database, clock: VerityClock) {
        self.db = db
        self.clock = clock
    }
}
