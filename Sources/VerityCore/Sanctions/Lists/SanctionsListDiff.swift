/// What changed between two versions of one list, entry by entry (an entry is
/// its number within the list): what a compliance officer reads after an
/// import, and what ongoing monitoring screens its subjects against.
public struct SanctionsListDiff: Sendable, Equatable {
    public var added: [SanctionsEntry]
    /// Entries of the old version the new one no longer lists.
    public var removed: [SanctionsEntry]
    /// Entries in both whose content differs (a new alias, a date of birth, a
    /// programme): the new version of each.
    public var changed: [SanctionsEntry]

    public init(added: [SanctionsEntry] = [], removed: [SanctionsEntry] = [], changed: [SanctionsEntry] = []) {
        self.added = added
        self.removed = removed
        self.changed = changed
    }

    /// From `old` to `new`, each in the new (or, for removals, the old) order.
    public static func between(_ old: [SanctionsEntry], _ new: [SanctionsEntry]) -> SanctionsListDiff {
        let before = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let after = Set(new.map(\.id))
        var diff = SanctionsListDiff()
        for entry in new {
            guard let previous = before[entry.id] else { diff.added.append(entry); continue }
            if previous != entry { diff.changed.append(entry) }
        }
        diff.removed = old.filter { !after.contains($0.id) }
        return diff
    }

    /// The entries a subject must be screened against again: what is new or different.
    public var screenable: [SanctionsEntry] { added + changed }

    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && changed.isEmpty }
}
