/// Where a document must lie, given where its MRZ was read: ICAO 9303 fixes
/// the document's size and the zone's place on it, so the zone is a ruler.
/// A scan cropped to the document's edge keeps all of this extent in the
/// picture; a document running off the picture does not.
public struct MRZDocumentExtent: Sendable, Equatable {
    /// Document size in millimetres and the zone's width and bottom margin on it.
    struct Geometry {
        let width: Double, height: Double, zoneWidth: Double, bottomMargin: Double
    }

    /// The document's rectangle in the picture's pixels (x, y, width, height).
    public let x: Double, y: Double, width: Double, height: Double

    /// `zone`: the MRZ's bounding box (x, y, width, height) in an upright picture.
    public init(format: MRZFormat, zoneX: Double, zoneY: Double, zoneWidth: Double, zoneHeight: Double) {
        let geometry = Self.geometry(format)
        let scale = zoneWidth / geometry.zoneWidth
        width = geometry.width * scale
        height = geometry.height * scale
        // The zone sits about centred across the document, its last line about 3 mm above the bottom edge.
        x = zoneX - (width - zoneWidth) / 2
        y = zoneY + zoneHeight + geometry.bottomMargin * scale - height
    }

    /// Whether the document lies within a picture of `pictureWidth` × `pictureHeight`,
    /// allowing `tolerance` of its size for the estimate: printers place the zone
    /// and pitch its characters within a few per cent, and scans trim margins.
    public func fits(pictureWidth: Int, pictureHeight: Int, tolerance: Double = 0.12) -> Bool {
        let slackX = width * tolerance, slackY = height * tolerance
        return x >= -slackX && y >= -slackY && x + width <= Double(pictureWidth) + slackX && y + height <= Double(pictureHeight) + slackY
    }

    /// Character pitch 2.54 mm; documents: TD1 85.6 × 54, TD2 105 × 74, TD3 125 × 88, MRV-A 120 × 80, MRV-B 105 × 74 (ICAO 9303 parts 4–7).
    static func geometry(_ format: MRZFormat) -> Geometry {
        switch format {
        case .td1: Geometry(width: 85.6, height: 54, zoneWidth: 30 * 2.54, bottomMargin: 3)
        case .td2: Geometry(width: 105, height: 74, zoneWidth: 36 * 2.54, bottomMargin: 3)
        case .td3: Geometry(width: 125, height: 88, zoneWidth: 44 * 2.54, bottomMargin: 3)
        case .mrvA: Geometry(width: 120, height: 80, zoneWidth: 44 * 2.54, bottomMargin: 3)
        case .mrvB: Geometry(width: 105, height: 74, zoneWidth: 36 * 2.54, bottomMargin: 3)
        }
    }
}
