import VerityCore

/// Finds what covers or holes one side of an ID-1 card: a sticker, a finger,
/// a sheet over a corner, a punched hole. The card is cut into tiles; a tile
/// whose brightest tenth is darker than the card's paper, or whose colour is
/// far from the paper's, is covered (print is dark but thin, so a text tile
/// keeps the paper's brightness in its brightest tenth, even blurred); glare, bright and
/// washed out, is not. Holes are dark discs wider than any printed stroke.
/// The front's portrait is left to the portrait checks.
struct CardAnomalyDetector {
    static let width = 856, height = 540
    /// The card without its outer 8 px, where a flattened capture keeps slivers of the table.
    static let inner = PixelRect(x: 8, y: 8, width: 840, height: 524)
    static let tile = 28
    /// Where an Egyptian front prints its portrait (tools/docgen canvas.PORTRAIT_BOXES, with a margin).
    static let portrait = PixelRect(x: 0, y: 40, width: 280, height: 320)

    /// Darker than the paper by this share: covered.
    static let darkerShare = 0.12
    /// More coloured than the paper by this much (0–255): covered.
    static let colourExcess = 35
    /// A tile with this share of near-white pixels is glare.
    static let glareShare = 0.3
    /// Covered tiles for review (zone 1) and for a strong finding (zone 2).
    static let reviewTiles = 2, strongTiles = 6
    /// Half the side of the dark square a hole must hold: wider than bold print.
    static let holeCore = 8

    func inspect(gray: GrayImage, chroma: GrayImage, front: Bool) -> ImageAnomalyEvidence {
        let lum = gray.resized(width: Self.width, height: Self.height)
        let colour = chroma.resized(width: Self.width, height: Self.height)
        let columns = Self.inner.width / Self.tile, rows = Self.inner.height / Self.tile
        var tiles: [(bright: Int, colour: Int, glare: Double, portrait: Bool)] = []
        for row in 0..<rows {
            for column in 0..<columns {
                let rect = PixelRect(x: Self.inner.x + column * Self.tile, y: Self.inner.y + row * Self.tile, width: Self.tile, height: Self.tile)
                let histogram = Thresholds.histogram(lum, in: rect)
                let glare = Double(histogram[246...].reduce(0, +)) / Double(Self.tile * Self.tile)
                tiles.append((Thresholds.percentile(histogram, 0.9), Thresholds.percentile(Thresholds.histogram(colour, in: rect), 0.5), glare,
                              front && rect.intersects(Self.portrait)))
            }
        }
        let open = tiles.filter { !$0.portrait }
        guard !open.isEmpty else { return ImageAnomalyEvidence(zone: 0, confidence: 0, coveredTiles: 0, holes: 0) }
        let paper = Self.median(open.map(\.bright)), paperColour = Self.median(open.map(\.colour))
        let covered = open.filter { tile in
            guard tile.glare < Self.glareShare else { return false }
            return Double(paper - tile.bright) > Self.darkerShare * Double(paper) || tile.colour - paperColour > Self.colourExcess
        }.count
        let holes = self.holes(lum, paper: paper, front: front)
        let zone = holes > 0 || covered >= Self.strongTiles ? 2 : covered >= Self.reviewTiles ? 1 : 0
        let confidence = holes > 0 ? 1 : min(1, Double(covered) / Double(Self.strongTiles + 2))
        return ImageAnomalyEvidence(zone: zone, confidence: (confidence * 1000).rounded() / 1000, coveredTiles: covered, holes: holes)
    }

    /// Dark discs holding a square of 2 × `holeCore` + 1 px: no stroke of
    /// the card's print is that thick.
    func holes(_ lum: GrayImage, paper: Int, front: Bool) -> Int {
        let width = lum.width, height = lum.height
        let limit = UInt8(max(0, min(255, Int(Double(paper) * 0.45))))
        let dark = BoxMean(width: width, height: height) { x, y in
            Self.inner.contains(x: x, y: y) && !(front && Self.portrait.contains(x: x, y: y)) && lum.pixels[y * width + x] < limit
        }
        let r = Self.holeCore, full = (2 * r + 1) * (2 * r + 1)
        var core = [Bool](repeating: false, count: width * height)
        for y in r..<(height - r) {
            for x in r..<(width - r) { core[y * width + x] = dark.sum(x, y, radius: r) == full }
        }
        return ConnectedComponents.find(in: core, width: width, height: height).count
    }

    private static func median(_ values: [Int]) -> Int { values.sorted()[values.count / 2] }
}
