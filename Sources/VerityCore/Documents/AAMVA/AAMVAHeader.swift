/// The AAMVA header: compliance indicator `@`, separators, file type, issuer,
/// versions and the subfile designators.
struct AAMVAHeader {
    struct Designator {
        let type: String
        let offset: Int
        let length: Int

        /// Whether the declared length holds at least one element and stays inside the payload.
        func lengthHolds(in bytes: [UInt8]) -> Bool {
            length >= 6 && offset + length <= bytes.count
        }
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
        return fromIssuerNumber(bytes, window: window, warnings: &warnings)
    }

    /// A header whose file type is damaged ("ANSI " cut short to "AMVA ", its
    /// space lost, a letter misread) is read from what follows it: the issuer
    /// identification number (six digits from 6: 636xxx in the US, 604xxx in
    /// Quebec), the versions, the count and designators that hold up. Only a
    /// header with at least one designator is taken, so digits in the data are not.
    private static func fromIssuerNumber(_ bytes: [UInt8], window: Int, warnings: inout [String]) -> AAMVAHeader? {
        guard window >= 16 else { return nil }
        for start in 0...(window - 6) where bytes[start] == UInt8(ascii: "6") && (start == 0 || !isDigit(bytes[start - 1]))
            && bytes[start..<start + 6].allSatisfy(isDigit) {
            var attempt: [String] = []
            guard let header = parse(bytes, at: start, fileType: "ANSI ", warnings: &attempt), !header.designators.isEmpty else { continue }
            let damaged = String(decoding: bytes[..<start].filter { $0 >= 0x20 && $0 < 0x7F }, as: UTF8.self)
            warnings.append("file type damaged (\"\(damaged)\"): the header was read from its issuer number on")
            warnings += attempt
            return header
        }
        return nil
    }

    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    /// A subfile designator: its type (two capitals: DL, ID, or a jurisdiction's Zx), offset and length, four digits each.
    private static func designator(in bytes: [UInt8], at cursor: Int) -> Designator? {
        guard cursor + 10 <= bytes.count, bytes[cursor..<cursor + 2].allSatisfy({ (0x41...0x5A).contains($0) }),
              bytes[cursor + 2..<cursor + 10].allSatisfy(isDigit),
              let offset = Int(String(decoding: bytes[cursor + 2..<cursor + 6], as: UTF8.self)),
              let length = Int(String(decoding: bytes[cursor + 6..<cursor + 10], as: UTF8.self)) else { return nil }
        return Designator(type: String(decoding: bytes[cursor..<cursor + 2], as: UTF8.self), offset: offset, length: length)
    }

    private static func parse(_ bytes: [UInt8], at start: Int, fileType: String, warnings: inout [String]) -> AAMVAHeader? {
        var cursor = start
        func digits(_ count: Int) -> String? {
            guard cursor + count <= bytes.count else { return nil }
            let slice = bytes[cursor..<cursor + count]
            guard slice.allSatisfy(isDigit) else { return nil }
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
        guard let countText = digits(2), let declared = Int(countText) else { return nil }
        // The designators that hold up are read whatever the count says: a damaged
        // count is common, a run of type + offset + length is not, by chance.
        var designators: [Designator] = []
        while designators.count < 20, let designator = designator(in: bytes, at: cursor) {
            designators.append(designator)
            cursor += 10
        }
        if declared > 20 {
            warnings.append("implausible subfile count \(declared)")
        } else if declared != designators.count {
            warnings.append("subfile count \(declared), but \(designators.count) designators follow")
        }
        return AAMVAHeader(fileType: fileType, issuer: issuer, version: version, jurisdictionVersion: jurisdictionVersion,
                           designators: designators, endOffset: cursor)
    }
}
