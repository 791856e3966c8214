import Foundation
import Testing
@testable import VerityCore
@testable import VerityVision

/// What real uploads bring that renderings do not: no stated country, files
/// that end early, scans cropped to the document's edge.
@Suite("Real captures: the country from the MRZ, JPEGs that end early, tight crops")
struct RealCaptureTests {
    let documents = GeneratedDocuments.shared
    let inspector = DocumentInspector(today: GeneratedDocuments.today)

    @Test func aPassportNeedsNoStatedCountryWhenItsMRZNamesOne() throws {
        // given: passports issued by France, Germany (D<<) and the Netherlands
        for (state, expected) in [("FRA", "FR"), ("D", "DE"), ("NLD", "NL")] {
            let sample = try #require(documents.samples(kind: "passport").first { $0.country == state && $0.degradation == "clean" })
            // when
            let report = try inspector.inspect(front: documents.bytes(sample.files[0]), type: .passport)
            // then
            #expect(report.country == expected)
            #expect(report.mrz?.valid == true)
        }
    }

    @Test func withoutACountryOnlyADocumentWithoutAnMRZIsAnError() throws {
        // given: an Egyptian ID (no MRZ) and ICAO's test state Utopia (an ICAO code, no ISO country)
        let egyptian = try #require(documents.samples(kind: "egypt_id").first { $0.degradation == "clean" })
        let utopian = try #require(documents.samples(kind: "passport").first { $0.country == "UTO" && $0.degradation == "clean" })
        // then: the Egyptian card needs its country stated; the passport is read, its country the code as it stands
        #expect(throws: VerityError(.invalidInput, "")) { try inspector.inspect(front: documents.bytes(egyptian.files[0]), type: .idCard) }
        let report = try inspector.inspect(front: documents.bytes(utopian.files[0]), type: .passport)
        #expect(report.country == "UTO")
        #expect(report.mrz?.valid == true)
        #expect(!report.documentVerificationPlus.reviewRequired.contains("country"))
    }

    @Test func aStatedCountryIsAHintTheMRZIsCheckedAgainst() throws {
        // given: a Dutch passport said to be French
        let dutch = try #require(documents.samples(kind: "passport").first { $0.country == "NLD" && $0.degradation == "clean" })
        // when
        let report = try inspector.inspect(front: documents.bytes(dutch.files[0]), type: .passport, country: "FR")
        // then: the MRZ's country is reported, and the disagreement is for a person to look at
        #expect(report.country == "NL")
        #expect(report.mismatches.contains(FieldMismatch(field: "country", values: ["stated": "FR", "mrz": "NL"])))
        #expect(report.documentVerificationPlus.reviewRequired.contains("country"))
    }

    @Test func aJPEGThatEndsEarlyIsReadAsFarAsItGoesAndFlagged() throws {
        // given: a passport photo whose last 5 % of bytes never arrived
        let sample = try #require(documents.samples(kind: "passport").first { $0.degradation == "photo" })
        let full = documents.bytes(sample.files[0])
        let cut = Array(full.prefix(full.count * 95 / 100))
        // when
        let decoded = try ImageDecoder().decodeMeasuringCompleteness(cut)
        let report = try inspector.inspect(front: cut, type: .passport, country: "US")
        // then
        let whole = try ImageDecoder().decode(full)
        #expect(decoded.image.width == whole.width && decoded.image.height == whole.height)
        #expect(decoded.completeness > 0.6 && decoded.completeness < 1)
        #expect(report.front.quality.signal(.completeness)?.passed == false)
        #expect(report.mrz?.valid == true, "the MRZ was in the part that arrived")
        #expect(try ImageDecoder().decodeMeasuringCompleteness(full).completeness == 1)
    }

    @Test func aJPEGWithTooLittleLeftIsRefused() throws {
        let sample = try #require(documents.samples(kind: "passport").first { $0.degradation == "photo" })
        let full = documents.bytes(sample.files[0])
        for share in [2, 40] {
            let cut = Array(full.prefix(full.count * share / 100))
            #expect(throws: VerityError(.invalidImage, "")) { try ImageDecoder().decode(cut) }
        }
    }

