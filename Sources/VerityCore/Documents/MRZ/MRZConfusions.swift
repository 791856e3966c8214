/// Characters that OCR engines confuse in OCR-B, by what a field may hold.
enum MRZConfusions {
    /// A letter read where only a digit can stand.
    static let letterToDigit: [Character: Character] = [
        "O": "0", "Q": "0", "D": "0", "U": "0", "I": "1", "L": "1", "T": "1", "Z": "2",
        "B": "8", "S": "5", "G": "6", "A": "4",
    ]
    /// A digit read where only a letter can stand.
    static let digitToLetter: [Character: Character] = [
        "0": "O", "1": "I", "2": "Z", "4": "A", "5": "S", "6": "G", "8": "B",
    ]
    /// A document code's first character is A, C, I, P or V; what each is misread as.
    static let documentCodeLookalikes: [Character: Character] = [
        "W": "V", "Y": "V", "1": "I", "L": "I", "T": "I", "J": "I", "F": "P", "R": "P", "G": "C", "O": "C", "0": "C", "4": "A",
    ]
    /// What a filler `<` is often read as.
    static let fillerLookalikes: Set<Character> = ["K", "C", "E", "S", "X", "L"]

    /// Alternatives a check digit may choose between for one character of an
    /// alphanumeric field (both readings are legal there).
    static func alternatives(of character: Character) -> [Character] {
        var result: [Character] = []
        if let digit = letterToDigit[character] { result.append(digit) }
        if let letter = digitToLetter[character] { result.append(letter) }
        switch character {
        case "0": result += ["O", "D", "Q"]
        case "8": result += ["B"]
        default: break
        }
        if fillerLookalikes.contains(character) { result.append("<") }
        return result.reduce(into: []) { unique, next in if !unique.contains(next) && next != character { unique.append(next) } }
    }
}
