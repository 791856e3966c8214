import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import Verity
import VerityAPI
import VerityTestSupport

/// The capture page as a person uses it, in headless Chromium: a camera run,
/// an upload run with a too-dark retake, a desktop handing over to a phone, an
/// expired link. Every step passes axe-core; the outcome is asserted through the API.
@Suite("The capture page in a browser", .serialized, .heavy)
struct CapturePageBrowserTests {
    @Test func anUploadRunWithATooDarkRetakeAndAFacelessSelfieVerifiesTheUserOnTheSecondTry() async throws {
        try await withVerityApp { app async throws in
            try await app.configure { $0.documents.faceImageRequiredForCapture = true }
            let url = try await app.startServer()
            let client = IdentityVerificationClient(baseURL: url, token: try await app.token(for: "user-1"), requestTimeout: TestDeadlines.requestTimeout)
            try await client.consent()
            let link = try await client.initiateIdentityDocumentCapture()
            #expect(try await client.checkIdentityVerification().documentVerificationStatus == .captureInitiated)
            let result = try await CapturePageBrowser.run("upload", url: link.documentCaptureUrl, [
                "--type", "driverLicense", "--country", "US", "--dark",
                "--bad-selfie", CapturePageBrowser.fixture("john-smith-licence-back.png"),
                "--front", CapturePageBrowser.fixture("john-smith-licence-front.png"),
                "--back", CapturePageBrowser.fixture("john-smith-licence-back.png"),
                "--selfie", CapturePageBrowser.fixture("john-smith-selfie.jpg"),
            ])
            #expect(result.outcome == "succeeded", "\(result.log)")
            // A render that is the document edge to edge has no edges to crop to: sent whole, and read.
            #expect(result.crops?["front"] != "sure", "\(String(describing: result.crops))")
            let steps = result.steps ?? []
            #expect(steps.contains("front-too-dark") && steps.contains("selfie-review") && steps.contains("result"))
            #expect(try await Self.submissionsLeft(link.documentCaptureUrl) == 1)
            let status = try await client.checkIdentityVerification()
            #expect(status.verified && status.verificationMethod == .governmentID)
            #expect(status.documentVerificationStatus == .succeeded)
            #expect(status.documentCheck?.flow == "capture" && status.documentCheck?.documentType == .driverLicense)
        }
    }

    @Test func anArabicPhoneReadsRightToLeftWorksByKeyboardAndWaitsForASlowCheck() async throws {
        // The server answers at once (pending): the page shows its progress and follows the check.
        try await withVerityApp(settings: { $0.documentWaitMilliseconds = 0 }) { app async throws in
            let url = try await app.startServer()
            let client = IdentityVerificationClient(baseURL: url, token: try await app.token(for: "user-1"), requestTimeout: TestDeadlines.requestTimeout)
            try await client.consent()
            let link = try await client.initiateIdentityDocumentCapture()
            let result = try await CapturePageBrowser.run("upload", url: link.documentCaptureUrl, [
                "--lang", "ar", "--type", "driverLicense", "--country", "US", "--expect-sending", "--keyboard",
                "--front", CapturePageBrowser.fixture("john-smith-licence-front.png"),
                "--back", CapturePageBrowser.fixture("john-smith-licence-back.png"),
            ])
            #expect(result.language == "ar" && result.direction == "rtl")
            #expect(result.outcome == "succeeded", "\(result.log)")
            #expect(try await client.checkIdentityVerification().documentVerificationStatus == .succeeded)
        }
    }

