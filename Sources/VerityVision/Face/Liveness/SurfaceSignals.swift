/// Two weaker traces of a recapture, measured around the face: the specular
/// glare of a glossy screen or print (pixels blown out in every channel), and
/// the colour range (a print's inks and a screen's primaries reach less of it
/// than the scene itself).
struct SurfaceSignals {
    /// Share of the face's pixels at 250 or more in all three channels.
    func glare(_ image: RGBImage, face: PixelRect) -> Double {
        let box = face.clamped(width: image.width, height: image.height)
        guard box.width > 0, box.height > 0 else { return 0 }
        var blown = 0
        for y in box.y..<box.maxY {
            for x in box.x..<box.maxX {
                let index = (y * image.width + x) * 3
                if image.pixels[index] >= 250, image.pixels[index + 1] >= 250, image.pixels[index + 2] >= 250 { blown += 1 }
            }
        }
        return Double(blown) / Double(box.width * box.height)
    }

    /// 95th percentile of chroma (max − min of R, G, B) over the face and its
    /// surroundings (the box grown by half): 0 for a grey picture.
    func colourRange(_ image: RGBImage, face: PixelRect) -> Double {
        let grown = PixelRect(x: face.x - face.width / 4, y: face.y - face.height / 4, width: face.width * 3 / 2, height: face.height * 3 / 2)
            .clamped(width: image.width, height: image.height)
        guard grown.width > 0, grown.height > 0 else { return 0 }
        var histogram = [Int](repeating: 0, count: 256)
        for y in grown.y..<grown.maxY {
            for x in grown.x..<grown.maxX {
                let index = (y * image.width + x) * 3
                let r = image.pixels[index], g = image.pixels[index + 1], b = image.pixels[index + 2]
                histogram[Int(max(r, g, b) - min(r, g, b))] += 1
            }
        }
        let target = Int(0.95 * Double(grown.width * grown.height))
        var seen = 0
        for (chroma, count) in histogram.enumerated() {
            seen += count
            if seen >= target { return Double(chroma) }
        }
        return 255
    }
}
