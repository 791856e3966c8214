import Fluent
import Foundation
import Testing
import VerityAPI
@testable import VerityStore
import VerityTestSupport
@testable import VerityKernel
@testable import VerityAdmin

/// `verity doctor` on the chip trust store: a revocation list past its next
/// update and a CSCA ending within 90 days are warnings an operator acts on;
/// a fresh store holds.
@Suite("Doctor: the chip trust store")
struct ChipTrustDoctorTests {
    @Test func aStaleListAndACSCAEndingSoonAreWarnedOf() async throws {
        try await withVerityApp { app async throws in
            let doctor = DeploymentDoctor(db: app.app.db, settings: app.settings, clock: app.clock.verityClock)
            #expect(await doctor.chipTrust().status == "ok")
            // given a CSCA ending in 30 days and a list whose next update has passed
            let tenantID = UUID()
            let now = app.clock.now
            let csca = ChipTrustCertificateModel()
            (csca.tenantID, csca.fingerprint, csca.subjectKey, csca.subject, csca.serialNumber) = (tenantID, "ab", "k", "C=UT, CN=Test CSCA", "01")
            (csca.keySummary, csca.notBefore, csca.notAfter, csca.isLink, csca.source) = ("RSA-4096", now - 86_400_000, now + 30 * 86_400_000, false, "certificate")
            (csca.encoded, csca.importedAt) = (Data([1]), now)
            try await csca.create(on: app.app.db)
            let list = ChipRevocationListModel()
            (list.tenantID, list.issuerKey, list.issuer, list.thisUpdate, list.nextUpdate) = (tenantID, "k", "C=UT, CN=Test CSCA", now - 40 * 86_400_000, now - 86_400_000)
            (list.revokedCount, list.encoded, list.importedAt) = (0, Data([1]), now)
            try await list.create(on: app.app.db)
            // then
            let check = await doctor.chipTrust()
            #expect(check.status == "warning")
            #expect(check.detail?.contains("1 CSCA revocation list(s) are past their next update") == true)
            #expect(check.detail?.contains("1 trusted CSCA(s) end within 90 days") == true)
        }
    }
}
