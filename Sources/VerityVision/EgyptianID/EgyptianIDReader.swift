import Foundation
import VerityCore

/// Reads both sides of an Egyptian national ID card: Arabic text lines with
/// Tesseract `ara`, national numbers and dates with the Eastern Arabic digit
/// classifier, the serial number with `eng`.
struct EgyptianIDReader {
    /// Cards are flattened to this width: ID-1 at 10 px/mm.
    static let cardWidth = 856

    struct Side {
        var page: GrayImage
        var ink: [Bool]
        var bands: [TextBand]
        var orientation: Int
        /// The band, segment and reading of the 14-digit national number, if found.
        var number: (TextBand, PixelRect, EasternDigitReader.Reading)?
        /// The reading whose print is checked: the national number's; failing
        /// that, the band reading most nearly one (11–17 confident digits):
        /// digits reprinted at another size can break the reading into a few
        /// pieces more or fewer, and the print check should still see them.
        var printedNumber: EasternDigitReader.Reading?
    }

    /// One side on its own: what it holds of the card's text, the way up it
    /// was read, and the reading's confidence (0–1).
    func readSide(_ page: PageImage, front: Bool) throws(VerityError)
        -> (text: EgyptianIDText, orientation: Int, confidence: Double, textManipulation: TextManipulationEvidence?) {
        var text = EgyptianIDText()
        let side = upright(page, front: front)
        let confidence = front ? try readFront(side, into: &text) : try readBack(side, into: &text)
        let numberPrint = side.printedNumber.flatMap { NumberPrintCheck().inspect(side.page, reading: $0) }
        return (text, side.orientation, confidence, numberPrint)
    }

    /// The page upright: the way up in which a well-formed national number reads best.
    private func upright(_ page: PageImage, front: Bool) -> Side {
        let side = prepare(page.page, orientation: page.orientation, front: front)
        let score = numberScore(side)
        if score >= 1.9 { return side }
        let turned = prepare(page.page.rotated(clockwise: 180), orientation: (page.orientation + 180) % 360, front: front)
        return numberScore(turned) > score ? turned : side
    }

    /// 1 for a number that parses (date, governorate), plus the reading's confidence.
    private func numberScore(_ side: Side) -> Double {
        guard let (_, _, reading) = side.number else { return 0 }
        return ((try? EgyptianNationalNumber.parse(reading.text)) != nil ? 1 : 0) + reading.confidence
    }

    private func prepare(_ page: GrayImage, orientation: Int, front: Bool) -> Side {
        let height = max(1, Int(Double(page.height) * Double(Self.cardWidth) / Double(page.width)))
        let card = page.resized(width: Self.cardWidth, height: height)
        let histogram = Thresholds.histogram(card)
        let spread = Thresholds.percentile(histogram, 0.9) - Thresholds.percentile(histogram, 0.02)
        // Print is far darker than the security background: an offset of a quarter
        // of the page's range keeps text and drops the fine guilloche lines.
        let ink = Thresholds.adaptiveInk(card.smoothed(), radius: 20, offset: max(30, spread / 4))
        // The front's text stands right of the portrait; the back uses the whole width.
        let left = front ? card.width * 3 / 10 : 0
        let bands = TextBands.find(in: card, region: PixelRect(x: left, y: 0, width: card.width - left, height: card.height), ink: ink)
        var side = Side(page: card, ink: ink, bands: bands, orientation: orientation)
        (side.number, side.printedNumber) = numbers(in: side)
        return side
    }

    /// The band reading as 14 digits: the national number.
    /// Of every band reading as 14 digits, the one that parses as a national
    /// number (date, governorate), then the most confident: a line of Arabic
    /// words can also fall into 14 confident-looking pieces. Beside it, the
    /// reading whose print is checked (`Side.printedNumber`), from the same readings.
    private func numbers(in side: Side) -> (number: (TextBand, PixelRect, EasternDigitReader.Reading)?, printed: EasternDigitReader.Reading?) {
        var found: [(TextBand, PixelRect, EasternDigitReader.Reading)] = []
        var nearest: EasternDigitReader.Reading?
        for band in side.bands {
            for segment in band.segments where segment.width > band.rect.height * 3 {
                let reading = EasternDigitReader().read(side.page, rect: segment)
                guard !reading.text.contains("/") else { continue }
                if reading.text.count == 14, reading.confidence > 0.7 { found.append((band, segment, reading)) }
                if (11...17).contains(reading.text.count), reading.confidence > 0.6, reading.confidence > nearest?.confidence ?? 0 {
                    nearest = reading
                }
            }
        }
        func score(_ candidate: (TextBand, PixelRect, EasternDigitReader.Reading)) -> Double {
            ((try? EgyptianNationalNumber.parse(candidate.2.text)) != nil ? 1 : 0) + candidate.2.confidence
        }
        let number = found.max { score($0) < score($1) }
        return (number, number?.2 ?? nearest)
    }

