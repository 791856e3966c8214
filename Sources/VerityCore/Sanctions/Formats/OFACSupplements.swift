import Foundation

/// OFAC publishes the SDN list as three files: `sdn.csv` (the entries),
/// `alt.csv` (their alternate names: a.k.a., f.k.a., n.k.a.) and `add.csv`
/// (their addresses), joined by `ent_num`. A screen that reads only `sdn.csv`
/// misses the names people are known by: "BIN LADEN, Osama" is in `alt.csv`,
/// not in the listed name.
public enum OFACSupplements {
    /// What joining the files did, for the importer to report.
    public struct Joined: Sendable, Equatable {
        public var entries: [SanctionsEntry]
        /// Alternate names added to an entry.
        public var alternateNames = 0
        /// Rows of `alt.csv` or `add.csv` whose entry is not on the list (delisted
        /// since the file was published); they are left out.
        public var unmatchedRows = 0
        public var addresses = 0
    }

    /// One row of `alt.csv`: ent_num, alt_num, alt_type, alt_name, alt_remarks.
    struct AlternateName: Equatable {
        var entry: Int
        var kind: String
        var name: String
    }

    /// One row of `add.csv`: ent_num, add_num, address, city/state/postal code, country, add_remarks.
    struct Address: Equatable {
        var entry: Int
        var country: String?
    }

    /// The entries of `sdn` with the names of `alt` and the countries of `add`
    /// (either may be nil); any malformed line in any file refuses all three.
    public static func join(sdn: String, alt: String?, add: String?) throws(VerityError) -> Joined {
        var entries = try OFACList.parse(csv: sdn)
        let alternates = try alt.map { text throws(VerityError) in try OFACList.rows(of: text, file: "alt.csv", alternateName) } ?? []
        let addresses = try add.map { text throws(VerityError) in try OFACList.rows(of: text, file: "add.csv", address) } ?? []
        var position: [Int: Int] = [:]
        for (index, entry) in entries.enumerated() { position[entry.id] = index }
        var joined = Joined(entries: [])
        var known: [Int: Set<String>] = [:]   // each entry's names, upper-cased, once it has an alternate
        for alternate in alternates {
            guard let index = position[alternate.entry] else { joined.unmatchedRows += 1; continue }
            let name = alternate.name.uppercased()
            guard known[index, default: Set(entries[index].allNames.map { $0.uppercased() })].insert(name).inserted else { continue }
            entries[index].aliases.append(alternate.name)
            joined.alternateNames += 1
        }
        for address in addresses {
            guard let index = position[address.entry] else { joined.unmatchedRows += 1; continue }
            joined.addresses += 1
            if let country = address.country, !entries[index].addressCountries.contains(country) {
                entries[index].addressCountries.append(country)
            }
        }
        joined.entries = entries
        return joined
    }

    static func alternateName(_ fields: [String], line: Int) throws(VerityError) -> AlternateName {
        guard fields.count >= 4 else { throw VerityError.invalid("line \(line)", "\(fields.count) columns, not 5") }
        guard let entry = Int(fields[0].trimmingCharacters(in: .whitespaces)) else {
            throw VerityError.invalid("line \(line)", "ent_num \(fields[0]) is not a number")
        }
        let kind = OFACList.value(fields[2])?.lowercased() ?? "aka"
        guard ["aka", "fka", "nka"].contains(kind) else { throw VerityError.invalid("line \(line)", "alt_type \(kind) is not aka, fka or nka") }
        guard let name = OFACList.value(fields[3]) else { throw VerityError.invalid("line \(line)", "the alternate name is empty") }
        return AlternateName(entry: entry, kind: kind, name: name)
    }

    static func address(_ fields: [String], line: Int) throws(VerityError) -> Address {
        guard fields.count >= 5 else { throw VerityError.invalid("line \(line)", "\(fields.count) columns, not 6") }
        guard let entry = Int(fields[0].trimmingCharacters(in: .whitespaces)) else {
            throw VerityError.invalid("line \(line)", "ent_num \(fields[0]) is not a number")
        }
        return Address(entry: entry, country: OFACList.value(fields[4]))
    }
}
