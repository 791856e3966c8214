/// One line of printed text as an OCR engine read it, with where it is.
public struct RecognisedLine: Sendable, Equatable, Codable {
    public let text: String
    /// 0–100.
    public let confidence: Double
    public let x: Int
    public let y: Int
    public let width: Int
    public let height: Int

    public init(text: String, confidence: Double, x: Int, y: Int, width: Int, height: Int) {
        self.text = text
        self.confidence = confidence
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxY: Int { y + height }
}
