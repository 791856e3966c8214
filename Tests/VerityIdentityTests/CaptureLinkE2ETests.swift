import Foundation
import HostileImageSet
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import Verity
import VerityAPI
@testable import VerityCore
import VerityTestSupport

/// Capture links through the SDK and the page's own calls, without a browser
/// (the browser runs are CapturePageBrowserTests): the status each use moves
/// to, the limits, time, bad tokens and bad submissions. Both databases.
@Suite("Capture links: statuses, limits, time and bad input", .heavy)
struct CaptureLinkE2ETests {
    struct Answer {
        let status: Int
        let body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
        var errorCode: String? { (json["error"] as? [String: Any])?["code"] as? String }
        var details: [[String: String]] { ((json["error"] as? [String: Any])?["details"] as? [[String: String]]) ?? [] }
    }

    static func call(_ url: String, method: String = "GET", json: [String: Any?]? = nil) async throws -> Answer {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        if let json {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try JSONSerialization.data(withJSONObject: json.compactMapValues { $0 })
        }
        let (data, response) = try await TestHTTP.data(for: request)
        return Answer(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: data)
    }

    /// The page's view once the check has settled: a submission may answer
    /// `pending` when the machine is busy, and the page follows it with `status`.
    static func settled(_ answer: Answer, link: String) async throws -> [String: Any] {
        if answer.json["status"] as? String != "pending" { return answer.json }
        let body = try await waitFor("the capture page's check to settle", every: .milliseconds(200)) { () async throws -> Observed<Data> in
            let status = try await call(link + "/status")
            return status.json["status"] as? String == "pending" ? .notYet("pending") : .ready(status.body)
        }
        return (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
    }

    static func image(_ name: String) throws -> String { try DocumentFixtures.data(name).base64EncodedString() }

    static let johnWithTypo: VerifyIdentityInput = {
        var input = TestData.johnSmith
        input.postalCode = "30319"
        return input
    }()

    /// A live client with consent given, for `body`.
    func withConsentedClient(_ configure: @escaping (inout EnvironmentConfiguration) -> Void = { _ in },
                             _ body: (IdentityVerificationClient, VerityTestApp, URL) async throws -> Void) async throws {
        try await withVerityApp { app async throws in
            try await app.configure(configure)
            let url = try await app.startServer()
            let client = IdentityVerificationClient(baseURL: url, token: try await app.token(for: "user-1"), requestTimeout: TestDeadlines.requestTimeout)
            try await client.consent()
            try await body(client, app, url)
        }
    }

    @Test func openingALinkMovesTheStatusAndOneOpeningTooManyExceedsTheLimit() async throws {
        try await withConsentedClient({ $0.documents.captureLinks.maximumOpens = 2 }) { client, app, url in
            let link = try await client.initiateIdentityDocumentCapture()
            #expect(link.documentCaptureUrl.hasPrefix(url.absoluteString + "/capture/"))
            #expect(link.expiryEpochMs == app.clock.now + 3_600_000)
            #expect(try await client.checkIdentityVerification().documentVerificationStatus == .captureInitiated)
            let first = try await Self.call(link.documentCaptureUrl)
            #expect(first.status == 200 && first.text.contains("<html lang=\"en\" dir=\"ltr\">"))
            #expect(try await client.checkIdentityVerification().documentVerificationStatus == .captureLinkOpened)
            #expect(try await Self.call(link.documentCaptureUrl).status == 200)
            let third = try await Self.call(link.documentCaptureUrl)
            #expect(third.status == 410 && third.text.contains("opened or used too many times"))
            #expect(try await client.checkIdentityVerification().documentVerificationStatus == .captureRetryLimitExceeded)
            // The page's follow-up call still says where the user stands.
            let progress = try await Self.call(link.documentCaptureUrl + "/status")
            #expect(progress.json["status"] as? String == "captureRetryLimitExceeded")
        }
    }

    @Test func theLinkIsACredentialThePageKeepsToItself() async throws {
        try await withConsentedClient { client, _, _ in
            let link = try await client.initiateIdentityDocumentCapture()
            var request = URLRequest(url: URL(string: link.documentCaptureUrl)!)
            request.setValue("ar-EG,ar;q=0.9,en;q=0.5", forHTTPHeaderField: "Accept-Language")
            let (data, response) = try await TestHTTP.data(for: request)
            let headers = (response as? HTTPURLResponse)?.allHeaderFields as? [String: String] ?? [:]
            #expect(String(decoding: data, as: UTF8.self).contains("<html lang=\"ar\" dir=\"rtl\">"))
            #expect(headers.first { $0.key.lowercased() == "referrer-policy" }?.value == "no-referrer")
            #expect(headers.first { $0.key.lowercased() == "cache-control" }?.value == "no-store")
            #expect(headers.first { $0.key.lowercased() == "content-security-policy" }?.value.contains("default-src 'none'") == true)
        }
    }

    @Test func timeAloneExpiresANeverOpenedLink() async throws {
        try await withConsentedClient { client, app, url in
            _ = try await client.initiateIdentityDocumentCapture()
            app.clock.advance(seconds: 3_599)
            // (The app's token has expired meanwhile: it gets a new one, as an app would.)
            let soon = IdentityVerificationClient(baseURL: url, token: try await app.token(for: "user-1"), requestTimeout: TestDeadlines.requestTimeout)
            #expect(try await soon.checkIdentityVerification().documentVerificationStatus == .captureInitiated)
            app.clock.advance(seconds: 1)
            let later = IdentityVerificationClient(baseURL: url, token: try await app.token(for: "user-1"), requestTimeout: TestDeadlines.requestTimeout)
            #expect(try await later.checkIdentityVerification().documentVerificationStatus == .captureLinkExpired)
            // A new link starts again.
            _ = try await later.initiateIdentityDocumentCapture()
            #expect(try await later.checkIdentityVerification().documentVerificationStatus == .captureInitiated)
        }
    }

    @Test func replacedUnknownAndMalformedTokensAreRefusedAlike() async throws {
        try await withConsentedClient { client, _, url in
            let old = try await client.initiateIdentityDocumentCapture()
            let new = try await client.initiateIdentityDocumentCapture()
            #expect(old.documentCaptureUrl != new.documentCaptureUrl)
            let base = url.absoluteString + "/capture/"
            for link in [old.documentCaptureUrl, base + String(repeating: "A", count: 43), base + "short", base + "%3Cscript%3E"] {
                let page = try await Self.call(link)
                #expect(page.status == 410 && page.text.contains("it was replaced by a newer one"), "\(link)")
                #expect(try await Self.call(link + "/status").errorCode == "CAPTURE_LINK_UNUSABLE")
                let submit = try await Self.call(link + "/submit", method: "POST", json: ["documentType": "passport", "country": "US",
                                                                                          "imageBase64": "AAAA"])
                #expect(submit.status == 410 && submit.errorCode == "CAPTURE_LINK_UNUSABLE")
            }
            #expect(try await client.checkIdentityVerification().documentVerificationStatus == .captureInitiated)
        }
    }

    @Test func initiatingNeedsConsentAndAnOpenVerification() async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let client = IdentityVerificationClient(baseURL: url, token: try await app.token(for: "user-1"), requestTimeout: TestDeadlines.requestTimeout)
            let refused = await verityError { _ = try await client.initiateIdentityDocumentCapture() }
            #expect(refused?.code == .consentRequired)
            try await client.consent()
            _ = try await client.verifyIdentity(input: Self.johnWithTypo)
            _ = try await client.verifyIdentityDocumentToEnd(input: VerifyIdentityDocument(
                image: try DocumentFixtures.data("john-smith-passport-front.png"),
                backImage: try DocumentFixtures.data("john-smith-passport-front.png"), country: "US", documentType: .passport))
            let closed = await verityError { _ = try await client.initiateIdentityDocumentCapture() }
            #expect(closed?.code == .documentVerificationClosed)
        }
    }

    @Test func theServerRepeatsThePictureRulesAndBadSubmissionsCountButStoreNothing() async throws {
        try await withConsentedClient({ $0.documents.captureLinks.maximumSubmissions = 10 }) { client, _, _ in
            let link = try await client.initiateIdentityDocumentCapture()
            #expect(try await Self.call(link.documentCaptureUrl).status == 200)
            let submit = link.documentCaptureUrl + "/submit"
            let licence = try Self.image("john-smith-licence-front.png")
            let back = try Self.image("john-smith-licence-back.png")
            // No PII on file: the page verifies a licence or ID card on its own; a passport cannot.
            let passport = try await Self.call(submit, method: "POST", json: [
                "documentType": "passport", "country": "US", "imageBase64": try Self.image("john-smith-passport-front.png")])
            #expect(passport.status == 400 && passport.json.description.contains("documentType"))
            let noBack = try await Self.call(submit, method: "POST", json: ["documentType": "driverLicense", "country": "US", "imageBase64": licence])
            #expect(noBack.status == 400 && noBack.json.description.contains("backImageBase64"))
            let noCountry = try await Self.call(submit, method: "POST", json: [
                "documentType": "driverLicense", "imageBase64": licence, "backImageBase64": back])
            #expect(noCountry.status == 400)
            let face = try await Self.call(submit, method: "POST", json: [
                "documentType": "driverLicense", "country": "US", "imageBase64": licence, "backImageBase64": back,
                "faceImageBase64": try Self.image("john-smith-selfie.jpg")])
            #expect(face.status == 400 && face.json.description.contains("faceImageBase64"))
            // A blurred picture is sent back by the server's own check, before anything is stored.
            let blurred = try await Self.call(submit, method: "POST", json: [
                "documentType": "driverLicense", "country": "US", "imageBase64": try Self.image("john-smith-blurred-passport-front.png"),
                "backImageBase64": back])
            #expect(blurred.status == 422 && blurred.errorCode == "IMAGE_QUALITY_INSUFFICIENT")
            #expect(blurred.details.contains { $0["field"] == "imageBase64" && $0["message"] == "BLURRY" })
            let status = try await client.checkIdentityVerification()
            #expect(status.documentVerificationStatus == .captureLinkOpened && status.documentCheck == nil)
            // Each of the five counted against the link (one link cannot replay a file until it expires).
            #expect(try await Self.call(link.documentCaptureUrl + "/status").json["submissionsLeft"] as? Int == 5)
        }
    }

    /// The hostile-image set (tools/hostile) sent through capture links, which
    /// anyone holding a link can do: each file the intake refuses is its typed
    /// 4xx naming the field, and counts against its link (a fresh link for
    /// each file, since a link takes three submissions).
    @Test func filesMadeToBreakDecodersAreTypedRefusalsThatCountAgainstTheLink() async throws {
        let set = try HostileImageSet()
        try await withConsentedClient { client, _, _ in
            let back = try Self.image("john-smith-licence-back.png")
            var tried = 0
            for image in set.images where image.size > 0 {
                guard let (status, code) = HostileImageSet.refusal(of: image, formats: ["png", "jpeg", "gif"]) else { continue }
                let link = try await client.initiateIdentityDocumentCapture()
                let answer = try await Self.call(link.documentCaptureUrl + "/submit", method: "POST", json: [
                    "documentType": "driverLicense", "country": "US", "imageBase64": try set.bytes(image).base64EncodedString(),
                    "backImageBase64": back])
                #expect(answer.status == status && answer.errorCode == code && answer.json.description.contains("imageBase64"),
                        "\(image.file): \(answer.status) \(answer.json)")
                let left = try await Self.call(link.documentCaptureUrl + "/status").json["submissionsLeft"] as? Int
                #expect(left == 2, "\(image.file): the refused submission counts against its link (\(String(describing: left)) left)")
                tried += 1
            }
            #expect(tried >= 60)
            let link = try await client.initiateIdentityDocumentCapture()
            let real = try await Self.call(link.documentCaptureUrl + "/submit", method: "POST", json: [
                "documentType": "driverLicense", "country": "US", "imageBase64": try Self.image("john-smith-licence-front.png"),
                "backImageBase64": back])
            #expect(real.status == 200, "\(real.json)")
        }
    }

    @Test func anUnreadableResultAllowsARetakeUpToTheSubmissionLimit() async throws {
        try await withConsentedClient({ $0.documents.captureLinks.maximumSubmissions = 1 }) { client, _, _ in
            _ = try await client.verifyIdentity(input: Self.johnWithTypo)
            let link = try await client.initiateIdentityDocumentCapture()
            #expect(try await Self.call(link.documentCaptureUrl).status == 200)
            let page = try Self.image("john-smith-passport-front.png")
            // A US passport said to be British: unreadable for the check, the user may try again.
            let wrongCountry = try await Self.call(link.documentCaptureUrl + "/submit", method: "POST", json: [
                "documentType": "passport", "country": "GB", "imageBase64": page])
            let unreadable = try await Self.settled(wrongCountry, link: link.documentCaptureUrl)
            #expect(wrongCountry.status == 200 && unreadable["status"] as? String == "documentUnreadable")
            #expect(unreadable["reasons"] as? [String] == ["COUNTRY_MISMATCH"] && unreadable["submissionsLeft"] as? Int == 0)
            let again = try await Self.call(link.documentCaptureUrl + "/submit", method: "POST", json: [
                "documentType": "passport", "country": "US", "imageBase64": page])
            #expect(again.status == 410 && again.errorCode == "CAPTURE_LINK_UNUSABLE")
            #expect(try await client.checkIdentityVerification().documentVerificationStatus == .captureRetryLimitExceeded)
            // The API still takes the document, and a new link could too.
            let verified = try await client.verifyIdentityDocumentToEnd(input: VerifyIdentityDocument(
                image: try DocumentFixtures.data("john-smith-passport-front.png"),
                backImage: try DocumentFixtures.data("john-smith-passport-front.png"), country: "US", documentType: .passport))
            #expect(verified.verified && verified.documentVerificationStatus == .succeeded)
        }
    }

    @Test func aLinkUsedToTheEndShowsTheOutcomeAndTakesNothingMore() async throws {
        try await withConsentedClient { client, _, _ in
            _ = try await client.verifyIdentity(input: Self.johnWithTypo)
            let link = try await client.initiateIdentityDocumentCapture()
            #expect(try await Self.call(link.documentCaptureUrl).status == 200)
            let page = try Self.image("john-smith-passport-front.png")
            let done = try await Self.call(link.documentCaptureUrl + "/submit", method: "POST", json: [
                "documentType": "passport", "country": "US", "imageBase64": page])
            let outcome = try await Self.settled(done, link: link.documentCaptureUrl)
            #expect(outcome["status"] as? String == "succeeded" && outcome["verified"] as? Bool == true)
            let reopened = try await Self.call(link.documentCaptureUrl)
            #expect(reopened.status == 200 && reopened.text.contains("\"status\":\"succeeded\""))
            let more = try await Self.call(link.documentCaptureUrl + "/submit", method: "POST", json: [
                "documentType": "passport", "country": "US", "imageBase64": page])
            #expect(more.status == 409 && more.errorCode == "DOCUMENT_VERIFICATION_CLOSED")
        }
    }

    @Test func idScanUrlIsOfferedWhenPIIRunsOutAndAnAPISubmissionRetiresIt() async throws {
        try await withConsentedClient({ $0.documents.idScanUrlEnabled = true; $0.policy.maxAttempts = 1 }) { client, _, _ in
            let attempt = try await client.verifyIdentity(input: Self.johnWithTypo)
            #expect(attempt.requiredVerificationMethod == .governmentID && attempt.documentVerificationStatus == .captureInitiated)
            let scanURL = try #require(attempt.idScanUrl)
            #expect(try await client.checkIdentityVerification().idScanUrl == scanURL)
            #expect(try await Self.call(scanURL).status == 200)
            // The user sends the document through the app instead: the link is retired.
            _ = try await client.verifyIdentityDocumentToEnd(input: VerifyIdentityDocument(
                image: try DocumentFixtures.data("john-smith-passport-front.png"),
                backImage: try DocumentFixtures.data("john-smith-passport-front.png"), country: "US", documentType: .passport))
            #expect(try await Self.call(scanURL).status == 410)
            #expect(try await client.checkIdentityVerification().idScanUrl == nil)
        }
    }

    @Test func withoutTheSettingNoLinkIsMadeForTheUser() async throws {
        try await withConsentedClient({ $0.policy.maxAttempts = 1 }) { client, _, _ in
            let attempt = try await client.verifyIdentity(input: Self.johnWithTypo)
            #expect(attempt.requiredVerificationMethod == .governmentID && attempt.idScanUrl == nil)
            #expect(attempt.documentVerificationStatus == .notAttempted)
        }
    }
}
