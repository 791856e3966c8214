import VerityCore

/// Finds a front edited on a computer after capture, two ways:
/// - a field pasted in from a clean source lacks the sensor noise the rest of
///   the capture has. The text area right of the portrait is cut into tiles
///   and each tile's noise measured where the picture is flat (`NoiseLevel`);
///   tiles far quieter than the card's usual tile are pasted;
/// - a region copied from elsewhere on the same capture carries that noise
///   with it, and repeats its source pixel for pixel (`CopyMoveFinder`).
/// A capture with hardly any noise (a scan, a rendered image) cannot be judged
/// either way (repeated print is then pixel-identical too): the signal is then
/// absent, not 0.
struct CardManipulationDetector {
    static let tile = 32
    /// Where the front's text is, on a card 856 × 540.
    static let textArea = PixelRect(x: 290, y: 100, width: 558, height: 400)
    /// Below this noise (grey levels), a capture is too clean to judge.
    static let judgeableNoise = 2.0
    /// A tile this much quieter than the card's median tile is pasted.
    static let quietShare = 0.45
    /// Quiet tiles for review (zone 1) and for a strong finding (zone 2).
    static let reviewTiles = 1, strongTiles = 3
    /// Identical 16 × 16 blocks at one offset for review (zone 1) and for a
    /// strong finding (zone 2). A copy of one digit gives some 400.
    static let reviewCopies = 40, strongCopies = 150

    /// `gray` is the flattened page, `capture` the image as sent.
    func inspect(gray: GrayImage, capture: GrayImage) -> ManipulationEvidence? {
        let card = gray.resized(width: CardAnomalyDetector.width, height: CardAnomalyDetector.height)
        let level = NoiseLevel()
        var sigmas: [Double] = []
        for y in stride(from: Self.textArea.y, through: Self.textArea.maxY - Self.tile, by: Self.tile) {
            for x in stride(from: Self.textArea.x, through: Self.textArea.maxX - Self.tile, by: Self.tile) {
                if let sigma = level.sigma(card, in: PixelRect(x: x, y: y, width: Self.tile, height: Self.tile)) { sigmas.append(sigma) }
            }
        }
        guard !sigmas.isEmpty else { return nil }
        let usual = sigmas.sorted()[sigmas.count / 2]
        guard usual >= Self.judgeableNoise else { return nil }
        let quiet = sigmas.filter { $0 < Self.quietShare * usual }.count
        let pasted = quiet >= Self.strongTiles ? 2 : quiet >= Self.reviewTiles ? 1 : 0
        let searched = CopyMoveFinder().copiedBlocks(in: capture), copies = searched ?? 0
        let copied = copies >= Self.strongCopies ? 2 : copies >= Self.reviewCopies ? 1 : 0
        let confidence = max(min(1, Double(quiet) / Double(2 * Self.strongTiles)), min(1, Double(copies) / Double(2 * Self.strongCopies)))
        return ManipulationEvidence(zone: max(pasted, copied), confidence: (confidence * 1000).rounded() / 1000, quietTiles: quiet,
                                    noiseLevel: (usual * 10).rounded() / 10, copiedBlocks: searched)
    }
}
