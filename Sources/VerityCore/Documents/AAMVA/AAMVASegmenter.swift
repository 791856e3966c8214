/// Cuts a run of concatenated elements (`DAQD123DCSDOEDACJOHN…`, the form a
/// scanner that strips control characters produces) back into elements.
///
/// Every place a known element id starts is a possible cut. Dynamic programming
/// picks the cuts whose values best fit their elements' shapes (dates are eight
/// digits, names hold no digits, a state is two letters …): "DAVID" in a name
/// stays a name, because "ID" is no height. An id used twice scores badly.
enum AAMVASegmenter {
    static func elements(in text: String) -> [AAMVAElement] {
        let characters = Array(text)
        let n = characters.count
        guard n >= 3 else { return [] }
        func id(at index: Int) -> String? {
            guard index + 3 <= n else { return nil }
            let candidate = String(characters[index..<index + 3])
            return AAMVAElementTable.isKnown(candidate) || isJurisdictionId(candidate) ? candidate : nil
        }
        let starts = (0..<n).filter { id(at: $0) != nil }
        guard let first = starts.first else { return [] }
        // best[i]: the best score of cutting characters[i...] into elements, starting with an id at i.
        var best = [Int](repeating: Int.min, count: n + 1)
        var next = [Int](repeating: n, count: n + 1)
        best[n] = 0
        for start in starts.reversed() {
            let element = id(at: start)!
            for end in starts.filter({ $0 >= start + 3 }) + [n] where best[end] != Int.min {
                let value = String(characters[(start + 3)..<end])
                let score = fit(element, value) + best[end]
                if score > best[start] { best[start] = score; next[start] = end }
                // Past the longest value any element holds, later cuts cannot be this element's end.
                if end - start > 130 { break }
            }
        }
        var result: [AAMVAElement] = [], seen: Set<String> = []
        var cursor = first
        while cursor < n, best[cursor] != Int.min {
            let element = id(at: cursor)!
            let end = next[cursor]
            if seen.insert(element).inserted {
                result.append(AAMVAElement(id: element, value: String(characters[(cursor + 3)..<end]).trimmingSpaces))
            }
            cursor = end
        }
        return result
    }

    private static func fit(_ id: String, _ value: String) -> Int {
        isJurisdictionId(id) ? (value.isEmpty ? -2 : 1) : AAMVAElementTable.fit(id, value)
    }

    /// Jurisdiction-specific elements: Z, the subfile's letter, then a letter (ZVA, ZCB, …).
    static func isJurisdictionId(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        return bytes.count == 3 && bytes[0] == UInt8(ascii: "Z") && bytes[1...].allSatisfy { (0x41...0x5A).contains($0) }
    }
}
