import Testing
@testable import VerityCore
@testable import VerityVision

@Suite("Quality: each degradation is caught by its signal, clean captures pass")
struct QualitySignalTests {
    let documents = GeneratedDocuments.shared

    func measure(_ sample: GeneratedDocuments.Sample) throws -> QualityReport {
        QualityAnalyzer().measure(PageImage(try ImageDecoder().decode(documents.bytes(sample.files[0]))))
    }

    @Test func blurGlareAndGreyCopiesAreFlaggedAndNothingElseIs() throws {
        var blurCaught = AccuracyTable(), glareCaught = AccuracyTable(), greyCaught = AccuracyTable(), falseAlarms = AccuracyTable()
        for sample in documents.samples where sample.kind != "qr_card" && ["clean", "photo", "rotated", "noise", "jpeg", "low_resolution", "blur", "glare", "greyscale"].contains(sample.degradation) {
            // when
            let quality = try measure(sample)
            let failed = Set(quality.problems.map(\.name))
            // then
            switch sample.degradation {
            case "blur": blurCaught.record(sample.kind, failed.contains(.sharpness))
            case "glare": glareCaught.record(sample.kind, failed.contains(.glare))
            case "greyscale": greyCaught.record(sample.kind, failed.contains(.colourfulness))
            default: falseAlarms.record(sample.degradation, !failed.isEmpty)
            }
        }
        print(blurCaught.summary("blur caught"), glareCaught.summary("glare caught"), greyCaught.summary("grey caught"),
              falseAlarms.summary("false alarms"))
        #expect(blurCaught.rate(excluding: []) == 1)
        #expect(glareCaught.rate(excluding: []) >= 0.9)
        #expect(greyCaught.rate(excluding: []) == 1)
        #expect(falseAlarms.rate(excluding: []) <= 0.02)
    }

    @Test func placementTellsAPhotoFromAScanAndACutOffCorner() throws {
        for sample in documents.samples(kind: "passport") {
            let placement = try #require(try measure(sample).document)
            switch sample.degradation {
            case "photo", "rotated":
                #expect(placement.fullyInFrame, "\(sample.id)")
            case "cropped_corner":
                #expect(!placement.fullyInFrame && !placement.fillsFrame, "\(sample.id)")
            case "clean", "jpeg", "noise":
                #expect(placement.fillsFrame, "\(sample.id)")
            default:
                break
            }
        }
    }
}