    @Test func aScanCroppedToTheDocumentIsNotCutOffButAPageMissingItsTopIs() throws {
        // given: a clean scan (the picture ends at the document's edge), and the same page without its top 30 %
        let sample = try #require(documents.samples(kind: "passport").first { $0.country == "FRA" && $0.degradation == "clean" })
        let image = try ImageDecoder().decode(documents.bytes(sample.files[0]))
        let skip = image.height * 30 / 100
        let lower = RGBImage(width: image.width, height: image.height - skip, pixels: Array(image.pixels[(skip * image.width * 3)...]))
        let cropped = try #require(PNGWriter.encode(lower))
        // when
        let whole = try inspector.inspect(front: documents.bytes(sample.files[0]), type: .passport)
        let partial = try inspector.inspect(front: cropped, type: .passport)
        // then: the MRZ, read in both, is the ruler
        #expect(whole.mrz?.valid == true && partial.mrz?.valid == true)
        let wholePlacement = try #require(whole.front.quality.document)
        #expect(wholePlacement.fullyInFrame || wholePlacement.fillsFrame)
        let partialPlacement = try #require(partial.front.quality.document)
        #expect(!partialPlacement.fullyInFrame && !partialPlacement.fillsFrame)
    }

    @Test func aWashedOutCaptureIsTooBrightAndAPaleOneIsNotAGreyCopy() throws {
        // given: a clean passport washed out by light (print and paper near white), and one bleached pale
        let sample = try #require(documents.samples(kind: "passport").first { $0.country == "FRA" && $0.degradation == "clean" })
        let image = try ImageDecoder().decode(documents.bytes(sample.files[0]))
        func adjusted(_ transform: (UInt8) -> UInt8) throws -> [UInt8] {
            try #require(PNGWriter.encode(RGBImage(width: image.width, height: image.height, pixels: image.pixels.map(transform))))
        }
        let washedOut = try adjusted { 255 - UInt8((255 - Double($0)) * 0.15) }
        let pale = try adjusted { 255 - UInt8((255 - Double($0)) * 0.6) }
        // when
        let washedReport = try inspector.inspect(front: washedOut, type: .passport, country: "FR")
        let paleReport = try inspector.inspect(front: pale, type: .passport, country: "FR")
        // then
        #expect(washedReport.front.quality.signal(.overexposure)?.passed == false)
        #expect(paleReport.front.quality.signal(.overexposure)?.passed == true)
        #expect(paleReport.front.quality.signal(.colourfulness)?.passed == true)
    }

    @Test func aPageWithASecondDocumentBesideItStillYieldsOneValidMRZ() throws {
        // given: a passport and an ID card's back side by side on one white page
        let passport = try #require(documents.samples(kind: "passport").first { $0.country == "NLD" && $0.degradation == "clean" })
        let card = try #require(documents.samples(kind: "id_card").first { $0.degradation == "clean" })
        let left = try ImageDecoder().decode(documents.bytes(passport.files[0]))
        let right = try ImageDecoder().decode(documents.bytes(card.files[1]))
        let gap = 60, height = max(left.height, right.height) + 2 * gap, width = left.width + right.width + 3 * gap
        var pixels = [UInt8](repeating: 255, count: width * height * 3)
        for (image, originX) in [(left, gap), (right, left.width + 2 * gap)] {
            for y in 0..<image.height {
                let target = ((y + gap) * width + originX) * 3
                pixels.replaceSubrange(target..<(target + image.width * 3), with: image.pixels[(y * image.width * 3)..<((y + 1) * image.width * 3)])
            }
        }
        let page = try #require(PNGWriter.encode(RGBImage(width: width, height: height, pixels: pixels)))
        // when
        let reading = try MRZImageReader(today: GeneratedDocuments.today).read(imageBytes: page)
        // then: one of the two, read whole, not a mix of both
        let lines = try #require(reading?.result?.lines)
        #expect(reading?.result?.valid == true)
        #expect(lines == passport.truth["mrz"]?.lines || lines == card.truth["mrz"]?.lines)
    }

    /// Qatar's first MRZ glyphs sit on pink guilloche: in luma it is as dark as
    /// the print, in the brightest channel it is paper.
    @Test func colouredPrintFadesInBlackInkWhileBlackPrintStays() {
        // given: black print, pink and green guilloche, paper
        let pixels: [UInt8] = [20, 20, 24, /* pink */ 230, 90, 170, /* green */ 120, 200, 150, /* paper */ 235, 235, 228]
        let capture = RGBImage(width: 4, height: 1, pixels: pixels)
        // when
        let luma = capture.gray.pixels, ink = capture.brightestChannel.pixels
        // then
        #expect(ink[0] < 30)
        #expect(luma[1] < 150 && ink[1] >= 230)
        #expect(ink[2] >= 200)
        #expect(PageImage(RGBImage(width: 40, height: 40, pixels: [UInt8](repeating: 128, count: 4800))).blackInkPage() == nil,
                "a grey capture is read once")
    }
}
