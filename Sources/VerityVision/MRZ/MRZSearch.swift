import VerityCore

/// Looks for the MRZ on a page in every plausible orientation and flattening.
struct MRZSearch {
    let today: CalendarDate

    /// Tries the flattened page upright and upside down, then the unflattened
    /// image (a wrongly found corner distorts the flattening), then both a
    /// quarter turn away (a card photographed upright, or front and back one
    /// above the other). Returns the reading and the page turned the way it was read.
    func read(_ page: PageImage) -> (MRZReading?, PageImage) {
        let reader = MRZReader(today: today)
        var best: (MRZReading?, PageImage) = (nil, page)
        var sources = [page]
        if page.placement?.fillsFrame == false { sources.append(page.unflattened()) }
        let turns = [0, 180, 90, 270]
        for turn in turns {
            for source in sources {
                var candidate = source
                candidate.turn(clockwise: turn)
                guard let reading = reader.read(candidate.page) else { continue }
                if reading.result?.valid == true { return (reading, candidate) }
                if best.0 == nil || Self.better(reading, than: best.0!) { best = (reading, candidate) }
            }
            // A zone found upright or upside down is the zone: quarter turns are for pages where none was.
            if turn == 180, best.0 != nil { break }
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
