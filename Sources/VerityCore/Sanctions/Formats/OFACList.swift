import Foundation

/// OFAC's SDN list in the CSV layout OFAC publishes (`sdn.csv`): twelve
/// columns, `-0-` for an empty one, the remarks holding the weak a.k.a.s,
/// dates of birth and nationalities (`DOB 19 Apr 1947; POB …; nationality
/// Egypt; a.k.a. 'ABU ALI'.`). The other names and the addresses come in
/// two more files (`OFACSupplements`).
public enum OFACList {
    /// Every entry of `csv`; a malformed line is `INVALID_INPUT` naming its number,
    /// and nothing is returned (a list is imported whole or not at all).
    public static func parse(csv: String) throws(VerityError) -> [SanctionsEntry] {
        let entries = try rows(of: csv, file: nil, entry)
        guard !entries.isEmpty else { throw VerityError.invalid("file", "the list is empty") }
        return entries
    }

    /// Each non-empty line of one of OFAC's CSV files through `read`; the first
    /// twenty malformed lines are reported together, by file and line number.
    static func rows<Row>(of csv: String, file: String?, _ read: ([String], Int) throws(VerityError) -> Row) throws(VerityError) -> [Row] {
        var rows: [Row] = []
        var problems: [FieldProblem] = []
        var number = 0
        for line in csv.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            number += 1
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty || text == "\u{1A}" { continue }   // OFAC ends the file with a SUB character
            do {
                rows.append(try read(fields(text), number))
            } catch {
                problems.append(FieldProblem(field: (file.map { $0 + " " } ?? "") + "line \(number)", message: error.message))
                if problems.count >= 20 { break }
            }
        }
        guard problems.isEmpty else {
            throw VerityError(.invalidInput, "\(file ?? "the list") has malformed lines: " + problems.map { "\($0.field): \($0.message)" }.joined(separator: "; "),
                              problems: problems)
        }
        return rows
    }

    static func entry(_ fields: [String], line: Int) throws(VerityError) -> SanctionsEntry {
        guard fields.count >= 12 else { throw VerityError.invalid("line \(line)", "\(fields.count) columns, not 12") }
        guard let id = Int(fields[0]) else { throw VerityError.invalid("line \(line)", "ent_num \(fields[0]) is not a number") }
        let name = value(fields[1]) ?? ""
        guard !name.isEmpty else { throw VerityError.invalid("line \(line)", "the name is empty") }
        let kind: SanctionsEntry.Kind = switch value(fields[2])?.lowercased() {
        case "individual": .individual
        case "vessel": .vessel
        case "aircraft": .aircraft
        default: .entity
        }
        let programs = (value(fields[3]) ?? "").split(separator: "]").map {
            $0.replacingOccurrences(of: "[", with: "").trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        let remarks = Remarks(value(fields[11]) ?? "")
        return SanctionsEntry(id: id, name: name, kind: kind, programs: programs, weakAliases: remarks.aliases,
                              datesOfBirth: remarks.datesOfBirth, nationalities: remarks.nationalities)
    }

    /// `-0-` (with or without spaces) is OFAC's empty value.
    static func value(_ field: String) -> String? {
        let trimmed = field.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty || trimmed == "-0-" ? nil : trimmed
    }

    /// One CSV line: commas, double quotes, `""` for a quote inside quotes.
    static func fields(_ line: String) -> [String] {
        var fields: [String] = []
        var current = ""
        var quoted = false
        var characters = line.makeIterator()
        while let character = characters.next() {
            switch character {
            case "\"" where quoted:
                // A doubled quote is a quote; a single one closes the field.
                var lookahead = characters
                if lookahead.next() == "\"" { current.append("\""); characters = lookahead } else { quoted = false }
            case "\"" where current.trimmingCharacters(in: .whitespaces).isEmpty:
                quoted = true
                current = ""
            case "," where !quoted:
                fields.append(current)
                current = ""
            default:
                current.append(character)
            }
        }
        fields.append(current)
        return fields
    }

    /// What OFAC's remarks say about an entry. The quoted a.k.a.s there are
    /// the weak ones (OFAC FAQ 123: in the CSV formats weak AKAs are listed in
    /// the remarks, in quotation marks); the strong ones are in `alt.csv`.
    struct Remarks {
        var aliases: [String] = []
        var datesOfBirth: [SanctionsEntry.PartialDate] = []
        var nationalities: [String] = []

        static let months = ["jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "oct": 10,
                             "nov": 11, "dec": 12]

        init(_ text: String) {
            for part in text.split(separator: ";") {
                var item = part.trimmingCharacters(in: .whitespaces)
                if item.hasSuffix(".") { item.removeLast() }
                if item.lowercased().hasPrefix("alt. ") { item = String(item.dropFirst(5)) }
                let lower = item.lowercased()
                if let alias = Self.quoted(item), ["a.k.a.", "f.k.a.", "n.k.a."].contains(where: { lower.hasPrefix($0) }) {
                    aliases.append(alias)
                } else if lower.hasPrefix("dob ") {
                    datesOfBirth += Self.dates(String(item.dropFirst(4)))
                } else if lower.hasPrefix("nationality ") {
                    nationalities.append(String(item.dropFirst(12)).trimmingCharacters(in: .whitespaces))
                } else if lower.hasPrefix("citizen ") {
                    nationalities.append(String(item.dropFirst(8)).trimmingCharacters(in: .whitespaces))
                }
            }
        }

        /// The text between the first and last single quote.
        static func quoted(_ item: String) -> String? {
            guard let first = item.firstIndex(of: "'"), let last = item.lastIndex(of: "'"), first < last else { return nil }
            let inner = item[item.index(after: first)..<last].trimmingCharacters(in: .whitespaces)
            return inner.isEmpty ? nil : inner
        }

        /// `10 Dec 1948`, `Dec 1948`, `1946`, `circa 1960`, `1962 to 1964`.
        static func dates(_ text: String) -> [SanctionsEntry.PartialDate] {
            let words = text.lowercased().replacingOccurrences(of: "circa", with: "").split(separator: " ").map(String.init)
            if let to = words.firstIndex(of: "to"), let from = Int(words.first ?? ""), let until = Int(words.last ?? ""), to > 0,
               from <= until, until - from <= 10 {
                return (from...until).map { SanctionsEntry.PartialDate(year: $0) }
            }
            guard let year = words.last.flatMap(Int.init), (1850...2100).contains(year) else { return [] }
            let month = words.count >= 2 ? months[String(words[words.count - 2].prefix(3))] : nil
            let day = words.count >= 3 && month != nil ? Int(words[words.count - 3]) : nil
            return [SanctionsEntry.PartialDate(year: year, month: month, day: day)]
        }
    }
}
