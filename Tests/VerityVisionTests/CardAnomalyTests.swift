import Foundation
import Testing
@testable import VerityCore
@testable import VerityVision

/// The image-anomaly zones of the OCR result: stickers, fingers, covered
/// corners and punched holes on generated Egyptian cards (tools/docgen/
/// anomaly.py, each side in turn, then captured one of six ways), against the
/// same cards untouched under every degradation. The detection and false-alarm
/// rates printed here are the ones docs/ocr-service.md publishes.
@Suite("Card anomalies: what covers, holes, folds or cracks a side is found; glare and capture wear are not")
struct CardAnomalyTests {
    let documents = GeneratedDocuments.shared
    let inspector = DocumentInspector(today: GeneratedDocuments.today)

    /// Every Egyptian side, genuine and altered, read once (a side's whole
    /// read takes about half a second) for the three signals below: one test,
    /// so no two tests wait on the same readings and starve the test runner.
    @Test func everySignalOnEveryAlteredAndGenuineSide() async throws {
        let documents = documents, inspector = inspector
        // Two minutes of reading, off the test runner's own threads (the HTTP tests need them).
        let read = await withCheckedContinuation { (continuation: CheckedContinuation<[String: EgyptianIDSideReading], Never>) in
            Thread.detachNewThread {
                var read: [String: EgyptianIDSideReading] = [:]
                for sample in documents.samples(kind: "egypt_id") + documents.anomalous.filter({ $0.kind == "egypt_id" }) {
                    for (file, side) in [(sample.files[0], DocumentSide.front), (sample.files[1], DocumentSide.back)] {
                        read[file] = try? inspector.readEgyptianIDSide(documents.bytes(file), side: side)
                    }
                }
                continuation.resume(returning: read)
            }
        }
        let readings = Readings(all: read)
        try obstructionsAreFoundAndGenuineSidesAreNotFlagged(readings)
        try foldsAndCracksAreFoundAndNothingElseIs(readings)
        try editedFrontsAreFoundAndCleanCapturesAreNotJudged(readings)
        try reprintedDigitsAreFoundAndGenuinePrintIsNot(readings)
    }

    struct Readings {
        let all: [String: EgyptianIDSideReading]
        func callAsFunction(_ file: String) throws -> EgyptianIDSideReading { try #require(all[file], "\(file) was not read") }
    }


