/// Comparing Arabic words as OCR returns them: letter variants that OCR and
/// typists mix up are folded before an edit distance is taken.
public enum ArabicMatching {
    public static func fold(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0622, 0x0623, 0x0625, 0x0671: out.unicodeScalars.append("\u{0627}")   // آ أ إ ٱ → ا
            case 0x0629: out.unicodeScalars.append("\u{0647}")                           // ة → ه
            case 0x0649: out.unicodeScalars.append("\u{064A}")                           // ى → ي
            case 0x064B...0x0652, 0x0640: continue                                      // harakat, tatweel
            case 0x20: if !out.hasSuffix(" ") && !out.isEmpty { out.append(" ") }
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out.hasSuffix(" ") ? String(out.dropLast()) : out
    }

    /// The option closest to `text`, if within `maximumDistance` edits after folding.
    public static func nearest(_ text: String, in options: [String], maximumDistance: Int) -> String? {
        let folded = fold(text)
        let scored = options.map { ($0, FieldText.editDistance(folded, fold($0))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= maximumDistance else { return nil }
        // Two options equally close: no choice can be made.
        if scored.filter({ $0.1 == best.1 }).count > 1 { return nil }
        return best.0
    }
}
