import Foundation
import Testing
@testable import VerityCore
@testable import VerityVision

/// Generated documents (tools/docgen) and the same documents forged with
/// another person's photo over the portrait (tools/docgen/tamper.py).
@Suite("Face fraud zone: substituted portraits are flagged, genuine ones are not")
struct PortraitFraudTests {
    static let portraitKinds: Set<String> = ["passport", "id_card", "driver_licence", "egypt_id"]

    @Test func substitutedPortraitsLeaveTheGreenZone() throws {
        // given
        let engine = try FaceEngine(modelsDirectory: FaceEngineTests.models)
        let documents = GeneratedDocuments.shared
        var green = AccuracyTable(), flagged = AccuracyTable(), red = AccuracyTable(), reasons: [String: Int] = [:]
        for sample in documents.samples + documents.forgeries where Self.portraitKinds.contains(sample.kind) {
            // when
            let page = PageImage(try ImageDecoder().decode(documents.bytes(sample.files[0])))
            let evidence = engine.inspectPortrait(page: page.page)
            let assessment = FaceFraudPolicy().assess(evidence)
            // then
            if sample.isForgery {
                flagged.record(sample.degradation, assessment.zone >= 1)
                red.record(sample.degradation, assessment.zone == 2)
            } else {
                green.record(sample.degradation, assessment.zone == 0)
            }
            for reason in assessment.reasons { reasons["\(sample.isForgery ? sample.degradation : "genuine") \(reason.rawValue)", default: 0] += 1 }
        }
        print(green.summary("genuine portraits in the green zone"))
        print(flagged.summary("substituted portraits flagged (zone 1 or 2)") + "; " + red.summary("in zone 2")
              + "; reasons: \(reasons.sorted { $0.key < $1.key })")
        #expect(flagged.rate(excluding: []) >= 0.95)
        #expect(red.rate(excluding: []) >= 0.9)
        #expect(green.rate(excluding: []) >= 0.95)
        #expect(green.rate("clean") == 1 && green.rate("photo") == 1)
    }
}

extension PortraitFraudTests {
    @Test func aFaceOnTheWrongSideOfThePageIsOutOfPlace() throws {
        // given: a clean passport page mirrored, so its portrait sits on the right
        let engine = try FaceEngine(modelsDirectory: FaceEngineTests.models)
        let documents = GeneratedDocuments.shared
        let sample = try #require(documents.samples(kind: "passport").first { $0.degradation == "clean" })
        let page = try ImageDecoder().decode(documents.bytes(sample.files[0]))
        // when
        let genuine = engine.inspectPortrait(page: page.gray)
        let mirrored = engine.inspectPortrait(page: page.displayed(.mirrored).gray)
        // then
        #expect(genuine.placement == .expected)
        #expect(mirrored.placement == .elsewhere)
        #expect(FaceFraudPolicy().assess(mirrored).reasons == [.portraitOutOfPlace])
    }

    @Test func theInspectorReportsTheZoneOnlyWithAFaceEngine() throws {
        let documents = GeneratedDocuments.shared
        let sample = try #require(documents.forgeries(kind: "id_card").first { $0.degradation == "tampered_digital" })
        let front = documents.bytes(sample.files[0]), back = documents.bytes(sample.files[1])
        let withFaces = DocumentInspector(today: GeneratedDocuments.today, faces: try FaceEngine(modelsDirectory: FaceEngineTests.models))
        let report = try withFaces.inspect(front: front, back: back, type: .idCard, country: sample.country)
        let advanced = try #require(report.advancedConfidence)
        #expect(advanced.faceFraudZone == 2 && advanced.fraudDetectionZone == 2)
        #expect(advanced.faceFraudReasons == [.portraitNoiseMismatch])
        #expect(report.timings.contains { $0.stage == "portrait" })
        let without = try DocumentInspector(today: GeneratedDocuments.today).inspect(front: front, back: back, type: .idCard, country: sample.country)
        #expect(without.advancedConfidence == nil)
    }
}
