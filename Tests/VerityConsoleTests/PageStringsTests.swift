import Foundation
import Testing
@testable import VerityCore
@testable import VerityPages
@testable import VerityStore
@testable import VerityServer
@testable import VerityKernel
@testable import VerityIdentity
@testable import VerityDocumentOCR
@testable import VerityCertification
@testable import VerityConsole

/// Every page speaks each of its languages whole: a key missing from one
/// table would show the English words (or the key itself) on an Arabic page.
@Suite("Page strings")
struct PageStringsTests {
    @Test func theConsoleHasEveryWordInEveryLanguage() {
        let english = Set(ConsoleStrings.tables["en"]?.keys ?? [:].keys)
        #expect(english.count > 100)
        for language in ConsoleStrings.languages {
            let keys = Set(ConsoleStrings.tables[language]?.keys ?? [:].keys)
            #expect(keys == english, "\(language): missing \(english.subtracting(keys).sorted()), extra \(keys.subtracting(english).sorted())")
        }
    }

    /// The handlers the server registers, as `configure` makes them.
    static func reviewCaseHandlers() throws -> ReviewCaseHandlers {
        let protector = try DataProtector(dataKey: Data(repeating: 7, count: 32))
        return VerityApp.reviewCaseHandlers(protector: protector, clock: .system,
                                            messaging: CertificationMessaging(provider: nil, protector: protector, clock: .system), wake: nil)
    }

    /// Each kind of case brings its words, whole in every language: its name,
    /// its count, its page's title, every reason a reviewer can pick for it,
    /// and every reason it waits.
    @Test func everyKindOfCaseHasItsWordsInEveryLanguage() throws {
        let reviews = try Self.reviewCaseHandlers()
        #expect(Set(reviews.kinds) == [.documentCheck, .mobileSession, .sanctionsCandidate, .ocrCombination, .accreditation,
                                       ReviewCaseKind(rawValue: "monitoring_match")])
        let english = Set(reviews.words["en"]?.keys ?? [:].keys)
        for language in ConsoleStrings.languages {
            let keys = Set(reviews.words[language]?.keys ?? [:].keys)
            #expect(keys == english, "\(language): missing \(english.subtracting(keys).sorted()), extra \(keys.subtracting(english).sorted())")
        }
        for kind in reviews.kinds {
            let handler = try #require(reviews.handler(for: kind))
            for key in ["kind_", "counts_", "case_title_"] { #expect(english.contains(key + kind.rawValue), "\(key)\(kind)") }
            for decision in ReviewDecision.allCases {
                for reason in handler.reasons(kind, decision) { #expect(english.contains("dreason_\(reason)"), "\(reason)") }
            }
        }
        for reason in DocumentReviewReason.allCases { #expect(english.contains("why_\(reason.rawValue)")) }
        // A mobile session waits for its doubts (or a sanctions hit); an accreditation for its level and evidence.
        for reason in MobileOutcomePolicy.inconclusiveReasons.union([MobileOutcomePolicy.sanctionsMatch]) {
            #expect(english.contains("why_\(reason)"), "\(reason)")
        }
        for level in 2...4 { #expect(english.contains("why_LEVEL_\(level)")) }
        // A monitoring alert says what screened the person and where the alert stands.
        for state in ["open", "cleared", "confirmed", "delisted"] { #expect(english.contains("monitoring_state_\(state)")) }
        for source in ["verifycompliance", "identity", "documents"] { #expect(english.contains("monitoring_source_\(source)")) }
        #expect(english.contains("why_\(OCRReview.anomalySignals)"))
        for kind in AccreditationEvidenceKind.allCases {
            #expect(english.contains("why_EVIDENCE_\(kind.rawValue.uppercased())") && english.contains("evidence_\(kind.rawValue)"))
        }
        #expect(english.contains("dreason_\(ReviewCaseRepository.decidedOutsideConsole)"))
    }

    @Test func theCapturePageHasEveryWordInEveryLanguage() {
        let english = Set(CaptureStrings.tables["en"]?.keys ?? [:].keys)
        for language in CaptureStrings.languages {
            let keys = Set(CaptureStrings.tables[language]?.keys ?? [:].keys)
            #expect(keys == english, "\(language): missing \(english.subtracting(keys).sorted())")
        }
    }
}
