import Foundation

/// One environment variable the server reads, declared once: its name, its
/// default as an operator reads it, and what it does; a whole number also
/// its default value and bounds. `Settings.from(environment:)` reads through
/// these, `verity serve --help` prints them, and the table in
/// `docs/operations.md` is theirs (`SettingsDeclarationTests` fails when the
/// table and these differ). Adding a setting is one declaration here, one
/// line in `all`, and the line that reads it.
package struct SettingVariable: Sendable, Hashable {
    package let name: String
    /// The default, in words where it is not a plain value ("the number of cores").
    let defaultText: String
    let help: String
    /// For a whole number: its default and the values it may take.
    let integer: IntegerRule?

    struct IntegerRule: Sendable, Hashable {
        let defaultValue: Int
        let range: ClosedRange<Int>
    }

    /// A text variable.
    init(_ name: String, default defaultText: String, _ help: String) {
        self.name = name
        self.defaultText = defaultText
        self.help = help
        integer = nil
    }

    /// A whole number in `range`, `defaultValue` when unset (`defaultText`
    /// says it in words when it is not a fixed number).
    init(_ name: String, integer defaultValue: Int, in range: ClosedRange<Int>, default defaultText: String? = nil, _ help: String) {
        self.name = name
        self.defaultText = defaultText ?? Self.grouped(defaultValue)
        self.help = help
        integer = IntegerRule(defaultValue: defaultValue, range: range)
    }

    /// The default value of a whole-number variable.
    var defaultInteger: Int {
        guard let integer else { preconditionFailure("\(name) is not a whole number") }
        return integer.defaultValue
    }

    /// What it does, with its bounds when it has them.
    package var description: String {
        guard let range = integer?.range else { return help }
        return "\(help) (\(range.lowerBound)–\(range.upperBound))"
    }

    /// 4096 as an operator reads it: 4,096.
    private static func grouped(_ value: Int) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.locale = Locale(identifier: "en_US")
        return formatter.string(from: NSNumber(value: value)) ?? String(value)
    }
}

extension SettingVariable {
    /// The table `docs/operations.md` holds between its settings markers.
    static var markdownTable: String {
        var lines = ["| variable | default | what it does |", "|---|---|---|"]
        for variable in all {
            let cells = [variable.name, variable.defaultText, variable.description].map {
                $0.replacingOccurrences(of: "|", with: "\\|")
            }
            lines.append("| `\(cells[0])` | \(cells[1]) | \(cells[2]) |")
        }
        return lines.joined(separator: "\n")
    }
}

extension [String: String] {
    /// The variable's value, or nil when it is unset or empty (an empty variable is an unset one).
    package subscript(variable: SettingVariable) -> String? {
        guard let value = self[variable.name], !value.isEmpty else { return nil }
        return value
    }
}
