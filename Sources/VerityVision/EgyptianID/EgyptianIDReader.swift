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
    }

    /// One side on its own: what it holds of the card's text, the way up it
    /// was read, and the reading's confidence (0–1).
    func readSide(_ page: PageImage, front: Bool) throws(VerityError) -> (text: EgyptianIDText, orientation: Int, confidence: Double) {
        var text = EgyptianIDText()
        let side = upright(page, front: front)
        let confidence = front ? try readFront(side, into: &text) : try readBack(side, into: &text)
        return (text, side.orientation, confidence)
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
        side.number = nid(in: side)
        return side
    }

    /// The band reading as 14 digits: the national number.
    private func nid(in side: Side) -> (TextBand, PixelRect, EasternDigitReader.Reading)? {
        for band in side.bands {
            for segment in band.segments where segment.width > band.rect.height * 3 {
                let reading = EasternDigitReader().read(side.page, rect: segment)
                if reading.text.count == 14, !reading.text.contains("/"), reading.confidence > 0.7 {
                    return (band, segment, reading)
                }
            }
        }
        return nil
    }

    // MARK: Front

    private func readFront(_ side: Side, into text: inout EgyptianIDText) throws(VerityError) -> Double {
        let number = side.number
        if let number { text.frontNID = .init(number.2.text, confidence: number.2.confidence) }
        // Text lines right of the photo, above the number, below the card's title.
        var lines: [(Double, EgyptianIDText.Value)] = []
        var rects: [PixelRect] = []
        for band in side.bands where band.rect.y < (number?.0.rect.y ?? side.page.height) {
            let right = band.segments.filter { $0.maxX > side.page.width / 3 }
            guard let rect = right.reduce(nil, { (partial: PixelRect?, next) in partial?.union(next) ?? next }) else { continue }
            let read = try ArabicLineReader().read(side.page, rect: rect)
            if read.text.isEmpty || Self.isTitle(read.text) { continue }
            lines.append((Double(band.rect.y + band.rect.height / 2) / Double(side.page.height), .init(read.text, confidence: read.confidence / 100)))
            rects.append(rect)
        }
        let slots = Self.frontSlots(lines.map(\.0))
        for (index, slot) in slots.enumerated() {
            switch slot {
            case 0: text.firstName = lines[index].1
            case 1: text.restOfName = lines[index].1
            case 2: text.street = try withHouseNumber(lines[index].1, side: side, rect: rects[index])
            case 3: text.district = lines[index].1
            default: break
            }
        }
        let confidences = lines.map(\.1.confidence) + [number?.2.confidence ?? 0]
        return confidences.reduce(0, +) / Double(confidences.count)
    }

    /// House numbers are Eastern Arabic digits at the street line's start (its
    /// right end), which `ara` cannot read: the digit classifier reads them.
    private func withHouseNumber(_ street: EgyptianIDText.Value, side: Side, rect: PixelRect) throws(VerityError) -> EgyptianIDText.Value {
        // The words Tesseract recognised end where the number begins.
        guard let wordsEnd = try ArabicLineReader().rightEdgeOfWords(side.page, rect: rect), rect.maxX - wordsEnd > rect.height / 3 else {
            return street
        }
        let number = EasternDigitReader().read(side.page, rect: PixelRect(x: wordsEnd + 2, y: rect.y, width: rect.maxX - wordsEnd - 2, height: rect.height))
        guard !number.text.isEmpty, !number.text.contains("/"), number.confidence > 0.8 else { return street }
        let words = street.text.split(separator: " ").filter { !$0.contains(where: \.isNumber) }
        return .init(ArabicDigits.toEastern(number.text) + " " + words.joined(separator: " "), confidence: street.confidence)
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

    static func isTitle(_ text: String) -> Bool {
        let folded = ArabicMatching.fold(text)
        return ["جمهوريه", "مصر العربيه", "بطاقه تحقيق", "الشخصيه"].contains { folded.contains($0) }
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
        var arabicLines: [(TextBand, [String], Double)] = []
        for band in side.bands where number == nil || band.rect.y > number!.0.rect.maxY - 2 {
            // The serial number: Latin capitals and digits at the bottom left.
            if band.rect.y > side.page.height * 2 / 3, let first = band.segments.first, first.maxX < side.page.width / 2,
               let serial = try latinSerial(side.page, rect: first) {
                text.serialNumber = serial
                continue
            }
            var pieces: [String] = []
            var total = 0.0
            for segment in band.segments.reversed() {
                let read = try ArabicLineReader().read(side.page, rect: segment)
                if !read.text.isEmpty { pieces.append(read.text); total += read.confidence / 100 }
            }
            guard !pieces.isEmpty else { continue }
            let confidence = total / Double(pieces.count)
            let joined = pieces.joined(separator: " ")
            let folded = ArabicMatching.fold(joined)
            if folded.contains("ساريه") || folded.contains("حتي") {
                // "valid until <date>": the date is the leftmost run of digits.
                let date = EasternDigitReader().readNumber(side.page, rect: band.rect, at: .left)
                text.expiryDate = .init(date.text, confidence: date.confidence)
                confidences.append(date.confidence)
            } else if folded.hasPrefix("زوجه") {
                let name = joined.split(separator: "/", maxSplits: 1).last.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? ""
                text.husbandName = .init(name, confidence: confidence)
            } else {
                arabicLines.append((band, pieces, confidence))
            }
            confidences.append(confidence)
        }
        // Profession, then gender · religion · marital status (right to left).
        if let profession = arabicLines.first {
            text.profession = .init(profession.1.joined(separator: " "), confidence: profession.2)
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
