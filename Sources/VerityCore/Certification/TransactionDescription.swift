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

    /// Throws `VALIDATION_ERROR` naming the field.
    public func validated() throws(VerityError) -> TransactionDescription {
        guard (1...128).contains(reference.count), reference.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.:".contains($0)) }) else {
            throw VerityError(.validationError, "reference is 1–128 letters, digits, '-', '_', '.' or ':'.", field: "reference")
        }
        guard (1...Self.maximumLength).contains(summary.count), !Self.hasControlCharacters(summary) else {
            throw VerityError(.validationError, "summary is 1–\(Self.maximumLength) printable characters.", field: "summary")
        }
        guard details.count <= Self.maximumDetails else {
            throw VerityError(.validationError, "At most \(Self.maximumDetails) details.", field: "details")
        }
        for (name, value) in details {
            guard (1...64).contains(name.count), !Self.hasControlCharacters(name), value.count <= Self.maximumLength, !Self.hasControlCharacters(value) else {
                throw VerityError(.validationError, "Detail names are 1–64 and values at most \(Self.maximumLength) printable characters.", field: "details")
            }
        }
        return self
    }

    /// JSON with sorted keys, no spaces, strings in Unicode NFC: the bytes whose SHA-256 the user signs.
    public var canonicalBytes: [UInt8] {
        func normalised(_ text: String) -> String { text.precomposedStringWithCanonicalMapping }
        let canonical = TransactionDescription(reference: normalised(reference), summary: normalised(summary),
                                               details: Dictionary(uniqueKeysWithValues: details.map { (normalised($0.key), normalised($0.value)) }))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(canonical)) ?? Data())
    }

    private static func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
