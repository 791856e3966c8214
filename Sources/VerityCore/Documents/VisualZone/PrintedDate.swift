/// Dates as printed in visual zones: "12 AUG 1974", "12.08.1974", "08/12/1974"
/// (month first in the US), "1974-08-12".
public enum PrintedDate {
    static let months: [String: Int] = [
        "JAN": 1, "FEB": 2, "FEV": 2, "MAR": 3, "APR": 4, "AVR": 4, "MAY": 5, "MAI": 5, "JUN": 6, "JUIN": 6,
        "JUL": 7, "JUIL": 7, "AUG": 8, "AOU": 8, "SEP": 9, "OCT": 10, "NOV": 11, "DEC": 12,
    ]

    public static func parse(_ text: String, monthFirst: Bool = false) -> CalendarDate? {
        let cleaned = text.uppercased().map { character -> Character in
            // OCR reads O for 0 and l or I for 1 inside numbers.
            switch character {
            case "O": return "0"
            case "I", "L", "|": return "1"
            default: return character
            }
        }
        let tokens = String(cleaned).split(whereSeparator: { " ./-".contains($0) }).map(String.init)
        if tokens.count >= 3, let day = Int(tokens[0]), let month = monthNumber(text, tokens[1]), let year = Int(tokens[2].prefix(4)), tokens[2].count >= 4 {
            return CalendarDate(year: year, month: month, day: day)
        }
        let numbers = tokens.compactMap { Int($0) }
        guard numbers.count >= 3 else { return nil }
        if tokens[0].count == 4 { return CalendarDate(year: numbers[0], month: numbers[1], day: numbers[2]) }
        guard tokens[2].count == 4 else { return nil }
        return monthFirst ? CalendarDate(year: numbers[2], month: numbers[0], day: numbers[1])
                          : CalendarDate(year: numbers[2], month: numbers[1], day: numbers[0])
    }

    /// The month of a "12 AUG 1974" date, read from the original text (before
    /// digit repair turned its O into 0).
    private static func monthNumber(_ original: String, _ token: String) -> Int? {
        if let number = Int(token), (1...12).contains(number) { return nil }
        let words = original.uppercased().split(whereSeparator: { " ./-".contains($0) })
        guard words.count >= 2 else { return nil }
        let word = String(words[1])
        return months[word] ?? months[String(word.prefix(3))]
    }
}
