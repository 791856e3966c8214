import Foundation

/// Markup that is safe to send. Text put into it is escaped; markup goes in
/// only as `HTML`, so a page that forgets to escape a value cannot exist:
///
///     let row: HTML = "<td>\(user.reference)</td>"   // the reference is escaped
///     let cell: HTML = "<tr>\(row)</tr>"              // markup stays markup
///
/// The literal parts are this program's own. Markup from anywhere else
/// (a chart drawn elsewhere, a translation that holds tags) comes in through
/// `HTML.trusted`, which says so at the place it happens.
package struct HTML: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The markup, ready to send.
    private(set) var rendered: String

    private init(rendered: String) { self.rendered = rendered }

    package init(stringLiteral literal: String) { rendered = literal }

    package init(stringInterpolation: StringInterpolation) { rendered = stringInterpolation.rendered }

    /// Markup this program built some other way and already escaped. Every
    /// use is a place a reviewer should read: nothing from a user may reach it unescaped.
    package static func trusted(_ markup: String) -> HTML { HTML(rendered: markup) }

    /// `text`, escaped: what interpolating a `String` does.
    package static func text(_ text: String) -> HTML { HTML(rendered: escape(text)) }

    package static let empty: HTML = ""

    /// A translation with places for values (`%@` for the first, `%1`,
    /// `%2`, … by number), its words escaped and each value put in its place
    /// as markup, in one pass: a value that holds `%2` is not filled again.
    package static func filling(_ template: String, _ values: HTML...) -> HTML {
        var out = ""
        var characters = Array(template)[...]
        while let character = characters.popFirst() {
            if character == "%", let next = characters.first {
                let index: Int? = next == "@" ? 0 : next.wholeNumberValue.map { $0 - 1 }
                if let index, values.indices.contains(index) {
                    characters.removeFirst()
                    out += values[index].rendered
                    continue
                }
            }
            out += escape(String(character))
        }
        return HTML(rendered: out)
    }

    /// `value` as JSON for a `<script type="application/json">` island. The
    /// inside of a script element is not HTML-decoded, so it is not escaped
    /// as text; instead nothing in it can close the element (`<`, `>` and
    /// `&` are written as JSON escapes).
    package static func jsonIsland(_ value: some Encodable) -> HTML {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return HTML(rendered: json.replacingOccurrences(of: "<", with: "\\u003c").replacingOccurrences(of: ">", with: "\\u003e")
            .replacingOccurrences(of: "&", with: "\\u0026"))
    }

    package var isEmpty: Bool { rendered.isEmpty }
    package var description: String { rendered }

    package static func + (left: HTML, right: HTML) -> HTML { HTML(rendered: left.rendered + right.rendered) }
    package static func += (left: inout HTML, right: HTML) { left.rendered += right.rendered }

    package struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var rendered = ""

        package init(literalCapacity: Int, interpolationCount: Int) { rendered.reserveCapacity(literalCapacity + interpolationCount * 16) }

        package mutating func appendLiteral(_ literal: String) { rendered += literal }
        /// Text: escaped.
        package mutating func appendInterpolation(_ text: String) { rendered += HTML.escape(text) }
        package mutating func appendInterpolation(_ text: Substring) { rendered += HTML.escape(String(text)) }
        /// Markup: as it is.
        package mutating func appendInterpolation(_ markup: HTML) { rendered += markup.rendered }
        /// Pieces of markup, one after the other.
        package mutating func appendInterpolation(_ pieces: [HTML]) { for piece in pieces { rendered += piece.rendered } }
        package mutating func appendInterpolation<Number: BinaryInteger>(_ number: Number) { rendered += String(number) }
        /// A measure (a chart's coordinate): written as Swift writes a `Double`.
        package mutating func appendInterpolation(_ number: Double) { rendered += String(number) }
    }

    /// Text with the five characters that mean something in HTML written as entities
    /// (safe between tags and inside quoted attribute values).
    package static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}

extension Sequence where Element == HTML {
    /// The pieces one after the other, `separator` between them.
    package func joined(separator: HTML = .empty) -> HTML {
        var out = HTML.empty
        for (index, piece) in enumerated() {
            if index > 0 { out += separator }
            out += piece
        }
        return out
    }
}
