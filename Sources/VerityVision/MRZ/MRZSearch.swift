import VerityCore

/// Looks for the MRZ on a page in every plausible orientation and flattening.
struct MRZSearch {
    let today: CalendarDate

    /// Tries the flattened page upright and upside down, then the unflattened
    /// image (a wrongly found corner distorts the flattening). Returns the
    /// reading and the page turned the way it was read.
    func read(_ page: PageImage) -> (MRZReading?, PageImage) {
        let reader = MRZReader(today: today)
        var best: (MRZReading?, PageImage) = (nil, page)
        var turned = page
        turned.turnHalf()
        var candidates = [page, turned]
        if page.placement?.fillsFrame == false {
            let raw = page.unflattened()
            var rawTurned = raw
            rawTurned.turnHalf()
            candidates += [raw, rawTurned]
        }
        for candidate in candidates {
            guard let reading = reader.read(candidate.page) else { continue }
            if reading.result?.valid == true { return (reading, candidate) }
            if best.0 == nil || reading.confidence > best.0!.confidence { best = (reading, candidate) }
        }
        return best
    }
}
