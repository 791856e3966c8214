import Foundation

/// Who makes a change, as the audit trail names them, and why when they said
/// so. Every front door (the admin API, the CLI, the console) hands one to
/// the feature's service, and the service writes the audit row in the
/// change's own transaction: the same row whichever door was used, and never
/// a change without its row.
package struct AuditedChange: Sendable, Equatable {
    /// `key:<prefix>`, `cli` or `operator:<id>`.
    package let actor: String
    /// The person's own words (the console asks for them), if any.
    package let reason: String?

    package init(actor: String, reason: String? = nil) {
        self.actor = actor
        self.reason = reason
    }

    /// The operator's command line on the server's machine.
    package static let cli = AuditedChange(actor: "cli")

    /// A request with a secret key, named by its prefix (never the key).
    package static func key(_ prefix: String) -> AuditedChange { AuditedChange(actor: "key:\(prefix)") }

    /// A console operator, with the reason they gave.
    package static func `operator`(_ id: UUID, reason: String? = nil) -> AuditedChange {
        AuditedChange(actor: "operator:\(id.uuidString.lowercased())", reason: reason)
    }

    /// The audit row's reason: the person's words, then what changed, as
    /// "Rotated. (vk_test_abc123…)"; just what changed when they said nothing.
    package func reason(with detail: String) -> String { reason.map { "\($0) (\(detail))" } ?? detail }
}
