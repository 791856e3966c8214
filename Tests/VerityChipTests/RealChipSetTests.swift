import Foundation
import Testing
import VerityChipTestSupport
@testable import VerityChip
import VerityCore

/// Passive authentication on the published sets (shared test data, none of it
/// made by this project): the ETSI prototype passport chains to its CSCA with
/// every hash; the BSI reference passport's signature and hashes hold, its
/// CSCA is not published, and its DG15 is not in its SOD.
@Suite("Chip: the published ePassport sets")
struct RealChipSetTests {
    @Test func etsiPassportVerifiesEndToEndAgainstItsCSCA() throws {
        // given the ETSI set and its CSCA in the trust store
        let findings = ChipData.inspect(try ChipData.etsi(), trust: [try ChipData.etsiCSCA()])

        // then the signature, the chain and all six hashes hold
        #expect(findings.signatureValid)
        #expect(findings.chain == .verified)
        #expect(findings.dataGroups.map(\.number) == [1, 2, 3, 4, 14, 15])
        #expect(findings.dataGroups.allSatisfy { $0.status == .verified })
        #expect(findings.reasons == [])
        #expect(findings.isAuthentic)
        #expect(findings.documentSigner?.subject.contains("ETSI") == true)
        #expect(findings.issuer?.subject.contains("ETSI") == true)
        #expect(findings.signatureAlgorithm == "RSASSA-PSS with SHA-256")
        #expect(findings.activeAuthentication == .notPerformed)
    }

    @Test func etsiPassportWithoutItsCSCAIsUnknown() throws {
        let findings = ChipData.inspect(try ChipData.etsi())
        #expect(findings.signatureValid)
        #expect(findings.reasons == [.cscaUnknown])
    }

    @Test func bsiPassportVerifiesItsSignatureAndHashesButNotItsCSCAOrDG15() throws {
        // given the BSI set, whose CSCA is not published
        let findings = ChipData.inspect(try ChipData.bsi(), trust: [try ChipData.etsiCSCA()])

        // then the signature and the five listed hashes hold, the CSCA is unknown, DG15 is unprotected
        #expect(findings.signatureValid)
        #expect(findings.chain == .cscaUnknown)
        #expect(findings.reasons == [.cscaUnknown, .dataUnprotected])
        let statuses = Dictionary(uniqueKeysWithValues: findings.dataGroups.map { ($0.number, $0.status) })
        #expect(statuses == [1: .verified, 2: .verified, 3: .verified, 4: .verified, 14: .verified, 15: .unprotected])
        #expect(findings.documentSigner?.subject.contains("HJP PB DS") == true)
        #expect(findings.documentSigner?.issuer.contains("HJP PB CS") == true)
        #expect(findings.offersChipAuthentication)
    }

    @Test func bsiChipReadsItsMRZAndFace() throws {
        let findings = ChipData.inspect(try ChipData.bsi())
        #expect(findings.mrzLines?.count == 2)
        #expect(findings.mrzLines?.first?.hasPrefix("P<D<<MUSTERMANN<<ERIKA") == true)
        #expect(findings.faces == [FaceFacts(format: "jpeg2000", width: 337, height: 449, bytes: findings.faces.first?.bytes ?? 0)])
        #expect((findings.faces.first?.bytes ?? 0) > 10_000)
        #expect(findings.unreadableFiles.isEmpty)
        #expect(!findings.securityObjectUnreadable)
    }

    @Test func theSignerReferenceNamesTheIssuerTheTrustStoreHolds() throws {
        let reference = try #require(PassiveAuthentication.signerReference(sod: try ChipData.etsi()[.sod]!))
        let csca = try ChipCertificate(encoded: try ChipData.etsiCSCA())
        #expect(reference.issuerKey == csca.subject.key)
    }
}
