import Testing
@testable import VerityCore

@Suite("Egyptian ID rules: what the card says must agree with itself")
struct EgyptianIDRulesTests {
    let rules = EgyptianIDRules(today: CalendarDate(year: 2026, month: 11, day: 22)!)

    /// A fictional woman born 1990-05-17 in Giza.
    func card(_ change: (inout EgyptianIDText) -> Void = { _ in }) -> EgyptianIDText {
        let nid = EgyptianNationalNumberTests.number(sequence: "0124")
        var text = EgyptianIDText()
        text.firstName = .init("سارة", confidence: 0.9)
        text.restOfName = .init("أحمد محمود السيد", confidence: 0.9)
        text.street = .init("١٢ شارع التحرير", confidence: 0.9)
        text.district = .init("قسم الدقي - الجيزة", confidence: 0.9)
        text.frontNID = .init(nid, confidence: 1)
        text.backNID = .init(nid, confidence: 1)
        text.profession = .init("مهندسة", confidence: 0.9)
        text.gender = .init("أنثى", confidence: 0.9)
        text.religion = .init("مسلمة", confidence: 0.9)
        text.maritalStatus = .init("آنسة", confidence: 0.9)
        text.releaseDate = .init("2021/03", confidence: 1)
        text.expiryDate = .init("2028/03/10", confidence: 1)
        text.serialNumber = .init("AB1234567", confidence: 0.9)
        change(&text)
        return text
    }

    @Test func aConsistentCardNeedsNoReview() {
        let (fields, flagged) = rules.evaluate(card())
        #expect(flagged.isEmpty, "\(flagged)")
        let byName = Dictionary(fields.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        #expect(byName["date_of_birth"] == "1990-05-17")
        #expect(byName["age"] == "36")
        #expect(byName["birth_governorate"] == "Giza")
        #expect(byName["governorate"] == "الجيزة" && byName["police_station"] == "قسم الدقي")
        #expect(byName["full_name"] == "سارة أحمد محمود السيد")
        #expect(byName["release_date"] == "2021-03" && byName["expiry_date"] == "2028-03-10")
    }

    @Test func printedGenderAgainstTheNumberIsChecked() {
        #expect(rules.evaluate(card { $0.gender = .init("ذكر", confidence: 0.9) }).flagged == ["gender"])
    }

    @Test func differentNumbersOnTheTwoSidesAreFlagged() {
        let other = EgyptianNationalNumberTests.number(date: "900518", sequence: "0124")
        #expect(rules.evaluate(card { $0.backNID = .init(other, confidence: 1) }).flagged == ["back_nid", "front_nid"])
    }

    /// The birth governorate comes from the number: sides naming different ones (Giza, Cairo) leave it in doubt.
    @Test func sidesWhoseNumbersNameDifferentBirthGovernoratesFlagIt() {
        let cairo = EgyptianNationalNumberTests.number(governorate: "01", sequence: "0124")
        #expect(rules.evaluate(card { $0.backNID = .init(cairo, confidence: 1) }).flagged == ["back_nid", "birth_governorate", "front_nid"])
    }

    @Test func impossibleDatesAndFormatsAreFlagged() {
        #expect(rules.evaluate(card { $0.releaseDate = .init("2027/01", confidence: 1) }).flagged.contains("release_date"))
        #expect(rules.evaluate(card { $0.expiryDate = .init("2028/13/10", confidence: 1) }).flagged.contains("expiry_date"))
        #expect(rules.evaluate(card { $0.serialNumber = .init("12", confidence: 1) }).flagged == ["serial_number"])
        #expect(rules.evaluate(card { $0.street = nil }).flagged == ["street"])
        #expect(rules.evaluate(card { $0.district = .init("قسم الدقي - مكان", confidence: 1) }).flagged == ["governorate"])
        #expect(rules.evaluate(card { $0.maritalStatus = .init("متزوجة", confidence: 1) }).flagged == ["husband_name"])
    }

    @Test func ocrVariantsOfVocabularyWordsAreMatched() {
        #expect(ArabicMatching.nearest("مسلية", in: EgyptianIDRules.religions, maximumDistance: 1) == "مسلمة")
        #expect(ArabicMatching.nearest("انثى", in: EgyptianIDRules.genders, maximumDistance: 1) == "أنثى")
        #expect(ArabicMatching.nearest("xyz", in: EgyptianIDRules.genders, maximumDistance: 1) == nil)
    }
}
