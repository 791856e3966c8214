/// One list file read whole: its entries and what the publisher says of it.
public struct SanctionsListFile: Sendable, Equatable {
    /// `SanctionsListID`: which list this is a version of.
    public var list: String
    public var entries: [SanctionsEntry]
    /// The publication date the file gives (`YYYY-MM-DD`), nil when it gives none.
    public var published: String?
    /// Rows the reader read but left out, with why (`alt.csv` rows of delisted entries).
    public var leftOut: [String]

    public init(list: String, entries: [SanctionsEntry], published: String? = nil, leftOut: [String] = []) {
        self.list = list
        self.entries = entries
        self.published = published
        self.leftOut = leftOut
    }

    /// Every entry's number is unique within its list, or the file is refused
    /// (versions are compared entry by entry, by number).
    func checkedUnique() throws(VerityError) -> SanctionsListFile {
        var seen = Set<Int>()
        for entry in entries where !seen.insert(entry.id).inserted {
            throw VerityError.invalid("file", "entry \(entry.listReference) (\(entry.name)) appears twice")
        }
        guard !entries.isEmpty else { throw VerityError.invalid("file", "the list is empty") }
        return self
    }

    /// A stable number for an entry its list does not number: 48 bits of the
    /// FNV-1a hash of `key`, so the same row keeps its number across versions
    /// and fits a JSON number exactly.
    static func number(for key: String) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(hash & 0xFFFF_FFFF_FFFF)
    }
}