    // MARK: Front

    private func readFront(_ side: Side, into text: inout EgyptianIDText) throws(VerityError) -> Double {
        let number = side.number
        if let number { text.frontNID = .init(number.2.text, confidence: number.2.confidence) }
        // Text lines right of the photo, above the number, below the card's title.
        var lines: [(centre: Double, readings: ArabicLineReader.Readings)] = []
        var rects: [PixelRect] = []
        for band in side.bands where band.rect.y < (number?.0.rect.y ?? side.page.height) {
            let right = band.segments.filter { $0.maxX > side.page.width / 3 }
            guard let rect = right.reduce(nil, { (partial: PixelRect?, next) in partial?.union(next) ?? next }) else { continue }
            let readings = try ArabicLineReader().readAll(side.page, rect: rect)
            if readings.best.isEmpty || Self.isTitle(readings.best) { continue }
            lines.append((Double(band.rect.y + band.rect.height / 2) / Double(side.page.height), readings))
            rects.append(rect)
        }
        let vocabulary = ArabicVocabulary.shared
        let slots = Self.frontSlots(lines.map(\.centre))
        for (index, slot) in slots.enumerated() {
            let readings = lines[index].readings
            let confidence = readings.confidence / 100
            switch slot {
            case 0: text.firstName = .init(ArabicConsensus.words(readings.texts, list: vocabulary.givenNames) ?? readings.best, confidence: confidence)
            case 1: text.restOfName = .init(ArabicConsensus.words(readings.texts, list: vocabulary.lineageNames) ?? readings.best, confidence: confidence)
            case 2: text.street = try street(side: side, rect: rects[index], readings: readings)
            case 3: text.district = .init(ArabicConsensus.oneOf(readings.texts, options: vocabulary.districts) ?? readings.best, confidence: confidence)
            default: break
            }
        }
        let confidences = lines.map { $0.readings.confidence / 100 } + [number?.2.confidence ?? 0]
        return confidences.reduce(0, +) / Double(confidences.count)
    }

    /// "<house number> <street type> <street name>". House numbers are Eastern
    /// Arabic digits at the line's start (its right end), which `ara` cannot
    /// read: the digit classifier reads them, Tesseract the words beside them.
    private func street(side: Side, rect: PixelRect, readings whole: ArabicLineReader.Readings) throws(VerityError) -> EgyptianIDText.Value {
        var readings = whole
        var house = ""
        if let number = houseNumber(side.page, rect: rect), number.start - rect.x > rect.height {
            house = ArabicDigits.toEastern(number.text)
            readings = try ArabicLineReader().readAll(side.page, rect: PixelRect(x: rect.x, y: rect.y, width: number.start - rect.x - 2, height: rect.height))
        }
        if house.isEmpty, let read = Self.numberMostReadingsGive(whole.texts) { house = read }
        let texts = readings.texts.map { $0.split(separator: " ").filter { !$0.contains(where: \.isNumber) }.joined(separator: " ") }
        let vocabulary = ArabicVocabulary.shared
        let words = ArabicConsensus.oneOf(texts, options: vocabulary.streets) ?? ArabicConsensus.words(texts, list: vocabulary.streetWords)
            ?? readings.best
        return .init(house.isEmpty ? words : house + " " + words, confidence: readings.confidence / 100)
    }

