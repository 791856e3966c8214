import Foundation

/// A small XML reader for the lists published as XML (the UN's): elements,
/// attributes, text, CDATA, comments, the five predefined entities and
/// character references. It refuses a DOCTYPE, so no entity is ever defined
/// or fetched (no XXE, no billion laughs), and it is Swift throughout: a list
/// file is outside bytes, and no C parser reads them.
public struct XMLTree: Sendable, Equatable {
    public var name: String
    public var attributes: [String: String]
    public var children: [XMLTree]
    /// The element's own text (not its children's), entities resolved, untrimmed.
    public var text: String

    /// The first child named `name`.
    public func child(_ name: String) -> XMLTree? { children.first { $0.name == name } }
    /// Every child named `name`.
    public func children(_ name: String) -> [XMLTree] { children.filter { $0.name == name } }
    /// The trimmed text of the first child named `name`, nil when absent or empty.
    public func value(_ name: String) -> String? {
        guard let text = child(name)?.text.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text
    }

    public static let maximumDepth = 64

    /// The document element of `bytes` (UTF-8); a malformed document is
    /// `INVALID_INPUT` naming the line where reading stopped.
    public static func parse(_ bytes: [UInt8]) throws(VerityError) -> XMLTree {
        var reader = XMLReader(bytes: bytes)
        return try reader.document()
    }
}

private struct XMLReader {
    let bytes: [UInt8]
    var at = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte order mark is not part of the document.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { at = 3 }
    }

    func fail(_ message: String) -> VerityError {
        let line = bytes[..<min(at, bytes.count)].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        return VerityError.invalid("file", "not well-formed XML at line \(line): \(message)")
    }

    func peek(_ text: String) -> Bool { bytes[at...].starts(with: text.utf8) }

    mutating func skipSpace() { while at < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at]) { at += 1 } }

    /// Skips past `end`, or fails naming `what`.
    mutating func skip(past end: String, _ what: String) throws(VerityError) {
        let needle = Array(end.utf8)
        while at + needle.count <= bytes.count {
            if bytes[at..<(at + needle.count)].elementsEqual(needle) { at += needle.count; return }
            at += 1
        }
        throw fail("\(what) is not closed")
    }

    mutating func document() throws(VerityError) -> XMLTree {
        try misc()
        guard at < bytes.count, bytes[at] == UInt8(ascii: "<") else { throw fail("no document element") }
        let root = try element(depth: 0)
        try misc()
        guard at == bytes.count else { throw fail("content after the document element") }
        return root
    }

    /// The prolog and what may follow the document element: the XML
    /// declaration, processing instructions, comments and space.
    mutating func misc() throws(VerityError) {
        while true {
            skipSpace()
            if peek("<?") { try skip(past: "?>", "a processing instruction") }
            else if peek("<!--") { try skip(past: "-->", "a comment") }
            else if peek("<!DOCTYPE") || peek("<!doctype") { throw fail("a DOCTYPE is refused (lists define no entities)") }
            else { return }
        }
    }

    mutating func name() throws(VerityError) -> String {
        let start = at
        while at < bytes.count {
            let byte = bytes[at]
            let isNameByte = byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
            guard isNameByte else { break }
            at += 1
        }
        guard at > start else { throw fail("a name was expected") }
        return String(decoding: bytes[start..<at], as: UTF8.self)
    }

    mutating func element(depth: Int) throws(VerityError) -> XMLTree {
        guard depth < XMLTree.maximumDepth else { throw fail("elements nested deeper than \(XMLTree.maximumDepth)") }
        at += 1   // <
        var node = XMLTree(name: try name(), attributes: [:], children: [], text: "")
        while true {
            skipSpace()
            guard at < bytes.count else { throw fail("<\(node.name)> is not closed") }
            if peek("/>") { at += 2; return node }
            if bytes[at] == UInt8(ascii: ">") { at += 1; break }
            let attribute = try name()
            skipSpace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: "=") else { throw fail("attribute \(attribute) has no value") }
            at += 1
            skipSpace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") || bytes[at] == UInt8(ascii: "'") else { throw fail("attribute \(attribute) is not quoted") }
            let quote = bytes[at]
            at += 1
            node.attributes[attribute] = try characters(until: quote)
            at += 1
        }
        while true {
            guard at < bytes.count else { throw fail("<\(node.name)> is not closed") }
            if peek("</") {
                at += 2
                let closing = try name()
                guard closing == node.name else { throw fail("</\(closing)> closes <\(node.name)>") }
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: ">") else { throw fail("</\(closing) is not closed") }
                at += 1
                return node
            } else if peek("<!--") {
                try skip(past: "-->", "a comment")
            } else if peek("<![CDATA[") {
                at += 9
                let start = at
                try skip(past: "]]>", "a CDATA section")
                node.text += String(decoding: bytes[start..<(at - 3)], as: UTF8.self)
            } else if peek("<?") {
                try skip(past: "?>", "a processing instruction")
            } else if peek("<!") {
                throw fail("a declaration inside an element")
            } else if bytes[at] == UInt8(ascii: "<") {
                node.children.append(try element(depth: depth + 1))
            } else {
                node.text += try characters(until: UInt8(ascii: "<"))
            }
        }
    }

    /// Text up to (not including) `end`, with entities and character references resolved.
    mutating func characters(until end: UInt8) throws(VerityError) -> String {
        var out: [UInt8] = []
        while at < bytes.count, bytes[at] != end {
            if bytes[at] == UInt8(ascii: "&") {
                out += try reference()
            } else {
                if end != UInt8(ascii: "<"), bytes[at] == UInt8(ascii: "<") { throw fail("< inside an attribute value") }
                out.append(bytes[at])
                at += 1
            }
        }
        guard at < bytes.count else { throw fail("the document ends inside text") }
        return String(decoding: out, as: UTF8.self)
    }

    mutating func reference() throws(VerityError) -> [UInt8] {
        let start = at
        while at < bytes.count, bytes[at] != UInt8(ascii: ";"), at - start < 12 { at += 1 }
        guard at < bytes.count, bytes[at] == UInt8(ascii: ";") else { throw fail("an & that starts no entity") }
        let body = String(decoding: bytes[(start + 1)..<at], as: UTF8.self)
        at += 1
        switch body {
        case "amp": return Array("&".utf8)
        case "lt": return Array("<".utf8)
        case "gt": return Array(">".utf8)
        case "quot": return Array("\"".utf8)
        case "apos": return Array("'".utf8)
        default:
            let value: UInt32? = body.hasPrefix("#x") ? UInt32(body.dropFirst(2), radix: 16) : body.hasPrefix("#") ? UInt32(body.dropFirst()) : nil
            guard let value, let scalar = Unicode.Scalar(value), value != 0 else { throw fail("&\(body); is not an entity XML defines") }
            return Array(String(Character(scalar)).utf8)
        }
    }
}
