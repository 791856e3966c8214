import VerityCore

/// One answer from several readings of the same Arabic line. Tesseract's
/// mistakes change with the scale and the model while the print does not, so
/// the text closest to all readings together (their median) is the likeliest
/// print; among near-equal answers, a listed word wins, since a card's names
/// and places mostly come from known lists.
enum ArabicConsensus {
    /// What a word outside the list costs, per reading: more than one edit in
    /// every reading, so a misread all readings share ("طاح" for "طامح") is
    /// corrected, and less than two, so a name the list lacks, read the same
    /// way each time, is kept as printed.
    static let unlistedWordCost = 1.5

    /// The line's names, word by word: readings are split into names
    /// (compounds such as "عبد الله" kept whole), and each position takes the
    /// name, read or listed, nearest to what every reading has there.
    static func words(_ readings: [String], list: ArabicWordList) -> String? {
        let split = readings.map(names).filter { !$0.isEmpty }
        guard !split.isEmpty else { return nil }
        // Readings that found as many names as most readings did, aligned by position.
        let counts = Dictionary(grouping: split, by: \.count)
        let usual = counts.max { ($0.value.count, $0.key) < ($1.value.count, $1.key) }!.value
        var chosen: [String] = []
        for position in 0..<usual[0].count {
            let column = usual.map { $0[position] }
            chosen.append(bestWord(column, list: list))
        }
        return chosen.joined(separator: " ")
    }

    private static func bestWord(_ column: [String], list: ArabicWordList) -> String {
        let folded = column.map { Array(ArabicMatching.fold($0).unicodeScalars) }
        var candidates = Set(column)
        for key in folded {
            for entry in list.all where abs(entry.folded.count - key.count) <= 2
                && ArabicEditDistance.between(key, entry.folded, limit: 2) <= 2 {
                candidates.insert(entry.text)
            }
        }
        func cost(_ candidate: String) -> (Double, Int, String) {
            let key = Array(ArabicMatching.fold(candidate).unicodeScalars)
            let distance = folded.reduce(0) { $0 + ArabicEditDistance.between(key, $1) }
            let unlisted = list.folded.contains(String(String.UnicodeScalarView(key))) ? 0 : 1
            // Ties: the spelling more readings gave verbatim, then a stable order.
            return (Double(distance) + unlistedWordCost * Double(unlisted * column.count), -column.filter { $0 == candidate }.count, candidate)
        }
        let best = candidates.min { cost($0) < cost($1) }!
        // A listed name in the list's spelling (the readings may fold ى and ي together).
        return list.spelling[ArabicMatching.fold(best)] ?? best
    }

    /// A reading's names: words, with "عبد"/"أبو" joined to the next and
    /// "الدين"/"الله" to the one before, as such names are one name.
    static func names(_ reading: String) -> [String] {
        var out: [String] = []
        var joinNext = false
        // Digits and marks beside a name are noise.
        let words = reading.split(separator: " ").map(String.init).filter { word in
            word.unicodeScalars.contains { (0x0621...0x064A).contains($0.value) }
        }
        for word in words {
            let folded = ArabicMatching.fold(word)
            if joinNext, let last = out.popLast() {
                out.append(last + " " + word)
            } else if ["الدين", "الله"].contains(folded), let last = out.popLast() {
                out.append(last + " " + word)
            } else {
                out.append(word)
            }
            joinNext = ["عبد", "ابو"].contains(folded)
        }
        return out
    }

    /// A whole line from a list, or as read: the listed line or reading
    /// nearest all readings together, where an unlisted line pays for each of
    /// its words as an unlisted name does. For professions, which a list
    /// mostly but not always holds.
    static func listedOrRead(_ readings: [String], options: [String]) -> String? {
        let usable = readings.filter { !$0.isEmpty }
        let folded = usable.map { Array(ArabicMatching.fold($0).unicodeScalars) }
        guard !folded.isEmpty else { return nil }
        let listed = Set(options.map(ArabicMatching.fold))
        func cost(_ candidate: String) -> (Double, String) {
            let key = ArabicMatching.fold(candidate)
            let distance = folded.reduce(0) { $0 + ArabicEditDistance.between(Array(key.unicodeScalars), $1) }
            let unlisted = listed.contains(key) ? 0 : key.split(separator: " ").count
            return (Double(distance) + unlistedWordCost * Double(unlisted * usable.count), candidate)
        }
        guard let best = (options + usable).min(by: { cost($0) < cost($1) }) else { return nil }
        // In the list's spelling ("أمن", not the "آمن" a reading folds into).
        return options.first { ArabicMatching.fold($0) == ArabicMatching.fold(best) } ?? best
    }

    /// The option nearest all readings together, if on average within
    /// `tolerance` of each reading's length; else nil.
    static func oneOf(_ readings: [String], options: [String], tolerance: Double = 0.3) -> String? {
        let folded = readings.filter { !$0.isEmpty }.map { Array(ArabicMatching.fold($0).unicodeScalars) }
        guard !folded.isEmpty, !options.isEmpty else { return nil }
        let scored = options.map { option -> (String, Int) in
            let key = Array(ArabicMatching.fold(option).unicodeScalars)
            return (option, folded.reduce(0) { $0 + ArabicEditDistance.between(key, $1) })
        }.sorted { $0.1 < $1.1 }
        let best = scored[0]
        let meanLength = Double(folded.reduce(0) { $0 + $1.count }) / Double(folded.count)
        guard Double(best.1) / Double(folded.count) <= max(1, tolerance * meanLength) else { return nil }
        // Two options as near as each other: the readings cannot tell them apart.
        if scored.count > 1, scored[1].1 == best.1 { return nil }
        return best.0
    }
}

/// Levenshtein distance over Unicode scalars, giving up early past a limit.
enum ArabicEditDistance {
    static func between(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int = .max) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return rowMinimum }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
