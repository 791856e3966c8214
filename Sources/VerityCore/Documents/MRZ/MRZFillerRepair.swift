/// Fillers a blurred capture turns into lookalike letters (`<` read as `C`, `K`,
/// `E`, …) in fields no check digit covers. Each repair rests on the field's
/// structure and on the recogniser having seen a filler there too: a change is
/// made only where exactly one position qualifies.
extension MRZRepair {
    mutating func repairUncheckedFillers() {
        repairCountryCode(layout.issuingState)
        repairCountryCode(layout.nationality)
        repairDocumentCode()
        repairNameSeparator()
    }

    /// `D<C` is no country; `D<<` is Germany. An unknown code is wrong whatever
    /// the recogniser thought, so a lookalike that makes it a known one is enough.
    private mutating func repairCountryCode(_ slot: MRZSlot) {
        let code = characters(of: [slot])
        guard !ICAOCountryCode.isKnown(String(code)) else { return }
        let fixes = code.indices.filter { index in
            var trial = code
            trial[index] = "<"
            return MRZConfusions.fillerLookalikes.contains(code[index]) && ICAOCountryCode.isKnown(String(trial))
        }
        if fixes.count == 1 { setFiller(slot.line, slot.start + fixes[0]) }
    }

    /// The second character of a document code is most often a filler (`I<`, `P<`).
    private mutating func repairDocumentCode() {
        let slot = layout.documentCode
        let position = slot.start + 1
        if lines[slot.line][position] != "<", sawFiller(slot.line, position) { setFiller(slot.line, position) }
    }

    /// A name holds `<<` between the primary and secondary identifiers: a name
    /// with a given name but no `<<` lost a filler. `BERG<CKENJI` → `BERG<<KENJI`,
    /// `TRAVELERK<HAPPY` → `TRAVELER<<HAPPY`.
    /// People without given names are rare, a blurred filler is not: the one
    /// lookalike that can be the separator is taken for it.
    private mutating func repairNameSeparator() {
        let slot = layout.name
        let name = Array(characters(of: [slot]))
        let end = (name.lastIndex { $0 != "<" } ?? -1) + 1
        let used = Array(name[..<end])
        guard end > 0, !String(used).contains("<<") else { return }
        // The lookalike stands next to a single filler, on either side: `BERG<CKENJI`, `TRAVELERK<HAPPY`.
        let candidates = used.indices.filter { index in
            guard index >= 1, index + 1 < end, MRZConfusions.fillerLookalikes.contains(used[index]) else { return false }
            let after = index >= 2 && used[index - 1] == "<" && used[index - 2] != "<" && used[index + 1] != "<"
            let before = index + 2 < end && used[index + 1] == "<" && used[index + 2] != "<" && used[index - 1] != "<"
            return after || before
        }
        if candidates.count == 1 { setFiller(slot.line, slot.start + candidates[0]) }
    }

    private func sawFiller(_ line: Int, _ position: Int) -> Bool {
        MRZConfusions.fillerLookalikes.contains(lines[line][position])
            && line < recognised.count && position < recognised[line].count && recognised[line][position].contains("<")
    }
}
