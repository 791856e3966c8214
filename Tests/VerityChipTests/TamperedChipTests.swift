import Foundation
import Testing
import VerityChipTestSupport
@testable import VerityChip
import VerityCore

/// Every way a chip's files can be wrong gets its own typed reason: altered,
/// swapped or unprotected data, a foreign SOD, a Document Signer its CSCA
/// withdrew, a CSCA that had expired when it issued the signer.
@Suite("Chip: tampered files get their reasons")
struct TamperedChipTests {
    @Test func aByteChangedInDG1IsAltered() throws {
        var files = try ChipData.etsi()
        files[.dg1]![20] ^= 0x01
        let findings = ChipData.inspect(files, trust: [try ChipData.etsiCSCA()])
        #expect(findings.reasons == [.dataAltered])
        #expect(findings.dataGroups.first { $0.number == 1 }?.status == .altered)
        #expect(!findings.isAuthentic)
    }

    @Test func dg2FromAnotherDocumentIsAltered() throws {
        // given a valid DG2 with another face: the BSI portrait's record with a different image inside
        var files = try ChipData.etsi()
        var other = files[.dg2]!
        other[other.count - 100] ^= 0xFF
        files[.dg2] = other
        let findings = ChipData.inspect(files, trust: [try ChipData.etsiCSCA()])
        #expect(findings.reasons == [.dataAltered])
        #expect(findings.dataGroups.first { $0.number == 2 }?.status == .altered)
    }

    @Test func anSODFromAnotherDocumentAltersItsData() throws {
        // given the ETSI chip's data groups under the BSI chip's SOD
        var files = try ChipData.etsi()
        files[.sod] = try ChipData.bsi()[.sod]
        let findings = ChipData.inspect(files, trust: [try ChipData.etsiCSCA()])
        #expect(findings.signatureValid, "the BSI SOD is itself genuine")
        #expect(findings.reasons == [.cscaUnknown, .dataAltered, .dataUnprotected])
        #expect(findings.dataGroups.first { $0.number == 1 }?.status == .altered)
    }

    @Test func aChangedSignatureIsInvalid() throws {
        var files = try ChipData.etsi()
        files[.sod]![files[.sod]!.count - 10] ^= 0x01
        let findings = ChipData.inspect(files, trust: [try ChipData.etsiCSCA()])
        #expect(!findings.signatureValid)
        #expect(findings.reasons.first == .signatureInvalid)
    }

    @Test func anUnreadableSODLeavesNothingProtected() throws {
        var files = try ChipData.etsi()
        files[.sod] = Array(files[.sod]!.prefix(300))
        let findings = ChipData.inspect(files)
        #expect(findings.securityObjectUnreadable)
        #expect(findings.unreadableFiles == [.sod])
        #expect(findings.reasons == [.signatureInvalid, .dataUnprotected])
    }

    @Test func aDocumentSignerOnItsCSCAsRevocationListIsRevoked() throws {
        // given a country's PKI whose CSCA withdrew the Document Signer
        let pki = try TestPKI()
        defer { pki.remove() }
        let files = try ChipData.bsi().filter { [.dg1, .dg2].contains($0.key) }
        var chip = files
        chip[.sod] = try pki.securityObject([1: files[.dg1]!, 2: files[.dg2]!])
        let list = try pki.revocationList(revokingSigner: true)

        // then the chain holds and the signer is revoked
        let findings = ChipData.inspect(chip, trust: [try pki.csca], lists: [list])
        #expect(findings.chain == .verified)
        #expect(findings.reasons == [.certificateRevoked])
        guard case .checked(_, _, let revoked) = findings.revocation else { Issue.record("no list was checked"); return }
        #expect(revoked)
    }

    @Test func aListThatDoesNotWithdrawTheSignerLeavesItTrusted() throws {
        let pki = try TestPKI()
        defer { pki.remove() }
        let files = try ChipData.bsi().filter { [.dg1].contains($0.key) }
        var chip = files
        chip[.sod] = try pki.securityObject([1: files[.dg1]!])
        let findings = ChipData.inspect(chip, trust: [try pki.csca], lists: [try pki.revocationList(revokingSigner: false)])
        #expect(findings.reasons == [])
        #expect(findings.isAuthentic)
        guard case .checked(_, _, let revoked) = findings.revocation else { Issue.record("no list was checked"); return }
        #expect(!revoked)
    }

    @Test func aCSCAExpiredWhenItIssuedTheSignerIsExpired() throws {
        let pki = try TestPKI(dates: .expiredCSCA)
        defer { pki.remove() }
        let files = try ChipData.bsi().filter { [.dg1].contains($0.key) }
        var chip = files
        chip[.sod] = try pki.securityObject([1: files[.dg1]!])
        let findings = ChipData.inspect(chip, trust: [try pki.csca])
        #expect(findings.chain == .expired)
        #expect(findings.reasons == [.certificateExpired])
    }

    @Test func aCSCAOfTheSameNameWithAnotherKeyDidNotSignTheSigner() throws {
        // given two PKIs with the same CSCA name: the chip is signed under one, the other is trusted
        let genuine = try TestPKI()
        let impostor = try TestPKI()
        defer { genuine.remove(); impostor.remove() }
        let files = try ChipData.bsi().filter { [.dg1].contains($0.key) }
        var chip = files
        chip[.sod] = try genuine.securityObject([1: files[.dg1]!])
        let findings = ChipData.inspect(chip, trust: [try impostor.csca])
        #expect(findings.signatureValid)
        // (the signer's authority key identifier names the genuine CSCA's key, which is not trusted)
        #expect(findings.reasons == [.cscaUnknown])
    }
}
