import Foundation
import VerityCore

/// What may cross a network: Verity speaks to the services a user brings
/// (bureau, external CA, SMS gateway) and is reached by phones (capture
/// links) only over TLS, except on the machine itself.
package enum TransportRules {
    /// Whether `host` names this machine: the webhooks' own test, which
    /// reads a 127/8 literal as an address (never `127.example.com`).
    static func isLoopback(_ host: String) -> Bool { WebhookAddress.isLoopbackName(host) }

    /// `text` as an https URL, or an http one to a loopback host; anything
    /// else names `variable` and what to do.
    static func outboundURL(_ text: String, variable: String) throws -> URL {
        guard let parsed = URL(string: text), let scheme = parsed.scheme, ["http", "https"].contains(scheme), let host = parsed.host,
              !host.isEmpty else {
            throw SettingsError(variable: variable, problem: "must be an https URL")
        }
        guard scheme == "https" || isLoopback(host) else {
            throw SettingsError(variable: variable, problem: "must be https: http only to this machine (localhost, 127.0.0.1, ::1)")
        }
        return parsed
    }

    /// A PostgreSQL URL off this machine with no `sslmode` gets
    /// `sslmode=require`: personal data does not cross a network in clear
    /// unless the operator says so (and `verity doctor` then warns).
    static func postgresURL(_ url: String) -> String {
        guard var components = URLComponents(string: url), let host = components.host, !isLoopback(host) else { return url }
        var query = components.queryItems ?? []
        guard !query.contains(where: { $0.name == "sslmode" }) else { return url }
        query.append(URLQueryItem(name: "sslmode", value: "require"))
        components.queryItems = query
        return components.string ?? url
    }

    /// Whether a PostgreSQL URL sends in clear off this machine.
    package static func postgresInClear(_ url: String) -> Bool {
        guard let components = URLComponents(string: url), let host = components.host, !isLoopback(host) else { return false }
        let mode = components.queryItems?.first { $0.name == "sslmode" }?.value ?? "require"
        return ["disable", "allow", "prefer"].contains(mode)
    }
}
