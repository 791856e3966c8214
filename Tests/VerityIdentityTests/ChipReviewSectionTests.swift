import Foundation
import Testing
import VerityCore
@testable import VerityIdentity
@testable import VerityPages

/// The chip's section of a held document check, as a reviewer reads it in
/// English and Arabic: the verdict, the certificates, each data group, and
/// what a hostile certificate's subject cannot do to the page.
@Suite("Console: a held check's chip section")
struct ChipReviewSectionTests {
    static let chip = ChipReport(
        authentic: false, reasons: [.cscaUnknown, .dataUnprotected],
        securityObject: .init(readable: true, signatureValid: true, hashAlgorithm: "SHA-256", signatureAlgorithm: "RSASSA-PSS with SHA-256",
                              ldsVersion: nil),
        documentSigner: .init(subject: "C=DE, CN=<script>alert(1)</script>", issuer: "C=DE, CN=HJP PB CS", country: "DE", serialNumber: "0142fd",
                              key: "RSA-2048", notBeforeEpochMs: 1_387_000_000_000, notAfterEpochMs: 1_418_000_000_000, fingerprint: "ab"),
        csca: nil, chain: "csca_unknown", revocation: .init(checked: false, revoked: false, listIssuedAtEpochMs: nil, nextUpdateEpochMs: nil),
        dataGroups: [.init(number: 1, status: "verified"), .init(number: 15, status: "unprotected")], activeAuthentication: "verified",
        reportedByApp: nil, mrz: .init(matchesPrinted: true, matchesPerson: nil, mismatchedFields: []),
        face: .init(format: "jpeg2000", selfie: .init(match: true, distance: 0.41, threshold: 0.58), printedPortrait: nil),
        unreadableFiles: [])

    static func page(_ language: String) -> ReviewPage {
        ReviewPage(language: language, words: DocumentCheckReviewWords.tables, caseID: UUID(), decided: false)
    }

    @Test func theSectionSaysWhatHeldAndWhatDidNotInEitherLanguage() {
        let english = DocumentCheckChipEvidence.section(Self.chip, Self.page("en")).description
        for expected in ["The chip", "Passive authentication holds", "CHIP_CSCA_UNKNOWN", "CHIP_DATA_UNPROTECTED", "verifies", "csca_unknown",
                         "no list of its CSCA trusted", "DG1", "DG15", "unprotected", "0.41", "the same"] {
            #expect(english.contains(expected), "\(expected)")
        }
        let arabic = DocumentCheckChipEvidence.section(Self.chip, Self.page("ar")).description
        #expect(arabic.contains("الشريحة") && arabic.contains("المصادقة النشطة") && !arabic.contains("chip_"), "every word has its Arabic")
    }

    @Test func aCertificatesSubjectIsTextNeverMarkup() {
        let html = DocumentCheckChipEvidence.section(Self.chip, Self.page("en")).description
        #expect(!html.contains("<script>"))
        #expect(html.contains("&lt;script&gt;"))
    }
}
