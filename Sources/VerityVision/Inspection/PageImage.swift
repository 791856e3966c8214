import VerityCore

/// One side of a document, decoded and flattened: the colour image as
/// captured, the grey page cut out of it and turned upright.
struct PageImage {
    let original: RGBImage
    let originalGray: GrayImage
    let placement: DocumentPlacement?
    /// The document alone, perspective removed, long side horizontal.
    var page: GrayImage
    /// Quarter turns applied to `page` so far (clockwise degrees).
    var orientation: Int
    /// How `page` was cut from the capture, so a colour channel can be cut alike.
    private var cutCorners: [Point]?

    init(_ image: RGBImage) {
        original = image
        originalGray = image.gray
        let found = DocumentLocator().locate(in: originalGray)
        placement = found?.placement
        var page = originalGray
        if let found, !found.placement.fillsFrame, let flat = PageImage.flatten(originalGray, corners: found.corners) {
            page = flat
            cutCorners = found.corners
        }
        // Reading needs ~10 px per millimetre at most; a 36-megapixel photo is
        // brought down so every later stage has bounded work.
        let factor = max(page.width, page.height) / Self.workingSide + 1
        if factor > 1 { page = page.downscaled(by: factor) }
        orientation = 0
        if page.height > page.width {
            page = page.rotated(clockwise: 90)
            orientation = 90
        }
        self.page = page
    }

    /// The capture's chroma (`RGBImage.chroma`) cut, scaled and turned as
    /// `page` is: the colour the grey page has lost, pixel for pixel.
    func chromaPage() -> GrayImage {
        alike(original.chroma)
    }

    /// This page read from the capture's brightest channel
    /// (`RGBImage.brightestChannel`) instead of its luma: black print alone,
    /// with coloured print under it faded. nil for a grey capture, where the
    /// two are the same page.
    func blackInkPage() -> PageImage? {
        guard Self.isColoured(original) else { return nil }
        var copy = self
        copy.page = alike(original.brightestChannel)
        return copy
    }

    /// `image` (of the capture's size) cut, scaled and turned as `page` is.
    private func alike(_ image: GrayImage) -> GrayImage {
        var image = image
        if let cutCorners, let flat = Self.flatten(image, corners: cutCorners) { image = flat }
        let factor = max(image.width, image.height) / Self.workingSide + 1
        if factor > 1 { image = image.downscaled(by: factor) }
        // `page` was turned by `orientation` in all (a portrait capture at the cut, then half turns).
        return orientation % 360 == 0 ? image : image.rotated(clockwise: orientation % 360)
    }

    /// Whether any sampled pixel has channels more than a few levels apart.
    private static func isColoured(_ image: RGBImage) -> Bool {
        let step = max(1, image.width * image.height / 20_000)
        return stride(from: 0, to: image.width * image.height, by: step).contains { index in
            let r = image.pixels[index * 3], g = image.pixels[index * 3 + 1], b = image.pixels[index * 3 + 2]
            return max(r, g, b) - min(r, g, b) > 12
        }
    }

    /// Longest side a flattened page is read at.
    static let workingSide = 2400

    /// Cuts out the quadrilateral at its own resolution.
    static func flatten(_ image: GrayImage, corners: [Point]) -> GrayImage? {
        func distance(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
        let width = Int(max(distance(corners[0], corners[1]), distance(corners[3], corners[2])).rounded())
        let height = Int(max(distance(corners[0], corners[3]), distance(corners[1], corners[2])).rounded())
        guard width >= 32, height >= 32 else { return nil }
        return image.warped(corners: corners, width: width, height: height)
    }

    /// The same capture without flattening (long side horizontal).
    func unflattened() -> PageImage {
        var copy = self
        let factor = max(originalGray.width, originalGray.height) / Self.workingSide + 1
        let gray = factor > 1 ? originalGray.downscaled(by: factor) : originalGray
        copy.page = gray.height > gray.width ? gray.rotated(clockwise: 90) : gray
        copy.orientation = originalGray.height > originalGray.width ? 90 : 0
        copy.cutCorners = nil
        return copy
    }

    /// Turns the page half a turn (upside-down captures).
    mutating func turnHalf() {
        turn(clockwise: 180)
    }

    /// Turns the page by quarter turns (0, 90, 180, 270 degrees clockwise).
    mutating func turn(clockwise degrees: Int) {
        guard degrees % 360 != 0 else { return }
        page = page.rotated(clockwise: degrees)
        orientation = (orientation + degrees) % 360
    }
}
