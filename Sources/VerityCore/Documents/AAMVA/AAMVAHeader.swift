/// The AAMVA header: compliance indicator `@`, separators, file type, issuer,
/// versions and the subfile designators.
struct AAMVAHeader {
    struct Designator {
        let type: String
        let offset: Int
        let length: Int
    }

    let fileType: String
    let issuer: String
    let version: Int
    let jurisdictionVersion: Int?
    let designators: [Designator]
    /// Where the designators end: subfiles start after this.
    let endOffset: Int

    /// Finds the file type within the first bytes (it should be at offset 4).
    static func find(in bytes: [UInt8], warnings: inout [String]) -> AAMVAHeader? {
        let window = min(bytes.count, 64)
        for fileType in ["ANSI ", "AAMVA"] {
            let marker = Array(fileType.utf8)
            guard window >= marker.count else { continue }
            for start in 0...(window - marker.count) where Array(bytes[start..<start + marker.count]) == marker {
                if start != 4 || bytes.first != UInt8(ascii: "@") {
                    warnings.append("header control characters missing or misplaced")
                }
                if fileType == "AAMVA" { warnings.append("old \"AAMVA\" file type") }
                if let header = parse(bytes, at: start + marker.count, fileType: fileType, warnings: &warnings) {
                    return header
                }
            }
        }
        return nil
    }

    private static func parse(_ bytes: [UInt8], at start: Int, fileType: String, warnings: inout [String]) -> AAMVAHeader? {
        var cursor = start
        func digits(_ count: Int) -> String? {
            guard cursor + count <= bytes.count else { return nil }
            let slice = bytes[cursor..<cursor + count]
            guard slice.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            cursor += count
            return String(decoding: slice, as: UTF8.self)
        }
        guard let issuer = digits(6), let versionText = digits(2), let version = Int(versionText) else { return nil }
        // Version 1 and the pre-standard files have no jurisdiction version.
        var jurisdictionVersion: Int?
        if version >= 2 {
            guard let text = digits(2) else { return nil }
            jurisdictionVersion = Int(text)
        }
        guard let countText = digits(2), var count = Int(countText) else { return nil }
        if count > 20 {
            warnings.append("implausible subfile count \(count)")
            count = 0
        }
        var designators: [Designator] = []
        for _ in 0..<count {
            guard cursor + 10 <= bytes.count,
                  AAMVAPayloadReader.isElementId(bytes[cursor..<cursor + 2] + [UInt8(ascii: "A")]) else { break }
            let type = String(decoding: bytes[cursor..<cursor + 2], as: UTF8.self)
            cursor += 2
            guard let offset = digits(4).flatMap(Int.init), let length = digits(4).flatMap(Int.init) else { break }
            designators.append(Designator(type: type, offset: offset, length: length))
        }
        return AAMVAHeader(fileType: fileType, issuer: issuer, version: version, jurisdictionVersion: jurisdictionVersion,
                           designators: designators, endOffset: cursor)
    }
}
