import Foundation
import Testing
import Verity
import VerityAPI
import VerityChipTestSupport
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport

/// `tests-pages/console_chip.py`: John Smith's passport with a chip of his
/// own (`HolderChip`: his MRZ, his photo as DG2, signed by a test
/// country's Document Signer whose CSCA the tenant has not imported), in an
/// environment that requires a verified chip for passports: the check waits
/// for a person (`CHIP_UNVERIFIED`), who sees the chip's face beside the
/// selfie and the page, and approves it in the browser. Then an admin
/// imports the Dutch and German master lists on the chip trust page.
@Suite("Console: a passport's chip held for a reviewer, in the browser", .heavy)
struct ConsoleChipBrowserTests {
    @Test func aReviewerSeesTheChipsFaceBesideTheSelfieAndThePageAndApproves() async throws {
        try await withLiveClient { client, app, url async throws in
            try await app.configure {
                $0.documents.chipRequiredForPassports = true
                $0.documents.faceImageRequiredForVerification = true
                $0.documents.review = DocumentReviewSettings(enabled: true, faceMargin: 0.04)
            }
            let pki = try TestPKI()
            defer { pki.remove() }
            let chip = try HolderChip.files(pki: pki, mrz: HolderChip.johnSmithMRZ,
                                            faceJPEG: [UInt8](try MobileAPI.fixture("john-smith-selfie.jpg")))
            try await client.consent()
            _ = try await client.verifyIdentity(input: IdentityDocuments.johnWithTypo)
            var passport = try IdentityDocuments.passport("john-smith-passport", selfie: "john-smith-selfie.jpg")
            passport.chip = ChipRead(files: Dictionary(uniqueKeysWithValues: try chip.map { name, bytes in
                (try #require(ChipFile(rawValue: name)), Data(bytes))
            }))
            let held = try await client.verifyIdentityDocumentToEnd(input: passport)
            #expect(held.documentCheck?.status == "review" && held.documentCheck?.reasons == ["CHIP_UNVERIFIED"], "\(String(describing: held.documentCheck))")
            // Its own holder's chip: the MRZ and the face agree, only the CSCA is unknown.
            let checkID = try #require(held.documentCheck?.checkId)
            let detail = try await RawHTTP(baseURL: url).send("GET", AdminRoute.documentCheck(id: checkID).path, bearer: app.secretKey)
                .decode(DocumentCheckDetail.self)
            let report = try #require(detail.report?.chip)
            #expect(report.reasons == [.cscaUnknown] && report.securityObject.signatureValid, "\(report)")
            #expect(report.mrz?.matchesPrinted == true && report.face?.selfie?.match == true && report.face?.format == "jpeg")
            #expect(try await DocumentCheckModel.query(on: app.app.db).first()?.sealedChipFace != nil)

            let reviewer = try await app.operations.operators.createOperator(tenant: app.tenant, email: "chip@example.com", role: .reviewer,
                                                                             password: nil, secondFactor: false)
            let admin = try await app.operations.operators.createOperator(tenant: app.tenant, email: "trust@example.com", role: .admin,
                                                                          password: nil, secondFactor: false)
            let run = try await ChildProcess.python("tests-pages/console_chip.py", [
                "--url", url.absoluteString, "--email", "chip@example.com", "--password", reviewer.password,
                "--admin-email", "trust@example.com", "--admin-password", admin.password, "--chip-dir", ChipSets.directory.path,
            ])
            #expect(run.status == 0, "\(run.errorText.suffix(2_000))")
            let result = try JSONDecoder().decode(ConsolePagesBrowserTests.Result.self, from: Data(run.lastLine.utf8))
            #expect(result.outcome == "ok" && !result.steps.isEmpty, "\(result.steps)")

            // Approved by a person: the user is verified, and the chip's face went with the images.
            #expect(try await client.checkIdentityVerification().verified)
            #expect(try await DocumentCheckModel.query(on: app.app.db).first()?.sealedChipFace == nil)

            // The admin's imports, as the admin API reads the trust store, each in the audit trail with its reason.
            let trust = try await RawHTTP(baseURL: url).send("GET", ChipTrustRoute.trust.path, bearer: app.secretKey).decode(ChipTrustView.self)
            #expect(trust.certificates.count >= 394 + 100 && trust.certificates.contains { $0.country == "DE" && $0.isLink })
            let trail = try await AuditEventModel.query(on: app.app.db).all().filter { $0.action.hasPrefix("chip.trust.import") }
            #expect(trail.count == 2 && trail.allSatisfy { $0.reason == "Passports of this state are accepted." })
        }
    }
}