    /// A number of Eastern digits that two or more readings give as a word (the
    /// script-wide model reads them, some in their Persian forms), in Arabic-Indic
    /// digits: the house number when the digit classifier cannot read the font's.
    static func numberMostReadingsGive(_ readings: [String]) -> String? {
        let numbers = readings.compactMap { reading -> String? in
            reading.split(separator: " ").lazy.compactMap { word -> String? in
                let digits = word.unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
                    switch scalar.value {
                    case 0x0660...0x0669: return scalar
                    case 0x06F0...0x06F9: return Unicode.Scalar(scalar.value - 0x06F0 + 0x0660)
                    default: return nil
                    }
                }
                return digits.count == word.unicodeScalars.count && (1...4).contains(digits.count) ? String(String.UnicodeScalarView(digits)) : nil
            }.first
        }
        let counts = Dictionary(grouping: numbers, by: { $0 }).mapValues(\.count)
        guard let best = counts.max(by: { $0.value < $1.value }), best.value >= 2 else { return nil }
        return best.key
    }

    /// The number at the street line's right end and where it starts: the
    /// glyphs right of the widest of the line's last few gaps (the space after
    /// a number is wider than the gaps between its digits and between a word's
    /// letters), if the digit classifier reads them as digits.
    func houseNumber(_ page: GrayImage, rect: PixelRect) -> (text: String, start: Int)? {
        let area = rect.clamped(width: page.width, height: page.height)
        guard area.width > 4, area.height > 4 else { return nil }
        let histogram = Thresholds.histogram(page, in: area)
        let threshold = (Thresholds.percentile(histogram, 0.9) + Thresholds.percentile(histogram, 0.02)) / 2
        // Runs of columns holding ink, right to left.
        var runs: [(start: Int, end: Int)] = []
        var open: Int?
        for x in stride(from: area.maxX - 1, through: area.x - 1, by: -1) {
            let inked = x >= area.x && (area.y..<area.maxY).contains { Int(page[x, $0]) < threshold }
            if inked, open == nil { open = x }
            if !inked, let end = open { runs.append((x + 1, end)); open = nil }
        }
        guard runs.count >= 2 else { return nil }
        let gaps = (0..<min(4, runs.count - 1)).map { runs[$0].start - runs[$0 + 1].end - 1 }
        // Widest first; a gap between a word's letters (after "ر") can be as
        // wide as the space, but the glyphs right of it do not read as digits.
        for split in gaps.indices.sorted(by: { gaps[$0] > gaps[$1] }) where Double(gaps[split]) >= 0.15 * Double(area.height) {
            let start = runs[split].start
            let reading = EasternDigitReader().read(page, rect: PixelRect(x: start, y: area.y, width: runs[0].end - start + 1, height: area.height))
            if !reading.text.isEmpty, !reading.text.contains("/"), reading.text.count <= 4, reading.confidence >= 0.85 {
                return (reading.text, start)
            }
        }
        return nil
    }

    /// Where the card prints its four front lines, as fractions of its height:
    /// first name, rest of the name, street, police station and governorate.
    static let frontLinePositions = [0.29, 0.38, 0.49, 0.59]

    /// Each line's slot: in order when there are four, else the nearest free slot
    /// (a line lost to glare must not shift the others).
    static func frontSlots(_ centres: [Double]) -> [Int?] {
        if centres.count == frontLinePositions.count { return centres.indices.map { $0 } }
        var free = Set(frontLinePositions.indices)
        return centres.map { centre in
            let slot = free.min { abs(frontLinePositions[$0] - centre) < abs(frontLinePositions[$1] - centre) }
            if let slot, abs(frontLinePositions[slot] - centre) < 0.08 { free.remove(slot); return slot }
            return nil
        }
    }

    /// The card's two title lines, however misread, but not an address that
    /// shares a word with them ("شارع الجمهورية").
    static func isTitle(_ text: String) -> Bool {
        let folded = Array(ArabicMatching.fold(text).unicodeScalars)
        return ["جمهوريه مصر العربيه", "بطاقه تحقيق الشخصيه"].contains { title in
            let phrase = Array(title.unicodeScalars)
            return ArabicEditDistance.between(folded, phrase) * 3 <= phrase.count
        }
    }

    // MARK: Back

    private func readBack(_ side: Side, into text: inout EgyptianIDText) throws(VerityError) -> Double {
        var confidences: [Double] = []
        let number = side.number
        if let (band, segment, reading) = number {
            text.backNID = .init(reading.text, confidence: reading.confidence)
            confidences.append(reading.confidence)
            // The release date (YYYY/MM) sits on the same line, left of the number.
            for other in band.segments where other.maxX < segment.x {
                let date = EasternDigitReader().read(side.page, rect: other)
                if date.text.contains("/") { text.releaseDate = .init(date.text, confidence: date.confidence); confidences.append(date.confidence) }
            }
        }
        // Each line: its band, its pieces, their confidence, and every reading of the band when one was taken.
        var arabicLines: [(TextBand, [String], Double, ArabicLineReader.Readings?)] = []
        for band in side.bands where number == nil || band.rect.y > number!.0.rect.maxY - 2 {
            // The serial number: Latin capitals and digits at the bottom left.
            if band.rect.y > side.page.height * 2 / 3, let first = band.segments.first, first.maxX < side.page.width / 2,
               let serial = try latinSerial(side.page, rect: first) {
                text.serialNumber = serial
                continue
            }
            var pieces: [String] = []
            var total = 0.0
            var bandReadings: ArabicLineReader.Readings?
            for segment in band.segments.reversed() {
                let read = try ArabicLineReader().read(side.page, rect: segment)
                if !read.text.isEmpty { pieces.append(read.text); total += read.confidence / 100 }
            }
            if pieces.isEmpty {
                // One short word (a profession such as "طبيب") can defeat the line mode: every reading.
                let readings = try ArabicLineReader().readAll(side.page, rect: band.rect)
                guard let any = readings.texts.first else { continue }
                pieces = [readings.best.isEmpty ? any : readings.best]
                total = readings.confidence / 100
                bandReadings = readings
            }
            let confidence = total / Double(pieces.count)
            let joined = pieces.joined(separator: " ")
            let folded = ArabicMatching.fold(joined)
            if folded.contains("ساريه") || folded.contains("حتي") {
                // "valid until <date>": the date is the leftmost run of digits.
                let date = EasternDigitReader().readNumber(side.page, rect: band.rect, at: .left)
                text.expiryDate = .init(date.text, confidence: date.confidence)
                confidences.append(date.confidence)
            } else if folded.hasPrefix("زوجه") {
                text.husbandName = try husband(side: side, band: band, confidence: confidence)
            } else {
                arabicLines.append((band, pieces, confidence, bandReadings))
            }
            confidences.append(confidence)
        }
        // Profession, then gender · religion · marital status (right to left).
        if let profession = arabicLines.first {
            let readings: ArabicLineReader.Readings
            if let taken = profession.3 { readings = taken } else { readings = try ArabicLineReader().readAll(side.page, rect: profession.0.rect) }
            let chosen = ArabicConsensus.listedOrRead(readings.texts, options: ArabicVocabulary.shared.professions)
            text.profession = .init(chosen ?? profession.1.joined(separator: " "), confidence: profession.2)
        }
        if arabicLines.count > 1 {
            // Short words from fixed lists: read each at several scales and vote.
            let segments = Array(arabicLines[1].0.segments.reversed())
            let vocabularies = [EgyptianIDRules.genders, EgyptianIDRules.religions, EgyptianIDRules.maritalStatuses]
            var values: [EgyptianIDText.Value?] = []
            for (index, segment) in segments.prefix(3).enumerated() {
                let voted = try ArabicLineReader().read(side.page, rect: segment, oneOf: vocabularies[index])
                let piece = index < arabicLines[1].1.count ? arabicLines[1].1[index] : ""
                values.append(voted.map { .init($0.text, confidence: $0.confidence / 100) } ?? .init(piece, confidence: arabicLines[1].2))
            }
            if values.count > 0 { text.gender = values[0] }
            if values.count > 1 { text.religion = values[1] }
            if values.count > 2 { text.maritalStatus = values[2] }
        }
        return confidences.isEmpty ? 0 : confidences.reduce(0, +) / Double(confidences.count)
    }

    /// "زوجة / <name>": the husband's name after the label, the consensus of every reading's.
    private func husband(side: Side, band: TextBand, confidence: Double) throws(VerityError) -> EgyptianIDText.Value {
        let readings = try ArabicLineReader().readAll(side.page, rect: band.rect)
        let names = readings.texts.map { reading -> String in
            if let slash = reading.lastIndex(of: "/") { return reading[reading.index(after: slash)...].trimmingCharacters(in: .whitespaces) }
            // The "/" lost: drop the label's word.
            let words = reading.split(separator: " ")
            guard let first = words.first, ArabicEditDistance.between(Array(ArabicMatching.fold(String(first)).unicodeScalars),
                                                                     Array("زوجه".unicodeScalars)) <= 1 else { return reading }
            return words.dropFirst().joined(separator: " ")
        }.filter { !$0.isEmpty }
        let name = ArabicConsensus.words(names, list: ArabicVocabulary.shared.lineageNames) ?? ""
        return .init(name, confidence: confidence)
    }

    private func latinSerial(_ page: GrayImage, rect: PixelRect) throws(VerityError) -> EgyptianIDText.Value? {
        let area = PixelRect(x: rect.x - 4, y: rect.y - 4, width: rect.width + 8, height: rect.height + 8).clamped(width: page.width, height: page.height)
        let crop = page.cropped(area)
        let scale = 40.0 / Double(crop.height)
        let line = crop.resized(width: max(1, Int(Double(crop.width) * scale)), height: 40).padded(10)
        let lines = try TesseractPool.shared.with("eng") { engine in
            engine.lines(in: line, layout: .line, characters: "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        }
        guard let first = lines.first, first.text.count >= 6, first.text.contains(where: \.isNumber) else { return nil }
        return .init(first.text.replacingOccurrences(of: " ", with: ""), confidence: first.confidence / 100)
    }
}
