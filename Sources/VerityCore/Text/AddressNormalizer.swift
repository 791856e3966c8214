/// Canonical street addresses: every common USPS/Royal Mail/Canada Post
/// abbreviation and its long form fold to one word, so "222333 Peachtree Pl."
/// equals "222333 PEACHTREE PLACE".
public enum AddressNormalizer {
    public static func address(_ text: String) -> String {
        var out: [String] = []
        for word in TextNormalizer.words(text) {
            let canonical = abbreviations[word] ?? word
            // "Apt #5" and "Apt 5" are one thing; so are "# 5" and "Unit 5".
            if canonical == "apt", out.last == "apt" { continue }
            out.append(canonical)
        }
        return out.joined(separator: " ")
    }

    /// Cities compare as names do.
    public static func city(_ text: String) -> String { TextNormalizer.name(text) }

    /// A US state or Canadian province folds to its postal abbreviation, so
    /// "Georgia" equals "GA"; anything else compares as a name.
    public static func region(_ text: String) -> String {
        let folded = TextNormalizer.name(text)
        return regionAbbreviations[folded] ?? folded
    }

    static let abbreviations: [String: String] = {
        let groups: [String: [String]] = [
            "st": ["street", "str"], "rd": ["road"], "ave": ["avenue", "av", "aven"],
            "blvd": ["boulevard", "boul"], "dr": ["drive", "drv"], "ln": ["lane"],
            "ct": ["court"], "pl": ["place"], "sq": ["square"], "ter": ["terrace"],
            "pkwy": ["parkway"], "hwy": ["highway"], "cir": ["circle"], "trl": ["trail"],
            "way": [], "cres": ["crescent"], "cl": ["close"], "gdns": ["gardens"],
            "apt": ["apartment", "#", "unit", "flat", "no", "number"], "ste": ["suite"],
            "fl": ["floor"], "bldg": ["building"], "rm": ["room"],
            "n": ["north"], "s": ["south"], "e": ["east"], "w": ["west"],
            "ne": ["northeast"], "nw": ["northwest"], "se": ["southeast"], "sw": ["southwest"],
            "mt": ["mount"], "ft": ["fort"], "hts": ["heights"], "po": [],
        ]
        var map: [String: String] = [:]
        for (short, longs) in groups {
            for long in longs { map[long] = short }
        }
        return map
    }()

    static let regionAbbreviations: [String: String] = {
        let names: [String: String] = [
            "alabama": "al", "alaska": "ak", "arizona": "az", "arkansas": "ar", "california": "ca",
            "colorado": "co", "connecticut": "ct", "delaware": "de", "district of columbia": "dc",
            "florida": "fl", "georgia": "ga", "hawaii": "hi", "idaho": "id", "illinois": "il",
            "indiana": "in", "iowa": "ia", "kansas": "ks", "kentucky": "ky", "louisiana": "la",
            "maine": "me", "maryland": "md", "massachusetts": "ma", "michigan": "mi",
            "minnesota": "mn", "mississippi": "ms", "missouri": "mo", "montana": "mt",
            "nebraska": "ne", "nevada": "nv", "new hampshire": "nh", "new jersey": "nj",
            "new mexico": "nm", "new york": "ny", "north carolina": "nc", "north dakota": "nd",
            "ohio": "oh", "oklahoma": "ok", "oregon": "or", "pennsylvania": "pa",
            "rhode island": "ri", "south carolina": "sc", "south dakota": "sd", "tennessee": "tn",
            "texas": "tx", "utah": "ut", "vermont": "vt", "virginia": "va", "washington": "wa",
            "west virginia": "wv", "wisconsin": "wi", "wyoming": "wy", "puerto rico": "pr",
            "alberta": "ab", "british columbia": "bc", "manitoba": "mb", "new brunswick": "nb",
            "newfoundland and labrador": "nl", "nova scotia": "ns", "ontario": "on",
            "prince edward island": "pe", "quebec": "qc", "saskatchewan": "sk",
            "northwest territories": "nt", "nunavut": "nu", "yukon": "yt",
        ]
        return names
    }()
}
