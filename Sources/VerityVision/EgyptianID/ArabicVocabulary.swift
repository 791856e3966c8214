import Foundation
import VerityCore

/// The words an Egyptian card prints from known lists: given and family names,
/// street names, professions, police stations (Resources/egyptian-id, built by
/// tools/arabicvocab from public lists). The reader corrects what Tesseract
/// reads towards these; a word they lack is kept as read.
struct ArabicVocabulary: Sendable {
    /// Given names of either sex: a card's first name.
    let givenNames: ArabicWordList
    /// Male given names and family names: the rest of a name, a husband's name.
    let lineageNames: ArabicWordList
    /// "<street type> <street name>", every combination.
    let streets: [String]
    /// Street types and names, and names of people streets are named after.
    let streetWords: ArabicWordList
    let professions: [String]
    /// "<police station> - <governorate>" as the card's address line prints it.
    let districts: [String]

    static let shared = ArabicVocabulary()

    private init() {
        let male = Self.list("male-names"), female = Self.list("female-names"), family = Self.list("family-names")
        givenNames = ArabicWordList(male + female)
        lineageNames = ArabicWordList(male + family)
        let types = Self.list("street-types"), names = Self.list("street-names")
        streets = types.flatMap { type in names.map { type + " " + $0 } }
        streetWords = ArabicWordList(types + names + male + family)
        professions = Self.list("professions")
        districts = Self.list("police-stations").compactMap { line in
            let parts = line.split(separator: "\t", maxSplits: 1)
            guard parts.count == 2, let code = Int(parts[0]), let governorate = EgyptianGovernorate.arabicNames[code] else { return nil }
            return parts[1] + " - " + governorate
        }
    }

    private static func list(_ name: String) -> [String] {
        guard let url = Bundle.module.url(forResource: name, withExtension: "txt", subdirectory: "Resources/egyptian-id"),
              let text = try? String(contentsOf: url, encoding: .utf8) else {
            // A build without its resources is broken, not a request error.
            fatalError("VerityVision resource egyptian-id/\(name).txt is missing: rebuild the package.")
        }
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }
}

/// Names or words, folded once for comparison. An entry may have two words
/// ("عبد الله", "نجم الدين"): a card prints it as one name.
struct ArabicWordList: Sendable {
    struct Entry: Sendable {
        let text: String
        let folded: [Unicode.Scalar]
    }

    let all: [Entry]
    /// Folded entries, for "is this name listed?".
    let folded: Set<String>
    /// The listed spelling of a folded entry ("موسي" → "موسى").
    let spelling: [String: String]

    init(_ entries: [String]) {
        var kept: [Entry] = []
        var seen = Set<String>()
        for text in entries {
            let key = ArabicMatching.fold(text)
            guard !key.isEmpty, seen.insert(key).inserted else { continue }
            kept.append(Entry(text: text, folded: Array(key.unicodeScalars)))
        }
        all = kept
        folded = seen
        spelling = Dictionary(kept.map { (String(String.UnicodeScalarView($0.folded)), $0.text) }, uniquingKeysWith: { first, _ in first })
    }
}
