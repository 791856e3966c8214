import Foundation

/// Finds a regular pattern laid over a face: a screen's pixel grid sampled
/// again by the camera (moiré) or a printer's halftone screen. Skin and hair
/// have a smooth, broad spectrum; a grid adds isolated peaks at high frequencies.
struct PeriodicPattern {
    /// Strongest isolated spectral peak in the face, as log power above the
    /// peak's neighbourhood (natural log; about 2 in plain photos, 4 and more
    /// over a grid). nil when the face is too small to measure.
    func strength(_ gray: GrayImage, face: PixelRect) -> Double? {
        let box = face.clamped(width: gray.width, height: gray.height)
        let side = min(box.width, box.height) >= 192 ? 128 : 64
        guard min(box.width, box.height) >= side else { return nil }
        let spectrum = averagedSpectrum(gray, box, side: side)
        return strongestPeak(spectrum, side: side)
    }

    /// Welch's method: spectra of half-overlapping windows over the face,
    /// averaged, so the noise floor is smooth and a real peak stands out.
    private func averagedSpectrum(_ gray: GrayImage, _ box: PixelRect, side: Int) -> [Double] {
        let fft = FFT(size: side)
        let window = (0..<side).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(side - 1)) }
        var total = [Double](repeating: 0, count: side * side)
        var count = 0
        for top in stride(from: box.y, through: box.maxY - side, by: side / 2) {
            for left in stride(from: box.x, through: box.maxX - side, by: side / 2) {
                var patch = [Double](repeating: 0, count: side * side)
                var mean = 0.0
                for y in 0..<side {
                    for x in 0..<side {
                        let value = Double(gray[left + x, top + y])
                        patch[y * side + x] = value
                        mean += value
                    }
                }
                mean /= Double(side * side)
                for y in 0..<side { for x in 0..<side { patch[y * side + x] = (patch[y * side + x] - mean) * window[y] * window[x] } }
                let power = fft.power2D(patch)
                for index in total.indices { total[index] += power[index] }
                count += 1
            }
        }
        return total.map { log($0 / Double(max(count, 1)) + 1e-6) }
    }

    /// Lowest frequency examined, in cycles per pixel: below it lies the face itself.
    static let lowestFrequency = 0.1

    private func strongestPeak(_ logPower: [Double], side: Int) -> Double {
        func frequency(_ index: Int) -> Double { Double(index <= side / 2 ? index : index - side) / Double(side) }
        func at(_ u: Int, _ v: Int) -> Double { logPower[((v + side) % side) * side + (u + side) % side] }
        // JPEG's 8-pixel blocks (16 for colour) put peaks where both indices are multiples of side/16: not a screen.
        func onCompressionGrid(_ u: Int, _ v: Int) -> Bool { u % (side / 16) == 0 && v % (side / 16) == 0 }
        var strongest = 0.0
        // Half the plane: the spectrum of a real image is symmetric.
        for v in 0...(side / 2) {
            for u in 0..<side {
                let fu = frequency(u), fv = frequency(v)
                guard (fu * fu + fv * fv).squareRoot() >= Self.lowestFrequency,
                      !onCompressionGrid(u, v) else { continue }
                let value = at(u, v)
                var neighbourhood = 0.0, isMaximum = true
                for dv in -3...3 {
                    for du in -3...3 where abs(du) > 1 || abs(dv) > 1 {
                        neighbourhood += at(u + du, v + dv)
                    }
                }
                for dv in -1...1 { for du in -1...1 where (du, dv) != (0, 0) && at(u + du, v + dv) > value { isMaximum = false } }
                guard isMaximum else { continue }
                strongest = max(strongest, value - neighbourhood / 40)
            }
        }
        return strongest
    }
}
