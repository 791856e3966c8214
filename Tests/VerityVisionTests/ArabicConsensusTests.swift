import Testing
@testable import VerityCore
@testable import VerityVision

/// How several Tesseract readings of one Arabic line become one answer.
@Suite("Arabic consensus: readings of one line made one, towards the word lists")
struct ArabicConsensusTests {
    let names = ArabicWordList(["طامح", "محمد", "أحمد", "عبد الله", "نجم الدين", "موسى", "حسن", "حسين"])

    @Test func aMisreadEveryReadingSharesIsCorrectedToTheListedName() {
        #expect(ArabicConsensus.words(["طاح", "طاح", "طاح"], list: names) == "طامح")
    }

    @Test func theNameMostReadingsAgreeOnWinsOverAMisreadingNearAnotherName() {
        // "حسن" is one edit from "حسين": the readings decide, not the list.
        #expect(ArabicConsensus.words(["حسين", "حسين", "حسن", "حسين"], list: names) == "حسين")
    }

    @Test func aNameTheListLacksReadTheSameWayIsKeptAsPrinted() {
        // Two edits from any listed name: no correction.
        #expect(ArabicConsensus.words(["عتريس", "عتريس", "عترس"], list: names) == "عتريس")
    }

    @Test func compoundNamesStayWholeAndPositionsAlign() {
        let read = ArabicConsensus.words(["محمد عبد الله نجم الدين", "محمد عبد اللة نجم الدين", "مد عبد الله نجم الدبن"], list: names)
        #expect(read == "محمد عبد الله نجم الدين")
        #expect(ArabicConsensus.names("أحمد عبد الله موسى") == ["أحمد", "عبد الله", "موسى"])
    }

    @Test func digitsAndMarksBesideANameAreNoise() {
        #expect(ArabicConsensus.words(["موسي 0", "موسى", "٠ موسى"], list: names) == "موسى")
    }

    @Test func aListedLineIsGivenInTheListsSpelling() {
        let professions = ["حارس أمن", "طبيب", "مهندس"]
        #expect(ArabicConsensus.listedOrRead(["حارس آمن", "حارس آمن", "حارس أمن"], options: professions) == "حارس أمن")
        // A profession the list lacks, read alike each time, is kept.
        #expect(ArabicConsensus.listedOrRead(["نحات", "نحات", "نحات"], options: professions) == "نحات")
        #expect(ArabicConsensus.listedOrRead([], options: professions) == nil)
    }

    @Test func aClosedListAnswersOnlyWhenTheReadingsAreNearOneOption() {
        let districts = ["قسم الدقي - الجيزة", "قسم العجوزة - الجيزة", "مركز سوهاج - سوهاج"]
        #expect(ArabicConsensus.oneOf(["قسم الدقى - الجبزة", "قم الدقي - الجيزة"], options: districts) == "قسم الدقي - الجيزة")
        #expect(ArabicConsensus.oneOf(["شارع التحرير"], options: districts) == nil)
    }

    @Test func theShippedListsHoldTheCardsVocabulary() {
        let vocabulary = ArabicVocabulary.shared
        #expect(vocabulary.givenNames.folded.contains(ArabicMatching.fold("محمد")))
        #expect(vocabulary.lineageNames.folded.contains(ArabicMatching.fold("عبد الرحمن")))
        #expect(vocabulary.professions.contains("ربة منزل"))
        // Every governorate of the national number has its police stations.
        for (code, governorate) in EgyptianGovernorate.arabicNames where code != 88 {
            #expect(vocabulary.districts.contains { $0.hasSuffix(" - " + governorate) }, "\(governorate)")
        }
    }
}