    @Test func aCameraRunOnAPhoneVerifiesAPassportAgainstThePIIAndTheDesktopFollows() async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let client = IdentityVerificationClient(baseURL: url, token: try await app.token(for: "user-1"), requestTimeout: TestDeadlines.requestTimeout)
            try await client.consent()
            var typo = TestData.johnSmith
            typo.postalCode = "30319"
            _ = try await client.verifyIdentity(input: typo)
            let link = try await client.initiateIdentityDocumentCapture()
            let result = try await CapturePageBrowser.run("camera", url: link.documentCaptureUrl, [
                "--type", "passport", "--country", "US", "--desktop-follows",
                "--front", CapturePageBrowser.fixture("john-smith-passport-front.png"),
            ])
            #expect(result.outcome == "succeeded", "\(result.log)")
            #expect(result.desktop == "succeeded")
            let status = try await client.checkIdentityVerification()
            #expect(status.verified && status.verificationMethod == .governmentID)
            #expect(status.documentCheck?.flow == "verification" && status.documentCheck?.documentType == .passport)
        }
    }

    /// A real specimen (Japan's passport, made by no one on the project)
    /// photographed at a slant on a wooden table: the page finds its four
    /// edges, shows them, and sends the document alone, straightened; the
    /// server reads its MRZ from what was sent.
    @Test func anAngledSpecimenIsCroppedStraightenedAndItsMRZRead() async throws {
        try await withVerityApp { app async throws in
            // Japan among the countries; the images kept a day, so the export shows what the server received.
            try await app.configure { $0.supportedCountries.append("JP"); $0.retention.documentImagesDays = 1 }
            let url = try await app.startServer()
            let client = IdentityVerificationClient(baseURL: url, token: try await app.token(for: "angled"), requestTimeout: TestDeadlines.requestTimeout)
            try await client.consent()
            // A claim on file first (one the data source does not confirm): only then is a passport,
            // which has no address, a way to verify.
            var typo = TestData.johnSmith
            typo.postalCode = "30319"
            _ = try await client.verifyIdentity(input: typo)
            let link = try await client.initiateIdentityDocumentCapture()
            let result = try await CapturePageBrowser.run("angled", url: link.documentCaptureUrl, [
                "--type", "passport", "--country", "JP", "--front", SpecimenFiles.path("passports/Japan.png"),
            ])
            // The page was sure of the edges, and sent the document: its shape, and far more like it than the frame was.
            #expect(result.crop == "sure", "\(result.log)")
            let aspect = try #require(result.aspect), documentAspect = try #require(result.documentAspect)
            #expect(abs(aspect - documentAspect) / documentAspect < 0.06, "sent \(aspect), the document is \(documentAspect)")
            #expect((result.likeness ?? 0) > 0.7 && (result.likeness ?? 0) > (result.frameLikeness ?? 1) + 0.3,
                    "likeness \(String(describing: result.likeness)), frame \(String(describing: result.frameLikeness))")
            #expect(["succeeded", "failed"].contains(result.outcome ?? ""), "\(result.log)")
            // The server read the MRZ from the straightened image.
            let export = try await app.operations.identity.exportUser(tenant: app.tenant, environment: .test, userRef: "angled")
            let check = try #require(export.documentChecks.first)
            #expect(check.fields["document_number"] == "XS1234567" && check.fields["surname"] == "GAIMU", "\(check.fields)")
            let sent = try #require(check.images["front"].flatMap { Data(base64Encoded: $0) })
            #expect(sent.count > 10_000)
        }
    }

    @Test func anExpiredLinkSaysSoAndTheStatusShowsTheTimeout() async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let client = IdentityVerificationClient(baseURL: url, token: try await app.token(for: "user-1"), requestTimeout: TestDeadlines.requestTimeout)
            try await client.consent()
            let link = try await client.initiateIdentityDocumentCapture()
            app.clock.advance(seconds: 3_600)
            let result = try await CapturePageBrowser.run("expired", url: link.documentCaptureUrl)
            #expect(result.reason == "This link has expired.")
            // The app's token has expired meanwhile too: a new one.
            let later = IdentityVerificationClient(baseURL: url, token: try await app.token(for: "user-1"), requestTimeout: TestDeadlines.requestTimeout)
            #expect(try await later.checkIdentityVerification().documentVerificationStatus == .captureLinkTimeout)
        }
    }

    /// The link's remaining submissions, from the page's status call.
    static func submissionsLeft(_ link: String) async throws -> Int? {
        let (data, _) = try await TestHTTP.data(from: URL(string: link + "/status")!)
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["submissionsLeft"] as? Int
    }
}
