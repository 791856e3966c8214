/// Markup that is safe to send. Text put into it is escaped; markup goes in
/// only as `HTML`, so a page that forgets to escape a value cannot exist:
///
///     let row: HTML = "<td>\(user.reference)</td>"   // the reference is escaped
///     let cell: HTML = "<tr>\(row)</tr>"              // markup stays markup
///
/// The literal parts are this program's own. Markup from anywhere else
/// (a chart drawn elsewhere, a translation that holds tags) comes in through
/// `HTML.trusted`, which says so at the place it happens.
struct HTML: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The markup, ready to send.
    private(set) var rendered: String

    private init(rendered: String) { self.rendered = rendered }

    init(stringLiteral literal: String) { rendered = literal }

    init(stringInterpolation: StringInterpolation) { rendered = stringInterpolation.rendered }

    /// Markup this program built some other way and already escaped. Every
    /// use is a place a reviewer should read: nothing from a user may reach it unescaped.
    static func trusted(_ markup: String) -> HTML { HTML(rendered: markup) }

    /// `text`, escaped: what interpolating a `String` does.
    static func text(_ text: String) -> HTML { HTML(rendered: escape(text)) }

    static let empty: HTML = ""

    var isEmpty: Bool { rendered.isEmpty }
    var description: String { rendered }

    static func + (left: HTML, right: HTML) -> HTML { HTML(rendered: left.rendered + right.rendered) }
    static func += (left: inout HTML, right: HTML) { left.rendered += right.rendered }

    struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var rendered = ""

        init(literalCapacity: Int, interpolationCount: Int) { rendered.reserveCapacity(literalCapacity + interpolationCount * 16) }

        mutating func appendLiteral(_ literal: String) { rendered += literal }
        /// Text: escaped.
        mutating func appendInterpolation(_ text: String) { rendered += HTML.escape(text) }
        mutating func appendInterpolation(_ text: Substring) { rendered += HTML.escape(String(text)) }
        /// Markup: as it is.
        mutating func appendInterpolation(_ markup: HTML) { rendered += markup.rendered }
        /// Pieces of markup, one after the other.
        mutating func appendInterpolation(_ pieces: [HTML]) { for piece in pieces { rendered += piece.rendered } }
        mutating func appendInterpolation<Number: BinaryInteger>(_ number: Number) { rendered += String(number) }
    }

    /// Text with the five characters that mean something in HTML written as entities
    /// (safe between tags and inside quoted attribute values).
    static func escape(_ text: String) -> String {
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
    func joined(separator: HTML = .empty) -> HTML {
        var out = HTML.empty
        for (index, piece) in enumerated() {
            if index > 0 { out += separator }
            out += piece
        }
        return out
    }
}
