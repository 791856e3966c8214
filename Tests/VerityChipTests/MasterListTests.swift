import Foundation
import Testing
import VerityChipTestSupport
@testable import VerityChip
import VerityCore

/// The German (2024-08) and Dutch (2025-07) CSCA master lists (shared test
/// data) import whole: each signature checked to the CSCA its signer chains
/// to, every certificate accounted for, a broken signature refused.
@Suite("Chip: CSCA master lists")
struct MasterListTests {
    static func dutchList() throws -> TrustImport.Outcome {
        try TrustImport.read(try ChipData.bytes("master-lists/NL_ML_2025-07-29.ml"), signerAnchors: [try ChipData.bytes("master-lists/NL_ROOT_CA.cer")])
    }

    /// The German list of 2024-08 was signed under csca-germany's key of 2021
    /// (SKI a40a5f…), not under `DE_ROOT_CA_CSCA07.cer` (issued 2024-10, after
    /// the list): an operator names that CSCA, here taken from the Dutch list,
    /// whose own signature was checked to the Dutch root.
    static func germanSignerCSCA() throws -> [UInt8] {
        let german = try dutchList().entries.first { entry in
            entry.facts?.country == "DE" && entry.facts?.subject.contains("OU=bsi") == true
                && (try? ChipCertificate(encoded: [UInt8](entry.encoded ?? Data())))?.subjectKeyIdentifier?.hexString
                == "a40a5fc380ae3e59af1b32d6136aefeec8ca35e8"
        }
        return [UInt8](try #require(german?.encoded))
    }

    @Test func theDutchListImportsWithEveryCertificateAccountedFor() throws {
        try expectWhole(try Self.dutchList(), name: "NL 2025-07-29", count: 394, links: false)
    }

    @Test func theGermanListImportsUnderTheGermanCSCATheDutchListVouchesFor() throws {
        let outcome = try TrustImport.read(try ChipData.bytes("master-lists/DE_ML_2024-08-07-07-38-24.ml"), signerAnchors: [try Self.germanSignerCSCA()])
        try expectWhole(outcome, name: "DE 2024-08-07", count: 541, links: true)
        #expect(outcome.signer?.subject.contains("CSCA Master List Signer") == true)
    }

    @Test func theGermanListIsRefusedUnderALaterCSCAThatDidNotIssueItsSigner() throws {
        #expect(throws: TrustImportRefusal.masterListSignerNotIssuedByAnchor) {
            try TrustImport.read(
                try ChipData.bytes("master-lists/DE_ML_2024-08-07-07-38-24.ml"),
                signerAnchors: [try ChipData.bytes("master-lists/DE_ROOT_CA_CSCA07.cer")])
        }
    }

    func expectWhole(_ outcome: TrustImport.Outcome, name list: String, count: Int, links: Bool) throws {
        // then every certificate is accepted, a duplicate, or skipped with a reason
        #expect(outcome.kind == .masterList)
        #expect(outcome.entries.count == count)
        let accepted = outcome.entries.filter { $0.outcome == .accepted }
        #expect(accepted.count > count * 9 / 10, "\(list): \(accepted.count) of \(count) accepted")
        #expect(outcome.entries.allSatisfy { ($0.outcome == .accepted) == ($0.reason == nil) })
        #expect(accepted.allSatisfy { $0.encoded != nil && $0.facts != nil })
        #expect(accepted.contains { $0.isLink } == links, "the German list holds link certificates, the Dutch none")
        #expect(accepted.contains { ($0.facts?.key ?? "").hasPrefix("ECDSA brainpool") }, "explicit brainpool keys are read")
        #expect(accepted.contains { ($0.facts?.notAfter ?? .distantFuture) < Date() }, "expired CSCAs are kept")
        let skipped = outcome.entries.filter { $0.outcome != .accepted }.map { "\($0.outcome): \($0.reason?.rawValue ?? "") \($0.facts?.subject ?? "")" }
        print("\(list): \(accepted.count) accepted of \(count); not accepted:\n  " + skipped.joined(separator: "\n  "))
    }

    @Test func aMasterListWithABrokenSignatureIsRefused() throws {
        var bytes = try ChipData.bytes("master-lists/NL_ML_2025-07-29.ml")
        bytes[bytes.count - 20] ^= 0x01
        #expect(throws: TrustImportRefusal.masterListSignatureInvalid) {
            try TrustImport.read(bytes, signerAnchors: [try ChipData.bytes("master-lists/NL_ROOT_CA.cer")])
        }
    }

    @Test func aMasterListWithAnAlteredCertificateIsRefused() throws {
        // given a byte changed inside the listed certificates: the signed content no longer matches its digest
        var bytes = try ChipData.bytes("master-lists/NL_ML_2025-07-29.ml")
        bytes[bytes.count / 2] ^= 0x01
        #expect(throws: (any Error).self) {
            try TrustImport.read(bytes, signerAnchors: [try ChipData.bytes("master-lists/NL_ROOT_CA.cer")])
        }
    }

    @Test func aMasterListSignedUnderAnotherStatesCSCAIsRefused() throws {
        let bytes = try ChipData.bytes("master-lists/NL_ML_2025-07-29.ml")
        #expect(throws: TrustImportRefusal.masterListSignerNotIssuedByAnchor) {
            try TrustImport.read(bytes, signerAnchors: [try ChipData.bytes("master-lists/DE_ROOT_CA_CSCA07.cer")])
        }
    }

    @Test func aSingleCSCAImports() throws {
        let outcome = try TrustImport.read(try ChipData.etsiCSCA(), signerAnchors: [])
        #expect(outcome.kind == .certificate)
        #expect(outcome.entries.map(\.outcome) == [.accepted])
    }
}
