import Foundation

/// What a user is asked to approve (a payment, a change of address, …), in
/// the one byte form that both the device and the server hash and sign, so a
/// description cannot be shown one way and signed another.
public struct TransactionDescription: Sendable, Equatable, Codable {
    /// The app's own reference, unique per transaction.
    public var reference: String
    /// One sentence the user reads before approving.
    public var summary: String
    /// Named values shown with it (amount, currency, payee, …).
    public var details: [String: String]

    public static let maximumDetails = 32
    public static let maximumLength = 1000

    public init(reference: String, summary: String, details: [String: String] = [:]) {
        self.reference = reference
        self.summary = summary
        self.details = details
    }

    public var canonicalBytes: [UInt8] {
        func normalised(_ text: String) -> String { text.precomposedStringWithCanonicalMapping }
        let canonical = TransactionDescription(reference: normalised(reference), summary: normalised(summary),
                                               details: Dictionary(uniqueKeysWithValues: details.map { (normalised($0.key), normalised($0.value)) }))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(canonical)) ?? Data())
    }
}
