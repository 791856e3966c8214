import Testing
import VerityCore
import VerityStore
@testable import VerityServer

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
        // Every reason a reviewer can pick, and every reason a case waits, has words.
        for kind in ReviewCaseKind.allCases {
            #expect(english.contains("kind_\(kind.rawValue)") && english.contains("counts_\(kind.rawValue)"))
            for decision in ReviewDecision.allCases {
                for reason in ReviewReasons.choices(kind, decision) { #expect(english.contains("dreason_\(reason)"), "\(reason)") }
            }
        }
        for reason in DocumentReviewReason.allCases { #expect(english.contains("why_\(reason.rawValue)")) }
        // A mobile session waits for its doubts (or a sanctions hit); an accreditation for its level and evidence.
        for reason in MobileOutcomePolicy.inconclusiveReasons.union([MobileOutcomePolicy.sanctionsMatch]) {
            #expect(english.contains("why_\(reason)"), "\(reason)")
        }
        for level in 2...4 { #expect(english.contains("why_LEVEL_\(level)")) }
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