    func obstructionsAreFoundAndGenuineSidesAreNotFlagged(_ reading: Readings) throws {
        func zone(_ file: String, side: DocumentSide) throws -> Int { try #require(try reading(file).anomaly).zone }
        var found = AccuracyTable(), falseAlarms = AccuracyTable()
        for sample in documents.anomalous where sample.kind == "egypt_id" && sample.degradation.hasPrefix("anomaly") {
            let side = try #require(sample.facts?.side)
            let spoiled = side == "front" ? 0 : 1
            found.record(sample.degradation, try zone(sample.files[spoiled], side: spoiled == 0 ? .front : .back) >= 1)
            // The other side is untouched: a finding there is a false alarm.
            falseAlarms.record("other side of an anomalous card", try zone(sample.files[1 - spoiled], side: spoiled == 0 ? .back : .front) >= 1)
        }
        for sample in documents.samples(kind: "egypt_id") {
            falseAlarms.record(sample.degradation, try zone(sample.files[0], side: .front) >= 1)
            falseAlarms.record(sample.degradation, try zone(sample.files[1], side: .back) >= 1)
        }
        print(found.summary("Card anomalies found (zone ≥ 1)"))
        print(falseAlarms.summary("Card anomalies: genuine sides flagged"))
        // Floors, not targets: a white sticker or sheet looks like glare, and a
        // light one on a grey photocopy like paper (docs/ocr-service.md).
        #expect(found.rate(excluding: []) >= 0.7)
        #expect(found.rate("anomaly_finger") == 1 && found.rate("anomaly_hole") == 1)
        #expect(falseAlarms.rate(excluding: []) <= 0.02)
    }

    /// `is_cracked`: a fold or a crack drawn across one side (damage_*), then
    /// captured; false alarms on every untouched side, and on sides with a
    /// sticker, finger, hole, covered corner or edit, which are not cracks.
    func foldsAndCracksAreFoundAndNothingElseIs(_ reading: Readings) throws {
        var found = AccuracyTable(), falseAlarms = AccuracyTable()
        func cracked(_ file: String, _ side: DocumentSide) throws -> Bool {
            try #require(try reading(file).crack).isCracked
        }
        for sample in documents.anomalous where sample.kind == "egypt_id" {
            let spoiled = sample.facts?.side == "back" ? 1 : 0
            if sample.degradation.hasPrefix("damage") {
                found.record(sample.degradation, try cracked(sample.files[spoiled], spoiled == 0 ? .front : .back))
                falseAlarms.record("other side of a damaged card", try cracked(sample.files[1 - spoiled], spoiled == 0 ? .back : .front))
            } else {
                falseAlarms.record("covered, holed or edited side", try cracked(sample.files[spoiled], spoiled == 0 ? .front : .back))
            }
        }
        for sample in documents.samples(kind: "egypt_id") {
            falseAlarms.record(sample.degradation, try cracked(sample.files[0], .front))
            falseAlarms.record(sample.degradation, try cracked(sample.files[1], .back))
        }
        print(found.summary("Card folds and cracks found (is_cracked)"))
        print(falseAlarms.summary("Card folds and cracks: sides wrongly called cracked"))
        #expect(found.rate(excluding: []) >= 0.7)
        #expect(falseAlarms.rate(excluding: []) <= 0.02)
    }

    /// `front_image_manipulation_zone`: a front captured with sensor noise,
    /// then a field replaced on a computer (edited_name, edited_digits), beside
    /// the same capture unedited (edited_none) and every genuine front. Only
    /// captures with noise can be judged; the others must stay absent.
    func editedFrontsAreFoundAndCleanCapturesAreNotJudged(_ reading: Readings) throws {
        var found = AccuracyTable(), falseAlarms = AccuracyTable(), judged = AccuracyTable()
        for sample in documents.anomalous where sample.kind == "egypt_id" && sample.degradation.hasPrefix("edited") {
            let evidence = try reading(sample.files[0]).manipulation
            if sample.degradation == "edited_none" {
                falseAlarms.record(sample.degradation, (evidence?.zone ?? 0) >= 1)
            } else {
                found.record(sample.degradation, (evidence?.zone ?? 0) >= 1)
            }
            judged.record(sample.degradation, evidence != nil)
        }
        for sample in documents.samples(kind: "egypt_id") {
            let evidence = try reading(sample.files[0]).manipulation
            falseAlarms.record(sample.degradation, (evidence?.zone ?? 0) >= 1)
            judged.record(sample.degradation, evidence != nil)
        }
        print(found.summary("Edited fronts found (front_image_manipulation_zone ≥ 1)"))
        print(falseAlarms.summary("Unedited fronts flagged as edited"))
        print(judged.summary("Fronts with enough sensor noise to judge"))
        #expect(found.rate(excluding: []) >= 0.8)
        #expect(falseAlarms.rate(excluding: []) <= 0.02)
        #expect(judged.rate("edited_none") == 1 && judged.rate("clean") == 0)
    }

    /// `front_text_manipulation` / `back_text_manipulation`: digits of the
    /// national number reprinted in another font, size or weight, or off the
    /// line (forged_digits; forged_word on a back without a husband's name),
    /// then captured one of six ways, against every genuine side. A reprinted
    /// word is not judged by this check: printed as measured, not asserted.
    func reprintedDigitsAreFoundAndGenuinePrintIsNot(_ reading: Readings) throws {
        var found = AccuracyTable(), words = AccuracyTable(), falseAlarms = AccuracyTable()
        for sample in documents.anomalous where sample.kind == "egypt_id" && sample.degradation.hasPrefix("forged") {
            let forgedSide = sample.facts?.side == "back" ? 1 : 0
            let forged = try reading(sample.files[forgedSide]).textManipulation?.manipulated == true
            if sample.facts?.forgery == "digits" {
                found.record(sample.facts?.alteration ?? "?", forged)
            } else {
                words.record(sample.facts?.alteration ?? "?", forged)
            }
            falseAlarms.record("other side of a forged card", try reading(sample.files[1 - forgedSide]).textManipulation?.manipulated == true)
        }
        // The spec's text manipulation also covers "any anomaly or obstruction
        // affecting the text": a finger, sticker, fold or crack across the
        // number may rightly raise it, and so may a number pasted or copied
        // over after capture (edited_digits, cloned digits). Such sides are
        // counted apart, not as false alarms.
        var obstructed = AccuracyTable(), editedNumbers = AccuracyTable()
        for sample in documents.samples(kind: "egypt_id") + documents.anomalous.filter({ $0.kind == "egypt_id" && !$0.degradation.hasPrefix("forged") }) {
            for (index, file) in sample.files.prefix(2).enumerated() {
                let flagged = try reading(file).textManipulation?.manipulated == true
                let alteredSide = (sample.facts?.side == "back" ? 1 : 0) == index
                if sample.degradation.hasPrefix("anomaly") || sample.degradation.hasPrefix("damage"), alteredSide {
                    obstructed.record(sample.degradation, flagged)
                } else if ["front_nid", "cloned_digits"].contains(sample.facts?.edit ?? ""), alteredSide {
                    editedNumbers.record(sample.facts?.edit ?? "?", flagged)
                } else {
                    falseAlarms.record(sample.degradation, flagged)
                }
            }
        }
        print(found.summary("Reprinted digits found (text_manipulation), by how they differ"))
        print(words.summary("Reprinted words flagged (not judged: only the number's print is)"))
        print(obstructed.summary("Obstructed, folded or cracked sides with text_manipulation"))
        print(editedNumbers.summary("Numbers pasted or copied over after capture with text_manipulation"))
        print(falseAlarms.summary("Genuine sides flagged as reprinted"))
        // A reprinted number too broken to read even as 11–17 digits is not
        // judged (absent); counted here as not found.
        #expect(found.rate(excluding: []) >= 0.75)
        #expect(falseAlarms.rate(excluding: []) <= 0.02)
    }

    @Test func aHoleIsRedAndAPlainCardIsGreen() throws {
        let hole = try #require(documents.anomalous.first { $0.degradation == "anomaly_hole" && $0.facts?.capture == "clean" }
                                ?? documents.anomalous.first { $0.degradation == "anomaly_hole" })
        let side = hole.facts?.side == "back" ? 1 : 0
        let holed = try inspector.readEgyptianIDSide(documents.bytes(hole.files[side]), side: side == 0 ? .front : .back)
        #expect(holed.anomaly?.holes ?? 0 >= 1 && holed.anomaly?.zone == 2)
        let clean = try #require(documents.samples(kind: "egypt_id").first { $0.degradation == "clean" })
        let front = try inspector.readEgyptianIDSide(documents.bytes(clean.files[0]), side: .front)
        #expect(front.anomaly == ImageAnomalyEvidence(zone: 0, confidence: 0, coveredTiles: 0, holes: 0))
        #expect(front.crack?.isCracked == false)
        // Combined, the card's report carries both sides' evidence.
        let back = try inspector.readEgyptianIDSide(documents.bytes(clean.files[1]), side: .back)
        let card = inspector.combineEgyptianID(front: front, back: back).imageAnomalies
        #expect(card?.zone == 0 && card?.isCracked == false)
    }
}
