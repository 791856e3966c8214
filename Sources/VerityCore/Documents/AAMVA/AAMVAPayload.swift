/// The structure of an AAMVA DL/ID card design standard barcode payload:
/// header, subfile designators and the data elements of each subfile.
///
/// Real barcodes stray from the standard (missing control characters, the old
/// "AAMVA" file type, wrong offsets), so the reader falls back step by step and
/// says what it had to forgive in `warnings`.
public struct AAMVAPayload: Sendable, Codable, Equatable {
    /// "ANSI " (the standard) or "AAMVA" (before 2000).
    public let fileType: String
    /// Issuer identification number: 6 digits naming the jurisdiction.
    public let issuerIdentificationNumber: String
    /// AAMVA version 1–10 (00 means before the 2000 standard).
    public let version: Int
    public let jurisdictionVersion: Int?
    public let subfiles: [AAMVASubfile]
    public let warnings: [String]

    /// The first DL or ID subfile: the one with the cardholder's data.
    public var cardSubfile: AAMVASubfile? { subfiles.first { $0.type == "DL" || $0.type == "ID" } }
}

/// One subfile: "DL", "ID", or a jurisdiction's own ("ZV", "ZC", …).
public struct AAMVASubfile: Sendable, Codable, Equatable {
    public let type: String
    /// Data elements in payload order: three-letter element id and trimmed value.
    public let elements: [AAMVAElement]

    public subscript(_ id: String) -> String? {
        elements.first { $0.id == id }?.value
    }
}

public enum AAMVAPayloadReader {
    static let dataElementSeparator: UInt8 = 0x0A
    static let recordSeparator: UInt8 = 0x1E
    static let segmentTerminator: UInt8 = 0x0D

    /// Reads a raw payload. Throws `INVALID_INPUT` (field `barcode`) when no AAMVA
    /// header and no card subfile can be found.
    public static func read(_ bytes: [UInt8]) throws(VerityError) -> AAMVAPayload {
        var warnings: [String] = []
        guard bytes.count <= 8_192 else {
            throw VerityError.invalid("barcode", "An AAMVA payload is at most a few kilobytes; got \(bytes.count) bytes.")
        }
        guard let header = AAMVAHeader.find(in: bytes, warnings: &warnings) else {
            return try headerless(bytes, warnings: warnings)
        }
        var subfiles: [AAMVASubfile] = []
        for designator in header.designators {
            if let subfile = subfileAt(designator, in: bytes) {
                if !designator.lengthHolds(in: bytes) {
                    warnings.append("subfile \(designator.type)'s declared length \(designator.length) does not hold it: read to its end")
                }
                subfiles.append(subfile)
            } else if let subfile = searchSubfile(designator.type, in: bytes, after: header.endOffset) {
                warnings.append("subfile \(designator.type) was not at its declared offset \(designator.offset)")
                subfiles.append(subfile)
            } else {
                warnings.append("subfile \(designator.type) declared in the header was not found")
            }
        }
        if !subfiles.contains(where: { $0.type == "DL" || $0.type == "ID" }) {
            for type in ["DL", "ID"] {
                if let subfile = searchSubfile(type, in: bytes, after: header.endOffset) {
                    warnings.append("subfile \(type) found without a valid designator")
                    subfiles.insert(subfile, at: 0)
                    break
                }
            }
        }
        if !subfiles.contains(where: { $0.type == "DL" || $0.type == "ID" }), let card = cardWhereTheDataBegins(bytes, header: header) {
            // As real barcodes do: `…DL00290198DAADOE,JOHN…`, the subfile's own "DL" gone and its offset wrong.
            warnings.append("subfile \(card.type) has no type before its first element: read from its element ids where the data begins")
            warnings += formatWarnings(card)
            subfiles.insert(card, at: 0)
        }
        guard subfiles.contains(where: { $0.type == "DL" || $0.type == "ID" }) else {
            throw VerityError.invalid("barcode", "The AAMVA payload holds no DL or ID subfile.")
        }
        if let first = header.issuer.first, first != "6" {
            warnings.append("issuer number \(header.issuer) is not one AAMVA assigns (they begin with 6)")
        }
        return AAMVAPayload(fileType: header.fileType, issuerIdentificationNumber: header.issuer,
                            version: header.version, jurisdictionVersion: header.jurisdictionVersion,
                            subfiles: subfiles, warnings: warnings)
    }

