import Foundation

/// A tenant's own watchlist (an internal blocklist), as an operator writes
/// it: CSV with a header row, or JSON (an array of objects), with the same
/// fields either way:
///
/// | field | |
/// |---|---|
/// | `reference` | required, unique: the operator's own id for the entry |
/// | `name` | required |
/// | `aliases` | other names; in CSV separated by `;` |
/// | `date_of_birth` | `YYYY`, `YYYY-MM` or `YYYY-MM-DD` |
/// | `nationality` | ISO 3166 alpha-2 or alpha-3, or a country's English name |
/// | `kind` | `individual` (the default) or `entity` |
/// | `note` | why the entry is listed, for the reviewer |
///
/// Every problem is reported by row and field, up to twenty, and nothing is imported.
public enum WatchlistFile {
    public static let maximumEntries = 100_000
    static let fields = ["reference", "name", "aliases", "date_of_birth", "nationality", "kind", "note"]

    struct Row: Decodable {
        var reference: String?
        var name: String?
        var aliases: [String]?
        var date_of_birth: String?
        var nationality: String?
        var kind: String?
        var note: String?
    }

    /// `bytes` as CSV, or JSON when it starts with `[`.
    public static func parse(_ bytes: [UInt8], list: String) throws(VerityError) -> SanctionsListFile {
        guard let text = String(validating: bytes, as: UTF8.self) else { throw VerityError.invalid("file", "a watchlist must be UTF-8 text") }
        let trimmed = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        return trimmed.first == "[" ? try json(Data(trimmed.utf8), list: list) : try csv(String(trimmed), list: list)
    }

    static func json(_ data: Data, list: String) throws(VerityError) -> SanctionsListFile {
        let rows: [Row]
        do { rows = try JSONDecoder().decode([Row].self, from: data) } catch {
            throw VerityError.invalid("file", "not a watchlist: JSON must be an array of objects with \(fields.joined(separator: ", ")) (\(String(describing: error).prefix(200)))")
        }
        return try entries(rows.enumerated().map { ("entry \($0.offset + 1)", $0.element) }, list: list)
    }

