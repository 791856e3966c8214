/// Finds a region of a capture copied onto another part of the same capture
/// (copy-move): digits copied over their neighbours to make a new number,
/// blank paper copied over a word to hide it. A camera never records the
/// same 16 × 16 pixels twice in a capture with sensor noise, however alike
/// the print under them (repeated letters, a guilloche pattern): every block
/// of a copy does repeat its source pixel for pixel, at one and the same
/// offset.
///
/// It works on the capture as sent, before the page is flattened, because
/// resampling blurs the copy and its source differently. So it finds copies
/// made on the image that was sent; a copy that was later re-compressed
/// (a JPEG saved again) or resampled is not found. Captures above
/// `largestCapture` pixels are not searched (nil).
struct CopyMoveFinder {
    static let block = 16
    /// A copy must move its blocks at least this far (pixels): nearer, the
    /// blocks overlap their source.
    static let minimumShift = 24
    /// Blocks flatter than this (grey-level standard deviation) repeat by
    /// themselves where the picture is saturated.
    static let minimumSpread = 1.5
    static let largestCapture = 4_000_000

    /// Identical blocks at the commonest offset; nil when the capture is too large to search.
    func copiedBlocks(in gray: GrayImage) -> Int? {
        let width = gray.width, height = gray.height, size = Self.block
        guard width * height <= Self.largestCapture, width > size * 2, height > size * 2 else { return nil }
        let sums = BoxMean(gray)
        // The 4 × 4 sum at every position, then each block's fingerprint from
        // its sixteen 4 × 4 cells, which an exact copy shares.
        var cells = [Int32](repeating: 0, count: width * height)
        for y in 0...(height - 4) {
            for x in 0...(width - 4) { cells[y * width + x] = Int32(sums.sum(PixelRect(x: x, y: y, width: 4, height: 4))) }
        }
        var keyed: [(key: UInt64, index: Int32)] = []
        keyed.reserveCapacity((width - size + 1) * (height - size + 1))
        for y in 0...(height - size) {
            for x in 0...(width - size) {
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                for cell in 0..<16 {
                    let sum = cells[(y + (cell / 4) * 4) * width + x + (cell % 4) * 4]
                    hash = (hash ^ UInt64(UInt32(bitPattern: sum))) &* 0x100_0000_01b3
                }
                keyed.append((hash, Int32(y * width + x)))
            }
        }
        keyed.sort { $0.key < $1.key }
        var votes: [Int: Int] = [:]
        var start = 0
        while start < keyed.count {
            var end = start + 1
            while end < keyed.count, keyed[end].key == keyed[start].key { end += 1 }
            // A large group of equal fingerprints is a flat, saturated area.
            if end - start >= 2, end - start <= 8 {
                for a in start..<end {
                    for b in (a + 1)..<end {
                        let first = Int(keyed[a].index), second = Int(keyed[b].index)
                        let dx = second % width - first % width, dy = second / width - first / width
                        guard dx * dx + dy * dy >= Self.minimumShift * Self.minimumShift,
                              identical(gray, first, second), spread(gray, first) >= Self.minimumSpread else { continue }
                        // One key per offset, whichever block came first.
                        let offset = dy > 0 || (dy == 0 && dx > 0) ? (dy, dx) : (-dy, -dx)
                        votes[(offset.0 + height) * (2 * width + 1) + offset.1 + width, default: 0] += 1
                    }
                }
            }
            start = end
        }
        return votes.values.max() ?? 0
    }

    private func identical(_ gray: GrayImage, _ first: Int, _ second: Int) -> Bool {
        gray.pixels.withUnsafeBufferPointer { pixels in
            for row in 0..<Self.block {
                let a = first + row * gray.width, b = second + row * gray.width
                for column in 0..<Self.block where pixels[a + column] != pixels[b + column] { return false }
            }
            return true
        }
    }

    private func spread(_ gray: GrayImage, _ origin: Int) -> Double {
        var sum = 0.0, squares = 0.0
        for row in 0..<Self.block {
            for column in 0..<Self.block {
                let value = Double(gray.pixels[origin + row * gray.width + column])
                sum += value
                squares += value * value
            }
        }
        let count = Double(Self.block * Self.block), mean = sum / count
        return max(0, squares / count - mean * mean).squareRoot()
    }
}
