import Foundation

/// The UN Security Council Consolidated List as the UN publishes it
/// (`CONSOLIDATED_LIST` XML, https://scsanctions.un.org/resources/xml/en/consolidated.xml):
/// `INDIVIDUALS` and `ENTITIES`, each with its `DATAID`, its reference number
/// (`QDi.006`), the regime it is listed under (`UN_LIST_TYPE`: Al-Qaida, DRC,
/// …), its names and aliases with their quality, its name in original script,
/// dates of birth, nationalities and addresses.
public enum UNConsolidatedList {
    /// Every entry of `xml`; a malformed document or entry refuses the whole file.
    public static func parse(xml bytes: [UInt8]) throws(VerityError) -> SanctionsListFile {
        let root = try XMLTree.parse(bytes)
        guard root.name == "CONSOLIDATED_LIST" else {
            throw VerityError.invalid("file", "not the UN's consolidated list: its root element is <\(root.name)>, not <CONSOLIDATED_LIST>")
        }
        var entries: [SanctionsEntry] = []
        for node in root.child("INDIVIDUALS")?.children("INDIVIDUAL") ?? [] { entries.append(try entry(node, kind: .individual)) }
        for node in root.child("ENTITIES")?.children("ENTITY") ?? [] { entries.append(try entry(node, kind: .entity)) }
        let generated = root.attributes["dateGenerated"].map { String($0.prefix(10)) }
        return try SanctionsListFile(list: SanctionsListID.unConsolidated, entries: entries,
                                     published: generated.flatMap { isDate($0) ? $0 : nil }).checkedUnique()
    }

    static func entry(_ node: XMLTree, kind: SanctionsEntry.Kind) throws(VerityError) -> SanctionsEntry {
        guard let dataID = node.value("DATAID"), let id = Int(dataID), id > 0 else {
            throw VerityError.invalid("file", "an \(node.name) has no DATAID")
        }
        let name = ["FIRST_NAME", "SECOND_NAME", "THIRD_NAME", "FOURTH_NAME"].compactMap { node.value($0) }.joined(separator: " ")
        guard !name.isEmpty else { throw VerityError.invalid("file", "\(node.name) \(id) has no name") }
        let aliasTag = kind == .individual ? "INDIVIDUAL_ALIAS" : "ENTITY_ALIAS"
        var aliases: [String] = [], weak: [String] = []
        for alias in node.children(aliasTag) {
            guard let text = alias.value("ALIAS_NAME") else { continue }
            // The UN marks a.k.a.s "Good" or "Low": a low-quality one is too broad to make a match on its own.
            if alias.value("QUALITY")?.lowercased() == "low" { weak += names(in: text) } else { aliases += names(in: text) }
        }
        if let script = node.value("NAME_ORIGINAL_SCRIPT") { aliases.append(script) }
        let addressTag = kind == .individual ? "INDIVIDUAL_ADDRESS" : "ENTITY_ADDRESS"
        return SanctionsEntry(list: SanctionsListID.unConsolidated, id: id, reference: node.value("REFERENCE_NUMBER"), name: name, kind: kind,
                              programs: node.value("UN_LIST_TYPE").map { [$0] } ?? [],
                              aliases: unique(aliases, besides: name), weakAliases: unique(weak, besides: name),
                              datesOfBirth: node.children("INDIVIDUAL_DATE_OF_BIRTH").flatMap(dates),
                              nationalities: node.child("NATIONALITY")?.children("VALUE").compactMap { nonEmpty($0.text) } ?? [],
                              addressCountries: unique(node.children(addressTag).compactMap { $0.value("COUNTRY") }, besides: ""))
    }

    /// `EXACT` or `APPROXIMATELY` a `DATE` or `YEAR`; `BETWEEN` a `FROM_YEAR` and `TO_YEAR` (each year, up to ten).
    static func dates(_ node: XMLTree) -> [SanctionsEntry.PartialDate] {
        if let from = node.value("FROM_YEAR").flatMap(Int.init), let to = node.value("TO_YEAR").flatMap(Int.init), from <= to, to - from <= 10,
           (1850...2100).contains(from) {
            return (from...to).map { SanctionsEntry.PartialDate(year: $0) }
        }
        if let date = node.value("DATE"), isDate(String(date.prefix(10))) {
            let parts = date.prefix(10).split(separator: "-").compactMap { Int($0) }
            return [SanctionsEntry.PartialDate(year: parts[0], month: parts[1], day: parts[2])]
        }
        if let year = node.value("YEAR").flatMap(Int.init), (1850...2100).contains(year) { return [SanctionsEntry.PartialDate(year: year)] }
        return []
    }

    /// `YYYY-MM-DD`, a plausible date.
    public static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.map(\.count) == [4, 2, 2], let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return false }
        return (1850...2100).contains(year) && (1...12).contains(month) && (1...31).contains(day)
    }

    /// The names one `ALIAS_NAME` holds. The UN writes several in one:
    /// `Azim Adhajani; Azim Agha-Jani`, `Mohammad Sabet b) M. Javad Sabet`,
    /// a name with its other script in brackets (`حسن غول (Hassan Ghul; Hasan
    /// Gul)`, `Abubakar (original script: Абубакар)`), and notes in brackets
    /// that are no name (`(birth name)`, `(Oman passport no. …)`, `, born 1 Jan. 1953`).
    static func names(in text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        var outside = ""
        while let open = rest.firstIndex(of: "(") {
            outside += rest[..<open]
            guard let close = rest[open...].firstIndex(of: ")") else { rest = rest[rest.index(after: open)...]; break }
            var inside = String(rest[rest.index(after: open)..<close]).trimmingCharacters(in: .whitespaces)
            rest = rest[rest.index(after: close)...]
            if inside.lowercased().hasPrefix("original script:") { inside = String(inside.dropFirst(16)); names += parts(inside); continue }
            // Brackets in another script than the name beside them give the name again; any others are a note.
            if isLatin(outside) != isLatin(inside) || inside.contains(";") { names += parts(inside) }
        }
        outside += rest
        return parts(outside) + names
    }

    /// `A; B b) C`: each name, without a `, born …` note, commas read as spaces (the UN writes no `SURNAME, Given`).
    static func parts(_ text: String) -> [String] {
        text.replacingOccurrences(of: #"\s[b-h]\)\s"#, with: ";", options: .regularExpression).split(separator: ";").compactMap { part in
            var name = String(part)
            if let born = name.range(of: ", born", options: .caseInsensitive) { name = String(name[..<born.lowerBound]) }
            name = name.replacingOccurrences(of: ",", with: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
            return name.isEmpty || !name.contains(where: \.isLetter) ? nil : name
        }
    }

    /// Whether every letter of `text` is Latin (up to Latin Extended-B).
    static func isLatin(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { !$0.properties.isAlphabetic || $0.value <= 0x024F }
    }

    static func nonEmpty(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// `names` without repeats or the listed name itself.
    static func unique(_ names: [String], besides name: String) -> [String] {
        var seen: Set<String> = [name.lowercased()]
        return names.filter { seen.insert($0.lowercased()).inserted }
    }
}
