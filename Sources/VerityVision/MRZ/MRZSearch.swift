import VerityCore

/// Looks for the MRZ on a page in every plausible orientation and flattening.
struct MRZSearch {
    let today: CalendarDate

    /// Tries the flattened page upright and upside down, then the unflattened
    /// image (a wrongly found corner distorts the flattening), then both a
    /// quarter turn away (a card photographed upright, or front and back one
    /// above the other). The best zone found, if a check digit fails there, is
    /// read once more in black ink alone (`PageImage.blackInkPage`), the page
    /// turned and flattened as it was: coloured guilloche under the first
    /// glyphs hides them from the luma page (Qatar's passport).
    /// Returns the reading and the page turned the way it was read.
    func read(_ page: PageImage) -> (MRZReading?, PageImage) {
        var sources = [page]
        if page.placement?.fillsFrame == false { sources.append(page.unflattened()) }
        let found = search(sources)
        guard let reading = found.reading, reading.result?.valid != true, let inked = found.page.blackInkPage(),
              Self.colouredShare(ofInkIn: reading.bounds, luma: found.page.page, blackInk: inked.page) >= Self.colouredShareWorthReading,
              let again = MRZReader(today: today).read(inked.page), again.result?.valid == true else { return (found.reading, found.page) }
        return (again, inked)
    }

    /// Reading again costs as much as the first reading, and most zones that
    /// fail do so for another reason (digits printed wrong, small print): only
    /// where coloured print makes up a real share of what looks like ink along
    /// the zone is black ink worth a look. On the real specimens: Qatar 0.12,
    /// the German visa 0.21; the four invalid as printed with plain backgrounds
    /// 0.03–0.07.
    static let colouredShareWorthReading = 0.1

    /// Of the pixels as dark as ink in luma across the zone's rows (the whole
    /// width: the zone may have been found short of its coloured end), the
    /// share that is paper in black ink.
    static func colouredShare(ofInkIn zone: PixelRect, luma: GrayImage, blackInk: GrayImage) -> Double {
        let rows = PixelRect(x: 0, y: zone.y, width: luma.width, height: zone.height).clamped(width: luma.width, height: luma.height)
        guard rows.width > 0, rows.height > 0, blackInk.width == luma.width, blackInk.height == luma.height else { return 0 }
        let levels = Thresholds.histogram(luma, in: zone)
        let inkLevel = UInt8((Thresholds.percentile(levels, 0.05) + Thresholds.percentile(levels, 0.9)) / 2)
        var dark = 0, coloured = 0
        for y in rows.y..<(rows.y + rows.height) {
            for x in rows.x..<(rows.x + rows.width) where luma[x, y] < inkLevel {
                dark += 1
                if blackInk[x, y] >= inkLevel { coloured += 1 }
            }
        }
        return Double(coloured) / Double(max(1, dark))
    }

    private func search(_ sources: [PageImage]) -> (reading: MRZReading?, page: PageImage) {
        let reader = MRZReader(today: today)
        var best: (reading: MRZReading?, page: PageImage) = (nil, sources[0])
        for turn in [0, 180, 90, 270] {
            for source in sources {
                var candidate = source
                candidate.turn(clockwise: turn)
                guard let reading = reader.read(candidate.page) else { continue }
                if reading.result?.valid == true { return (reading, candidate) }
                if best.reading == nil || Self.better(reading, than: best.reading!) { best = (reading, candidate) }
            }
            // A zone found upright or upside down is the zone: quarter turns are for pages where none was.
            if turn == 180, best.reading != nil { break }
        }
        return best
    }

    /// A valid reading wins. Otherwise the classifier's confidence decides, unless
    /// two readings are about as confident, where fewer failing check digits win:
    /// repairs can make a check hold on a page read the wrong way up, but the
    /// classifier is not fooled about how glyph-like the cells looked.
    static func better(_ reading: MRZReading, than other: MRZReading) -> Bool {
        let valid = reading.result?.valid == true, otherValid = other.result?.valid == true
        if valid != otherValid { return valid }
        if abs(reading.confidence - other.confidence) > 0.03 { return reading.confidence > other.confidence }
        let failing = reading.result?.checks.filter { !$0.valid }.count ?? 9, otherFailing = other.result?.checks.filter { !$0.valid }.count ?? 9
        return failing != otherFailing ? failing < otherFailing : reading.confidence > other.confidence
    }
}
