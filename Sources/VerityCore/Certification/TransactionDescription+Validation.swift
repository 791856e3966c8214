/// The server's checks of a transaction description before an approval is asked for.
extension TransactionDescription {
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

    fileprivate static func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
