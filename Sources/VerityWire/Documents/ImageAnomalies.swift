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

/// A fold or a crack across one side, found by `CardCrackDetector`.
public struct CrackEvidence: Sendable, Codable, Equatable {
    public var isCracked: Bool
    /// 0–1.
    public var confidence: Double
    /// Pixels along the strongest fold-like line.
    public var foldSupport: Int
    /// Height of the tallest thin dark stroke, in pixels of a card 540 tall.
    public var crackHeight: Int

    public init(isCracked: Bool, confidence: Double, foldSupport: Int, crackHeight: Int) {
        self.isCracked = isCracked
        self.confidence = confidence
        self.foldSupport = foldSupport
        self.crackHeight = crackHeight
    }
}

/// A front edited after capture, found by `CardManipulationDetector` from
/// noise that does not match the rest of the capture, or from a region that
/// repeats another of the same capture pixel for pixel.
public struct ManipulationEvidence: Sendable, Codable, Equatable {
    public var zone: Int
    /// 0–1.
    public var confidence: Double
    /// Tiles of the text area far quieter than the card's usual tile.
    public var quietTiles: Int
    /// The capture's usual noise (grey levels) the tiles were compared with.
    public var noiseLevel: Double
    /// Identical 16 × 16 blocks at the commonest offset (a copy-move); nil
    /// when the capture was too large to search.
    public var copiedBlocks: Int?

    public init(zone: Int, confidence: Double, quietTiles: Int, noiseLevel: Double, copiedBlocks: Int? = nil) {
        self.zone = zone
        self.confidence = confidence
        self.quietTiles = quietTiles
        self.noiseLevel = noiseLevel
        self.copiedBlocks = copiedBlocks
    }
}

/// Print that does not match the rest of its line, found by the number's
/// glyphs (`NumberPrintCheck`): digits in another font, size or weight, or
/// off the line. Absent when the side's number could not be read, or its print
/// is too blurred to judge.
public struct TextManipulationEvidence: Sendable, Codable, Equatable {
    public var manipulated: Bool
    /// 0–1: how sure the answer is, either way.
    public var confidence: Double
    /// Digits out of line with the rest.
    public var oddGlyphs: Int
    /// The worst digit's top or bottom offset, as a share of the digit height.
    public var worstOffset: Double
    /// The worst digit's stroke width against the line's, |ln(ratio)|.
    public var worstStroke: Double
    /// Pixels the print takes to fade into the paper (sharp print about 1; blurred print is not judged).
    public var edgeWidth: Double

    public init(manipulated: Bool, confidence: Double, oddGlyphs: Int, worstOffset: Double, worstStroke: Double, edgeWidth: Double) {
        self.manipulated = manipulated
        self.confidence = confidence
        self.oddGlyphs = oddGlyphs
        self.worstOffset = worstOffset
        self.worstStroke = worstStroke
        self.edgeWidth = edgeWidth
    }
}

/// What covers, holes, folds, cracks or edited a card's sides.
public struct CardImageAnomalies: Sendable, Codable, Equatable {
    public var front: ImageAnomalyEvidence
    public var back: ImageAnomalyEvidence?
    public var frontCrack: CrackEvidence?
    public var backCrack: CrackEvidence?
    /// Absent when the capture was too clean to judge.
    public var frontManipulation: ManipulationEvidence?
    /// Absent when the side's number was not read.
    public var frontText: TextManipulationEvidence?
    public var backText: TextManipulationEvidence?
    /// The parent zone: the higher side's; red when either side's print was tampered with.
    public var zone: Int {
        let text = [frontText, backText].contains { $0?.manipulated == true } ? 2 : 0
        return max(front.zone, back?.zone ?? 0, text)
    }
    /// Either side folded or cracked; nil when neither side was examined.
    public var isCracked: Bool? {
        let sides = [frontCrack, backCrack].compactMap { $0 }
        return sides.isEmpty ? nil : sides.contains(where: \.isCracked)
    }
    /// The surer side's confidence.
    public var crackConfidence: Double? { [frontCrack, backCrack].compactMap { $0?.confidence }.max() }

    public init(front: ImageAnomalyEvidence, back: ImageAnomalyEvidence?, frontCrack: CrackEvidence? = nil, backCrack: CrackEvidence? = nil,
                frontManipulation: ManipulationEvidence? = nil, frontText: TextManipulationEvidence? = nil,
                backText: TextManipulationEvidence? = nil) {
        self.front = front
        self.frontText = frontText
        self.backText = backText
        self.back = back
        self.frontCrack = frontCrack
        self.backCrack = backCrack
        self.frontManipulation = frontManipulation
    }
}