    static func csv(_ text: String, list: String) throws(VerityError) -> SanctionsListFile {
        let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).filter { !$0.allSatisfy(\.isWhitespace) }
        guard let first = lines.first else { throw VerityError.invalid("file", "the watchlist is empty") }
        let header = OFACList.fields(String(first)).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let unknown = header.filter { !fields.contains($0) }
        guard unknown.isEmpty, header.contains("name"), header.contains("reference") else {
            throw VerityError.invalid("file", "the first row must name the columns: reference and name, and any of aliases, date_of_birth, nationality, kind, note"
                                      + (unknown.isEmpty ? "" : " (not \(unknown.joined(separator: ", ")))"))
        }
        var rows: [(String, Row)] = []
        for (offset, line) in lines.dropFirst().enumerated() {
            let values = OFACList.fields(String(line))
            func value(_ field: String) -> String? {
                guard let at = header.firstIndex(of: field), at < values.count else { return nil }
                let text = values[at].trimmingCharacters(in: .whitespaces)
                return text.isEmpty ? nil : text
            }
            if values.count > header.count { throw VerityError.invalid("line \(offset + 2)", "\(values.count) columns, the header has \(header.count)") }
            rows.append(("line \(offset + 2)", Row(reference: value("reference"), name: value("name"),
                                                    aliases: value("aliases")?.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) },
                                                    date_of_birth: value("date_of_birth"), nationality: value("nationality"),
                                                    kind: value("kind"), note: value("note"))))
        }
        return try entries(rows, list: list)
    }

    static func entries(_ rows: [(String, Row)], list: String) throws(VerityError) -> SanctionsListFile {
        guard !rows.isEmpty else { throw VerityError.invalid("file", "the watchlist is empty") }
        guard rows.count <= maximumEntries else { throw VerityError.invalid("file", "a watchlist holds at most \(maximumEntries) entries, not \(rows.count)") }
        var problems: [FieldProblem] = [], entries: [SanctionsEntry] = [], references: Set<String> = []
        for (place, row) in rows {
            do throws(VerityError) {
                let entry = try entry(row, list: list)
                guard references.insert(entry.listReference).inserted else { throw VerityError.invalid("reference", "\(entry.listReference) appears twice") }
                entries.append(entry)
            } catch {
                problems.append(FieldProblem(field: "\(place) \(error.field ?? "")".trimmingCharacters(in: .whitespaces), message: error.message))
                if problems.count >= 20 { break }
            }
        }
        guard problems.isEmpty else {
            throw VerityError(.invalidInput, "the watchlist has problems: " + problems.map { "\($0.field): \($0.message)" }.joined(separator: "; "),
                              problems: problems)
        }
        return try SanctionsListFile(list: list, entries: entries).checkedUnique()
    }

    static func entry(_ row: Row, list: String) throws(VerityError) -> SanctionsEntry {
        guard let reference = row.reference?.trimmingCharacters(in: .whitespaces), !reference.isEmpty else { throw .invalid("reference", "missing") }
        guard reference.count <= 64, !reference.contains(where: { $0.isNewline }) else { throw .invalid("reference", "at most 64 characters on one line") }
        guard let name = row.name?.trimmingCharacters(in: .whitespaces), !name.isEmpty else { throw .invalid("name", "missing") }
        guard name.count <= 200 else { throw .invalid("name", "at most 200 characters") }
        guard !NameForm(name).tokens.isEmpty else { throw .invalid("name", "must contain letters") }
        let aliases = (row.aliases ?? []).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard aliases.count <= 50, aliases.allSatisfy({ $0.count <= 200 }) else { throw .invalid("aliases", "at most 50, each at most 200 characters") }
        let kind: SanctionsEntry.Kind
        switch row.kind?.lowercased() ?? "individual" {
        case "individual", "person": kind = .individual
        case "entity", "organisation", "organization", "company": kind = .entity
        default: throw .invalid("kind", "individual or entity, not \(row.kind ?? "")")
        }
        if let note = row.note, note.count > 500 { throw .invalid("note", "at most 500 characters") }
        var births: [SanctionsEntry.PartialDate] = [], nationalities: [String] = []
        if let text = row.date_of_birth { births.append(try birth(text)) }
        if let text = row.nationality { nationalities.append(try country(text)) }
        return SanctionsEntry(list: list, id: SanctionsListFile.number(for: reference), reference: reference, name: name, kind: kind,
                              programs: [], aliases: aliases, datesOfBirth: births, nationalities: nationalities, note: row.note)
    }

    /// `YYYY`, `YYYY-MM` or `YYYY-MM-DD`.
    static func birth(_ text: String) throws(VerityError) -> SanctionsEntry.PartialDate {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count, (1...3).contains(parts.count), parts[0].count == 4, (1850...2100).contains(numbers[0]),
              parts.count < 2 || (1...12).contains(numbers[1]), parts.count < 3 || (1...31).contains(numbers[2]) else {
            throw .invalid("date_of_birth", "YYYY, YYYY-MM or YYYY-MM-DD, not \(text.prefix(40))")
        }
        return .init(year: numbers[0], month: parts.count > 1 ? numbers[1] : nil, day: parts.count > 2 ? numbers[2] : nil)
    }

    /// A country as the lists write it (`Egypt`), from a code or a name.
    static func country(_ text: String) throws(VerityError) -> String {
        let code = text.uppercased()
        let alpha2 = code.count == 2 ? CountryCode.parse(code) : code.count == 3 ? ICAOCountryCode.alpha2(code) : nil
        if let alpha2, let name = Locale(identifier: "en").localizedString(forRegionCode: alpha2) { return name }
        guard text.count <= 60, text.count > 3, text.allSatisfy({ $0.isLetter || $0 == " " || $0 == "-" }) else {
            throw .invalid("nationality", "an ISO 3166 code (EG, EGY) or a country's name, not \(text.prefix(40))")
        }
        return text
    }
}
