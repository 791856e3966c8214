/// Whether the read a document type depends on succeeded: the MRZ of a
/// passport, the barcode of a US licence, the printed fields of an Egyptian ID.
public struct ReadOutcome: Sendable, Codable, Equatable {
    public enum Kind: String, Sendable, Codable { case mrz, barcode, text }
    public enum Status: String, Sendable, Codable {
        /// Nothing of the kind was found on the side.
        case notFound
        /// Found, but what was read does not hold together (check digits, parse).
        case unreadable
        case read
    }

    public var kind: Kind
    public var side: DocumentSide
    public var status: Status
    /// 0–1.
    public var confidence: Double

    public init(kind: Kind, side: DocumentSide, status: Status, confidence: Double) {
        self.kind = kind
        self.side = side
        self.status = status
        self.confidence = confidence
    }
}
