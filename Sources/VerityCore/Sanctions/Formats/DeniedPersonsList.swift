import Foundation

/// The US Bureau of Industry and Security's Denied Persons List as BIS
/// publishes it (`dpl.txt`): tab-separated, quoted, a header row, one row per
/// address (`Name`, `Street_Address`, `City`, `State`, `Country`,
/// `Postal_Code`, `Effective_Date`, `Expiration_Date`, `Standard_Order`,
/// `Last_Update`, `Action`, `FR_Citation`). The list numbers nothing: rows of
/// one name are one entry, numbered from the name, referenced by the Federal
/// Register notice that denied it; `A/K/A` in a name starts an alias. It says
/// not whether a name is a person's, so a name with a company's words
/// (`INC`, `AIRLINES`) is an entity and any other a person.
public enum DeniedPersonsList {
    static let columns = ["Name", "Street_Address", "City", "State", "Country", "Postal_Code", "Effective_Date", "Expiration_Date",
                          "Standard_Order", "Last_Update", "Action", "FR_Citation"]
    static let companyWords: Set<String> = ["airline", "airlines", "aviation", "electronics", "technology", "technologies", "tech", "solutions",
                                            "services", "systems", "freight", "logistics", "shipping", "engineering", "supply", "supplies",
                                            "industry", "manufacturing", "products", "equipment", "parts", "wings", "express", "cargo"]
    static let suffixes: Set<String> = ["jr", "sr", "ii", "iii", "iv"]

    public static func parse(text: String) throws(VerityError) -> SanctionsListFile {
        var lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).map(String.init)
        guard let header = lines.first.map(fields), header.count >= columns.count, Array(header.prefix(columns.count)) == columns else {
            throw VerityError.invalid("file", "not BIS's Denied Persons List: the first row must name the columns \(columns.joined(separator: ", "))")
        }
        lines.removeFirst()
        var entries: [SanctionsEntry] = [], position: [String: Int] = [:], newest = ""
        var problems: [FieldProblem] = []
        for (offset, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let row = fields(line)
            let number = offset + 2
            guard row.count >= columns.count else {
                problems.append(FieldProblem(field: "line \(number)", message: "\(row.count) columns, not \(columns.count)"))
                if problems.count >= 20 { break } else { continue }
            }
            let names = row[0].components(separatedBy: "A/K/A").map(cleaned).filter { !$0.isEmpty }
            guard let name = names.first, !NameForm(name).tokens.isEmpty else {
                problems.append(FieldProblem(field: "line \(number)", message: "the name is empty"))
                if problems.count >= 20 { break } else { continue }
            }
            let key = NameForm(name).tokens.joined(separator: " ")
            let country = row[4].trimmingCharacters(in: .whitespaces)
            if let updated = isoDate(row[9]), updated > newest { newest = updated }
            if let at = position[key] {
                if !country.isEmpty, !entries[at].addressCountries.contains(country) { entries[at].addressCountries.append(country) }
                for alias in names.dropFirst() where !entries[at].aliases.contains(alias) { entries[at].aliases.append(alias) }
                continue
            }
            position[key] = entries.count
            let words = Set(NameForm(name).tokens)
            let isCompany = NameForm(name).noise.contains(true) || !words.isDisjoint(with: companyWords)
            entries.append(SanctionsEntry(list: SanctionsListID.usDeniedPersons, id: SanctionsListFile.number(for: key),
                                          reference: citation(row[11]), name: name, kind: isCompany ? .entity : .individual,
                                          programs: ["EAR"], aliases: Array(names.dropFirst()),
                                          addressCountries: country.isEmpty ? [] : [country]))
        }
        guard problems.isEmpty else {
            throw VerityError(.invalidInput, "the list has malformed lines: " + problems.map { "\($0.field): \($0.message)" }.joined(separator: "; "),
                              problems: problems)
        }
        return try SanctionsListFile(list: SanctionsListID.usDeniedPersons, entries: entries, published: newest.isEmpty ? nil : newest).checkedUnique()
    }

    /// One tab-separated row, each field's surrounding quotes removed.
    static func fields(_ line: String) -> [String] {
        line.split(separator: "\t", omittingEmptySubsequences: false).map { field in
            var text = field.trimmingCharacters(in: .whitespaces)
            if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
            return text.replacingOccurrences(of: "\"\"", with: "\"").trimmingCharacters(in: .whitespaces)
        }
    }

    /// A name without the comma before a suffix or a legal form (`JOEL PRADO, JR.`, `ELECMAT, INC.`),
    /// which would read as `SURNAME, Given`.
    static func cleaned(_ name: String) -> String {
        let collapsed = name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard let comma = collapsed.lastIndex(of: ",") else { return collapsed }
        let after = NameForm(String(collapsed[collapsed.index(after: comma)...]))
        let isSuffix = after.tokens.allSatisfy { suffixes.contains($0) } || after.noise.allSatisfy { $0 }
        guard !after.tokens.isEmpty, isSuffix else { return collapsed }
        return collapsed.replacingCharacters(in: comma...comma, with: "")
    }

    /// The first Federal Register citation (`82 F.R. 48792`) of a row's citations.
    static func citation(_ text: String) -> String? {
        let words = text.split(separator: " ")
        guard let fr = words.firstIndex(of: "F.R."), fr > 0, fr + 1 < words.count else { return text.isEmpty ? nil : text }
        return "\(words[fr - 1]) F.R. \(words[fr + 1])"
    }

    /// `2017-10-23` as given; nil for anything else.
    static func isoDate(_ text: String) -> String? { UNConsolidatedList.isDate(text) ? text : nil }
}
