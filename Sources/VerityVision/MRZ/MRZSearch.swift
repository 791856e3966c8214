import VerityCore

/// Looks for the MRZ on a page in every plausible orientation and flattening.
struct MRZSearch {
    let today: CalendarDate

    /// Tries the flattened page upright and upside down, then the unflattened
    /// image (a wrongly found corner distorts the flattening), then both a
    /// quarter turn away (a card photographed upright, or front and back one
    /// above the other). A zone found but read with a check digit failing is
    /// read again in black ink alone (`PageImage.blackInkPage`): coloured
    /// guilloche printed under the first glyphs hides them from the luma page.
    /// Returns the reading and the page turned the way it was read.
    func read(_ page: PageImage) -> (MRZReading?, PageImage) {
        var sources = [page]
        if page.placement?.fillsFrame == false { sources.append(page.unflattened()) }
        let found = search(sources, turns: [0, 180, 90, 270])
        guard let reading = found.reading, reading.result?.valid != true else { return (found.reading, found.page) }
        let inked = sources.compactMap { $0.blackInkPage() }
        guard !inked.isEmpty else { return (found.reading, found.page) }
        let again = search(inked, turns: [found.turn, (found.turn + 180) % 360])
        return again.reading?.result?.valid == true ? (again.reading, again.page) : (found.reading, found.page)
    }

    private func search(_ sources: [PageImage], turns: [Int]) -> (reading: MRZReading?, page: PageImage, turn: Int) {
        let reader = MRZReader(today: today)
        var best: (reading: MRZReading?, page: PageImage, turn: Int) = (nil, sources[0], 0)
        for (index, turn) in turns.enumerated() {
            for source in sources {
                var candidate = source
                candidate.turn(clockwise: turn)
                guard let reading = reader.read(candidate.page) else { continue }
                if reading.result?.valid == true { return (reading, candidate, turn) }
                if best.reading == nil || Self.better(reading, than: best.reading!) { best = (reading, candidate, turn) }
            }
            // A zone found upright or upside down is the zone: quarter turns are for pages where none was.
            if best.reading != nil, Set(turns[...index]).isSuperset(of: [0, 180]) { break }
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
