import Testing
@testable import VerityCore
@testable import VerityVision

/// Accuracy of the MRZ reader on generated passports (TD3) and ID cards (TD1),
/// by degradation. Thresholds are what the engine must keep achieving.
@Suite("MRZ reading: generated passports and ID cards, every degradation")
struct MRZReadingTests {
    let documents = GeneratedDocuments.shared

    func readAll(kind: String, side: Int) throws -> (exact: AccuracyTable, valid: AccuracyTable) {
        var exact = AccuracyTable(), valid = AccuracyTable()
        for sample in documents.samples(kind: kind) {
            let image = try ImageDecoder().decode(documents.bytes(sample.files[side]))
            let (reading, _) = MRZSearch(today: GeneratedDocuments.today).read(PageImage(image))
            let result = reading?.result
            exact.record(sample.degradation, result?.lines == sample.truth["mrz"]?.lines)
            valid.record(sample.degradation, result?.valid == true)
        }
        return (exact, valid)
    }

    @Test func passportsAreReadExactlyUnderEveryDegradationButHeavyBlur() throws {
        // when
        let (exact, valid) = try readAll(kind: "passport", side: 0)
        print(exact.summary("passport MRZ exact"))
        // then
        #expect(exact.rate("clean") == 1)
        #expect(exact.rate(excluding: ["blur"]) >= 0.95)
        // A valid read is right: check digits rarely pass on a wrong reading.
        #expect(valid.rate(excluding: []) - exact.rate(excluding: []) <= 0.03)
    }

    @Test func idCardsAreReadExactlyUnderEveryDegradationButHeavyBlur() throws {
        let (exact, _) = try readAll(kind: "id_card", side: 1)
        print(exact.summary("ID card MRZ exact"))
        #expect(exact.rate("clean") == 1)
        #expect(exact.rate(excluding: ["blur"]) >= 0.9)
    }

    @Test func aPageWithoutAnMRZYieldsNoReading() throws {
        // given: the front of a driver licence
        let sample = documents.samples(kind: "driver_licence").first { $0.degradation == "clean" }!
        let image = try ImageDecoder().decode(documents.bytes(sample.files[0]))
        // when
        let (reading, _) = MRZSearch(today: GeneratedDocuments.today).read(PageImage(image))
        // then
        #expect(reading?.result?.valid != true)
    }
}
