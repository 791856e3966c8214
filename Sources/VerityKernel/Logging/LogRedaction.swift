import Foundation
import Logging

/// What never reaches a log line, whoever logs it (Verity, Vapor, Fluent,
/// SQLKit, PostgresNIO): credentials Verity issues, and the values a
/// database driver binds into its statements. Both handlers pass every
/// message and metadata value through here.
public enum LogRedaction {
    /// Prefixes of every credential Verity issues, each followed by its
    /// random part (`LogRedactionTests` finds them in the sources and fails
    /// when one is missing here). The environment kind is part of some.
    public static let credentialPrefixes = [
        "vk_test_", "vk_live_", "vdt_", "vas_", "whsec_", "vht_", "vhk_test_", "vhk_live_", "pk_demo_",
        "msess_test_", "msess_live_", "msess_demo_", "ocrs_", "ocrf_", "ocrb_", "ocrc_",
    ]

    /// Metadata keys whose values are the data a statement reads or writes:
    /// SQLKit's `binds` (both drivers, at the statement log level),
    /// FluentKit's `input` and `filters` (its debug "Running query" line),
    /// and PostgresNIO's trace-level wire messages and connection actions,
    /// which carry the same values. Their values are withheld, the key kept.
    public static let withheldMetadataKeys: Set<String> = [
        "binds", "input", "filters", "psql_binds", "psql_message", "psql_message_payload", "psql_connection_action", "psql_user_event",
    ]

    static let withheld = "[withheld]"

    /// A metadata value as it may be logged.
    static func value(_ value: Logger.Metadata.Value, forKey key: String) -> String {
        withheldMetadataKeys.contains(key) ? withheld : redactingCredentials(JSONLogHandler.flatten(value))
    }

    /// Text with every credential's secret part replaced by `[redacted]`:
    /// bearer credentials, prefixed tokens and keys, JWTs (user tokens),
    /// `otpauth://` URIs (a second factor's secret) and capture links' tokens.
    public static func redactingCredentials(_ text: String) -> String {
        guard markers.contains(where: { text.contains($0) }) else { return text }
        var result = text
        for (pattern, template) in patterns {
            result = result.replacingOccurrences(of: pattern, with: template, options: .regularExpression)
        }
        return result
    }

    /// Cheap tests before any regular expression runs: most lines have none.
    private static let markers = ["Bearer", "eyJ", "otpauth:", "/capture/"] + Set(credentialPrefixes.map { String($0.prefix(3)) })

    private static let patterns: [(String, String)] = [
        (#"Bearer\s+[^\s;,"]+"#, "Bearer [redacted]"),
        // Not inside a longer word ("canvas_" is no `vas_` session).
        ("(?<![0-9A-Za-z_])(" + credentialPrefixes.map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: "|") + #")[0-9A-Za-z._-]+"#,
         "$1[redacted]"),
        // A JWT: three base64url parts, the first a JSON header ("eyJ" is `{"`).
        (#"eyJ[0-9A-Za-z_-]*\.[0-9A-Za-z_-]+\.[0-9A-Za-z_-]*"#, "[redacted JWT]"),
        (#"otpauth://[^\s"',;]+"#, "otpauth://[redacted]"),
        // A capture link's token is 43 characters of base64url in its path.
        (#"/capture/[0-9A-Za-z_-]{43}"#, "/capture/[redacted]"),
    ]
}
