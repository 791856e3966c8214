/// Reads BER: definite and indefinite lengths, long tags, strings in pieces.
/// Chips write BER, not always DER (an SOD may use indefinite lengths), so
/// this is lenient about encodings and strict about bounds: every length is
/// checked against what remains, nesting is limited, and nothing is read
/// past the end. It never traps on any input (`ChipFuzzing` holds it to that).
struct BERReader {
    /// Deeper than any structure in ICAO 9303 or X.509; a crafted file nested
    /// deeper would only be an attempt on the stack.
    static let maximumDepth = 48

    private let bytes: [UInt8]

    /// The one element `bytes` hold; bytes after it are an error unless
    /// `allowingTrailingBytes` (a file read with its padding).
    static func parse(_ bytes: [UInt8], allowingTrailingBytes: Bool = false) throws(ChipFormatError) -> BERNode {
        let reader = BERReader(bytes: bytes)
        var position = 0
        let node = try reader.element(&position, end: bytes.count, depth: 0)
        guard allowingTrailingBytes || position == bytes.count else { throw ChipFormatError("bytes follow the element") }
        return node
    }

    /// The elements `bytes` hold one after another.
    static func elements(_ bytes: [UInt8]) throws(ChipFormatError) -> [BERNode] {
        try BERReader(bytes: bytes).elements(0, end: bytes.count, depth: 0)
    }

    private func elements(_ start: Int, end: Int, depth: Int) throws(ChipFormatError) -> [BERNode] {
        var position = start
        var nodes: [BERNode] = []
        while position < end {
            nodes.append(try element(&position, end: end, depth: depth))
        }
        return nodes
    }

    private func element(_ position: inout Int, end: Int, depth: Int) throws(ChipFormatError) -> BERNode {
        guard depth <= Self.maximumDepth else { throw ChipFormatError("the structure nests too deep") }
        let start = position
        let first = try byte(&position, end: end)
        let tagClass = BERNode.TagClass(rawValue: first >> 6) ?? .universal
        let constructed = first & 0x20 != 0
        var number = UInt32(first & 0x1F)
        if number == 0x1F {
            number = try longTagNumber(&position, end: end)
        }
        let lengthByte = try byte(&position, end: end)
        if lengthByte == 0x80 {
            guard constructed else { throw ChipFormatError("a primitive element has an indefinite length") }
            var children: [BERNode] = []
            while true {
                guard end - position >= 2 else { throw ChipFormatError("an indefinite length has no end") }
                if bytes[position] == 0, bytes[position + 1] == 0 {
                    position += 2
                    break
                }
                children.append(try element(&position, end: end, depth: depth + 1))
            }
            return BERNode(
                tagClass: tagClass, tagNumber: number, isConstructed: true,
                encoded: bytes[start..<position], content: [], children: children)
        }
        let length = try definiteLength(lengthByte, &position, end: end)
        guard length <= end - position else { throw ChipFormatError("an element is longer than what holds it") }
        let contentRange = position..<(position + length)
        position += length
        guard constructed else {
            return BERNode(
                tagClass: tagClass, tagNumber: number, isConstructed: false,
                encoded: bytes[start..<position], content: bytes[contentRange], children: [])
        }
        return BERNode(
            tagClass: tagClass, tagNumber: number, isConstructed: true, encoded: bytes[start..<position], content: [],
            children: try elements(contentRange.lowerBound, end: contentRange.upperBound, depth: depth + 1))
    }

    private func byte(_ position: inout Int, end: Int) throws(ChipFormatError) -> UInt8 {
        guard position < end else { throw ChipFormatError("an element is cut short") }
        defer { position += 1 }
        return bytes[position]
    }

    private func longTagNumber(_ position: inout Int, end: Int) throws(ChipFormatError) -> UInt32 {
        var number: UInt32 = 0
        for _ in 0..<4 {
            let next = try byte(&position, end: end)
            number = number << 7 | UInt32(next & 0x7F)
            if next & 0x80 == 0 { return number }
        }
        throw ChipFormatError("a tag number is too large")
    }

    private func definiteLength(_ first: UInt8, _ position: inout Int, end: Int) throws(ChipFormatError) -> Int {
        guard first & 0x80 != 0 else { return Int(first) }
        let count = Int(first & 0x7F)
        // Four bytes say 4 GiB: no chip file or master list comes near.
        guard count <= 4 else { throw ChipFormatError("a length is too large") }
        var length = 0
        for _ in 0..<count {
            length = length << 8 | Int(try byte(&position, end: end))
        }
        return length
    }
}