    /// A payload whose header a scanner dropped: the card subfile is found by its
    /// type and first element (`DLDAQ…`), or is the whole payload when it starts
    /// with an element. The version is inferred from the elements present.
    private static func headerless(_ bytes: [UInt8], warnings: [String]) throws(VerityError) -> AAMVAPayload {
        var warnings = warnings
        var card: AAMVASubfile?
        for type in ["DL", "ID"] where card == nil {
            card = searchSubfile(type, in: bytes, after: 0)
        }
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: " \n\r\u{1E}\u{1C}@")
        if card == nil, text.count >= 3, AAMVAElementTable.isKnown(String(text.prefix(3))) {
            card = parseSubfile(type: "DL", body: Array(text.utf8))
        }
        guard let card, card.elements.count >= 3 else {
            throw VerityError.invalid("barcode", "Not an AAMVA driver licence or ID card payload: no \"ANSI \" or \"AAMVA\" header and no card elements.")
        }
        warnings.append("no AAMVA header: version inferred from the elements")
        let version = Self.inferredVersion(card)
        return AAMVAPayload(fileType: "ANSI ", issuerIdentificationNumber: "", version: version, jurisdictionVersion: nil,
                            subfiles: [card], warnings: warnings)
    }

    /// The card subfile read from the first element id after the header
    /// (within a few bytes: control characters and spaces a scanner left),
    /// typed as the header's DL or ID designator says (DL when it names
    /// neither), up to the next segment. Taken only when it holds a name or
    /// the customer number, so stray letters are not a licence.
    static func cardWhereTheDataBegins(_ bytes: [UInt8], header: AAMVAHeader) -> AAMVASubfile? {
        let type = header.designators.first { $0.type == "DL" || $0.type == "ID" }?.type ?? "DL"
        var start = header.endOffset
        while start < bytes.count, start < header.endOffset + 8, !startsKnownElement(bytes, at: start) { start += 1 }
        guard startsKnownElement(bytes, at: start) else { return nil }
        let end = bytes[start...].firstIndex(of: segmentTerminator) ?? bytes.count
        let card = parseSubfile(type: type, body: Array(bytes[start..<end]))
        let identifying: Set<String> = ["DAA", "DAB", "DCS", "DAQ"]
        guard card.elements.count >= 3, card.elements.contains(where: { identifying.contains($0.id) }) else { return nil }
        return card
    }

    private static func startsKnownElement(_ bytes: [UInt8], at index: Int) -> Bool {
        index + 3 <= bytes.count && AAMVAElementTable.common.contains(String(decoding: bytes[index..<index + 3], as: UTF8.self))
    }

    /// What a card read by its element ids alone says of its own state: each
    /// element whose value cannot be that element's (a date that is not
    /// eight digits, a sex that is not 1, 2 or 9, …).
    static func formatWarnings(_ card: AAMVASubfile) -> [String] {
        card.elements.filter { !AAMVAElementTable.fitsItsShape($0.id, $0.value) }.map { "element \($0.id) does not have its element's form" }
    }

    /// Version 1 names with DAA or DAB, version 2 with DCS and DCT, version 3 on
    /// with DCS and DAC, version 4 on adds the truncation flags (DDE): the
    /// version decides how dates read when no country says so.
    static func inferredVersion(_ card: AAMVASubfile) -> Int {
        if card["DCS"] != nil { return card["DCT"] != nil ? 2 : card["DDE"] != nil ? 4 : 3 }
        return 1
    }

    /// The subfile at its declared offset, to its declared length, or to its
    /// segment's end when the length cannot hold it (too short for an element, or past the end).
    private static func subfileAt(_ designator: AAMVAHeader.Designator, in bytes: [UInt8]) -> AAMVASubfile? {
        let start = designator.offset
        guard start >= 0, start + 2 <= bytes.count, Array(bytes[start..<start + 2]) == Array(designator.type.utf8) else { return nil }
        let end = designator.lengthHolds(in: bytes) ? start + designator.length
            : (bytes[(start + 2)...].firstIndex(of: segmentTerminator) ?? bytes.count)
        return parseSubfile(type: designator.type, body: Array(bytes[(start + 2)..<end]))
    }

    /// Finds `type` followed by a data element id (e.g. "DLDAQ", "IDDCA").
    private static func searchSubfile(_ type: String, in bytes: [UInt8], after offset: Int) -> AAMVASubfile? {
        let marker = Array(type.utf8)
        var index = max(0, offset)
        while index + 5 <= bytes.count {
            if Array(bytes[index..<index + 2]) == marker, isElementId(bytes[(index + 2)..<(index + 5)]) {
                let end = bytes[(index + 2)...].firstIndex(of: segmentTerminator) ?? bytes.count
                return parseSubfile(type: type, body: Array(bytes[(index + 2)..<end]))
            }
            index += 1
        }
        return nil
    }

    /// Elements are separated by LF; some issuers use CR or omit the final
    /// terminator; some scanners strip every control character, and then the
    /// elements are cut apart by their ids and shapes (`AAMVASegmenter`).
    static func parseSubfile(type: String, body: [UInt8]) -> AAMVASubfile {
        let separators = body.filter { $0 == dataElementSeparator || $0 == segmentTerminator || $0 == recordSeparator }.count
        if separators < 2 {
            var text = String(decoding: body.filter { $0 >= 0x20 }, as: UTF8.self)
            // A jurisdiction's subfile follows the card subfile directly: `…ZVZVA01…`.
            if !type.hasPrefix("Z"), let cut = jurisdictionSubfileStart(in: Array(text)) { text = String(Array(text)[..<cut]) }
            return AAMVASubfile(type: type, elements: AAMVASegmenter.elements(in: text))
        }
        var elements: [AAMVAElement] = []
        for chunk in body.split(whereSeparator: { $0 == dataElementSeparator || $0 == segmentTerminator || $0 == recordSeparator }) {
            guard chunk.count >= 3, isElementId(chunk.prefix(3)) else { continue }
            let id = String(decoding: chunk.prefix(3), as: UTF8.self)
            let value = String(decoding: chunk.dropFirst(3), as: UTF8.self).trimmingSpaces
            if !elements.contains(where: { $0.id == id }) { elements.append(AAMVAElement(id: id, value: value)) }
        }
        return AAMVASubfile(type: type, elements: elements)
    }

    /// Where `Zx` followed by its first element `Zx?` starts, if anywhere.
    static func jurisdictionSubfileStart(in text: [Character]) -> Int? {
        guard text.count >= 5 else { return nil }
        return (0...(text.count - 5)).first { i in
            text[i] == "Z" && text[i + 2] == "Z" && text[i + 1] == text[i + 3] && text[i + 1].isUppercase && text[i + 4].isUppercase
        }
    }

    static func isElementId<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        bytes.count == 3 && bytes.allSatisfy { (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) }
            && bytes.first.map { (0x41...0x5A).contains($0) } == true
    }
}

extension String {
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars = scalars.dropFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
