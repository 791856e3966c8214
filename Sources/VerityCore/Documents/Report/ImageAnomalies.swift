/// Something over or through one side of a card (a sticker, a finger, a
/// covered corner, a hole), found by `CardAnomalyDetector`. Zones as the
/// OCR-result spec writes them: 0 nothing found, 1 review, 2 strong.
public struct ImageAnomalyEvidence: Sendable, Codable, Equatable {
    public var zone: Int
    /// 0–1: how much of the card is covered (in tiles of a 31 × 19 grid) or
    /// whether a hole was seen.
    public var confidence: Double
    /// Tiles of the card whose paper is covered by something that is neither
    /// paper, print nor glare.
    public var coveredTiles: Int
    /// Dark discs wider than any printed stroke: holes through the card.
    public var holes: Int

    public init(zone: Int, confidence: Double, coveredTiles: Int, holes: Int) {
        self.zone = zone
        self.confidence = confidence
        self.coveredTiles = coveredTiles
        self.holes = holes
    }
}

/// The anomaly evidence of a card's sides.
public struct CardImageAnomalies: Sendable, Codable, Equatable {
    public var front: ImageAnomalyEvidence
    public var back: ImageAnomalyEvidence?
    /// The parent zone: the higher side's.
    public var zone: Int { max(front.zone, back?.zone ?? 0) }

    public init(front: ImageAnomalyEvidence, back: ImageAnomalyEvidence?) {
        self.front = front
        self.back = back
    }
}
