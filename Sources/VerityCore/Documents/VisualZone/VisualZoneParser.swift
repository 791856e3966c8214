/// Reads labelled fields from OCR lines: a caption line, then its value on the
/// nearest line below it, starting near the same left edge.
public enum VisualZoneParser {
    public struct Value: Sendable, Equatable {
        public let field: String
        public let text: String
        public let confidence: Double
    }

    public static func values(in lines: [RecognisedLine]) -> [Value] {
        var result: [Value] = []
        var taken = Set<Int>()
        let captions = lines.indices.compactMap { index -> (Int, String)? in
            VisualZoneLabels.field(of: lines[index].text).map { (index, $0) }
        }
        let captionIndices = Set(captions.map(\.0))
        for (index, field) in captions where !result.contains(where: { $0.field == field }) {
            let caption = lines[index]
            let reach = max(caption.height, 8)
            let below = lines.indices.filter { other in
                let line = lines[other]
                return !captionIndices.contains(other) && !taken.contains(other)
                    && line.y >= caption.y + caption.height / 2 && line.y <= caption.maxY + 3 * reach
                    && abs(line.x - caption.x) <= 3 * reach
            }
            guard let nearest = below.min(by: { lines[$0].y < lines[$1].y }) else { continue }
            taken.insert(nearest)
            var text = lines[nearest].text
            // Addresses continue on the next line (city, region, postal code).
            if field == "address", let next = lines.indices.first(where: { other in
                other != nearest && !captionIndices.contains(other) && !taken.contains(other)
                    && lines[other].y > lines[nearest].y && lines[other].y <= lines[nearest].maxY + 2 * reach
                    && abs(lines[other].x - lines[nearest].x) <= 3 * reach
            }) {
                taken.insert(next)
                text += "\n" + lines[next].text
            }
            result.append(Value(field: field, text: text, confidence: lines[nearest].confidence))
        }
        return result
    }
}
