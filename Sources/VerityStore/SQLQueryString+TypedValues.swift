import SQLKit

/// A typed column's value written into a statement as a quoted constant,
/// spelled by its enum: `WHERE status = \(literal: JobStatus.queued)`.
///
/// A constant, not a bound value, where the statement filters on one fixed
/// value: a partial index (`… WHERE status = 'queued'`) is used only when the
/// query names the same constant, and a statement keeps one text for the
/// database's statement cache. Values a caller supplies are still bound.
extension SQLQueryString {
    public mutating func appendInterpolation<Value: RawRepresentable>(literal value: Value) where Value.RawValue == String {
        appendInterpolation(literal: value.rawValue)
    }

    /// `'a', 'b'`: for `IN (…)`.
    public mutating func appendInterpolation<Value: RawRepresentable>(literals values: [Value]) where Value.RawValue == String {
        appendInterpolation(literals: values.map(\.rawValue), joinedBy: ", ")
    }
}

/// The same for a statement PostgresNIO prepares from plain text.
enum SQLText {
    /// `value` as a quoted SQL constant. Enum raw values are this program's
    /// own words (letters, digits, `_`); anything else stops here rather
    /// than reach a statement.
    static func literal<Value: RawRepresentable>(_ value: Value) -> String where Value.RawValue == String {
        precondition(value.rawValue.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }, "not a plain word")
        return "'\(value.rawValue)'"
    }
}
