import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import Verity
import VerityAPI
@testable import VerityEnginePool
@testable import VerityServer
import VerityTestSupport
@testable import VerityKernel

/// verifyIdentityDocument and captureAndVerifyIdentityDocument through the
/// SDK against a live server: real images of the registry's people read by
/// the real engines, the outcome asserted through the API.
@Suite("Document verification through the SDK", .heavy)
struct DocumentVerificationE2ETests {
    @Test func aPassportMatchingThePIIOnFileVerifiesTheUserByGovernmentID() async throws {
        try await withLiveClient { client, _, _ async throws in
            try await client.consent()
            // given: a PII attempt that did not verify
            let attempt = try await client.verifyIdentity(input: IdentityDocuments.johnWithTypo)
            #expect(!attempt.verified && attempt.documentVerificationStatus == .notRequired)
            // when
            let verified = try await client.verifyIdentityDocumentToEnd(input: try IdentityDocuments.passport("john-smith-passport"))
            // then
            #expect(verified.verified)
            #expect(verified.verificationMethod == .governmentID)
            #expect(verified.documentVerificationStatus == .succeeded)
            #expect(verified.documentCheck?.status == "succeeded" && verified.documentCheck?.reasons == [])
            let checked = try await client.checkIdentityVerification()
            #expect(checked.verificationMethod == .governmentID && checked.documentVerificationStatus == .succeeded)
            // and: document verification has ended
            let again = await verityError { try await client.verifyIdentityDocument(input: try IdentityDocuments.passport("john-smith-passport")) }
            #expect(again?.code == .documentVerificationClosed)
        }
    }

    @Test func verifyIdentityDocumentNeedsAPIIAttemptFirst() async throws {
        try await withLiveClient { client, _, _ async throws in
            try await client.consent()
            let error = await verityError { try await client.verifyIdentityDocument(input: try IdentityDocuments.passport("john-smith-passport")) }
            #expect(error?.code == .piiVerificationRequired)
            #expect(try await client.checkIdentityVerification().documentCheck == nil)
        }
    }

    @Test func someoneElsesPassportFailsOnTheNameAndDateOfBirth() async throws {
        try await withLiveClient { client, app, url async throws in
            try await client.consent()
            _ = try await client.verifyIdentity(input: IdentityDocuments.johnWithTypo)
            let result = try await client.verifyIdentityDocumentToEnd(input: try IdentityDocuments.passport("maria-garcia-passport"))
            #expect(!result.verified && result.documentVerificationStatus == .failed)
            #expect(result.documentCheck?.reasons == ["IDENTITY_MISMATCH"])
            // The backend sees which fields differed, and the whole report.
            let (body, status) = try await Self.admin(url, app, "/admin/v1/document-checks/\(result.documentCheck!.checkId)")
            #expect(status == 200)
            let detail = try JSONDecoder().decode(DocumentCheckDetail.self, from: body)
            #expect(Set(detail.holderMismatches) == ["surname", "given_names", "date_of_birth"])
            #expect(detail.report?.field("surname")?.value == "GARCIA")
        }
    }

    @Test func anExpiredPassportFails() async throws {
        try await withLiveClient { client, _, _ async throws in
            try await client.consent()
            _ = try await client.verifyIdentity(input: IdentityDocuments.johnWithTypo)
            let result = try await client.verifyIdentityDocumentToEnd(input: try IdentityDocuments.passport("john-smith-expired-passport"))
            #expect(result.documentVerificationStatus == .failed && result.documentCheck?.reasons == ["DOCUMENT_EXPIRED"])
        }
    }

    @Test func aPastedPortraitFails() async throws {
        try await withLiveClient { client, _, _ async throws in
            try await client.consent()
            _ = try await client.verifyIdentity(input: IdentityDocuments.johnWithTypo)
            let result = try await client.verifyIdentityDocumentToEnd(input: try IdentityDocuments.passport("john-smith-forged-passport"))
            #expect(result.documentVerificationStatus == .failed)
            #expect(result.documentCheck?.reasons.contains("PORTRAIT_SUBSTITUTED") == true)
        }
    }

    @Test func aBlurredPassportIsUnreadableAndTheUserMaySubmitAgain() async throws {
        try await withLiveClient { client, _, _ async throws in
            try await client.consent()
            _ = try await client.verifyIdentity(input: IdentityDocuments.johnWithTypo)
            let blurred = try await client.verifyIdentityDocumentToEnd(input: try IdentityDocuments.passport("john-smith-blurred-passport"))
            #expect(blurred.documentVerificationStatus == .documentUnreadable)
            #expect(blurred.documentCheck?.reasons.contains("BLURRY") == true)
            let retried = try await client.verifyIdentityDocumentToEnd(input: try IdentityDocuments.passport("john-smith-passport"))
            #expect(retried.verified && retried.documentVerificationStatus == .succeeded)
        }
    }

    @Test func aSelfieIsComparedWithThePortraitWhenTheEnvironmentAsksForOne() async throws {
        try await withLiveClient { client, app, _ async throws in
            try await app.configure { $0.documents.faceImageRequiredForVerification = true }
            try await client.consent()
            _ = try await client.verifyIdentity(input: IdentityDocuments.johnWithTypo)
            let other = try await client.verifyIdentityDocumentToEnd(
                input: try IdentityDocuments.passport("john-smith-passport", selfie: "maria-garcia-selfie.jpg"))
            #expect(other.documentVerificationStatus == .failed && other.documentCheck?.reasons == ["FACE_MISMATCH"])
        }
        try await withLiveClient(userRef: "user-2") { client, app, _ async throws in
            try await app.configure { $0.documents.faceImageRequiredForVerification = true }
            try await client.consent()
            _ = try await client.verifyIdentity(input: IdentityDocuments.johnWithTypo)
            let same = try await client.verifyIdentityDocumentToEnd(
                input: try IdentityDocuments.passport("john-smith-passport", selfie: "john-smith-selfie.jpg"))
            #expect(same.verified && same.documentVerificationStatus == .succeeded)
        }
    }

    @Test func aLicenceAloneVerifiesAgainstTheDataSource() async throws {
        try await withLiveClient { client, _, _ async throws in
            try await client.consent()
            let result = try await client.captureAndVerifyIdentityDocumentToEnd(input: try IdentityDocuments.licence("john-smith"))
            #expect(result.verified && result.verificationMethod == .governmentID)
            #expect(result.documentCheck?.flow == "capture")
        }
        try await withLiveClient { client, _, _ async throws in
            try await client.consent()
            let result = try await client.captureAndVerifyIdentityDocumentToEnd(input: try IdentityDocuments.licence("nobody-known"))
            #expect(!result.verified && result.documentVerificationStatus == .failed)
            #expect(result.documentCheck?.reasons == ["IDENTITY_NOT_FOUND"])
        }
    }

    @Test func aPassportCannotVerifyAnIdentityOnItsOwn() async throws {
        try await withLiveClient { client, _, _ async throws in
            try await client.consent()
            let error = await verityError {
                try await client.captureAndVerifyIdentityDocumentToEnd(input: try IdentityDocuments.passport("john-smith-passport"))
            }
            #expect(error?.code == .invalidInput && error?.field == "documentType")
            #expect(error?.message.contains("address") == true)
        }
    }

    @Test func aCheckLongerThanTheRequestAnswersPendingAndSettlesInTheBackground() async throws {
        try await withVerityApp(settings: { $0.documentWaitMilliseconds = 0; $0.engineThreads = 1 }) { app async throws in
            let url = try await app.startServer()
            let client = IdentityVerificationClient(baseURL: url, token: try await app.token(for: "user-1"), requestTimeout: TestDeadlines.requestTimeout)
            try await client.consent()
            _ = try await client.verifyIdentity(input: IdentityDocuments.johnWithTypo)
            // The one engine thread held until the second submission has its answer:
            // the check is still running then, however fast this machine reads.
            let held = EngineThreadHold()
            // The engines' thread: the worker pool's, or the server's own when they run in process.
            let workers = app.app.storage[EngineWorkerPoolKey.self], engines = try #require(app.app.storage[EnginePoolKey.self])
            let holding = Task {
                if let workers { try await workers.onEngineThread { held.wait() } } else { try await engines.run { held.wait() } }
            }
            defer { held.release() }
            try await waitUntil("the engine thread to be held", every: .milliseconds(10)) { held.started }
            let submitted = try await client.verifyIdentityDocument(input: try IdentityDocuments.passport("john-smith-passport"))
            #expect(submitted.documentVerificationStatus == .pending && !submitted.verified)
            #expect(submitted.documentCheck?.status == "pending" && submitted.documentCheck?.completedAtEpochMs == 0)
            // A second submission while the check runs is refused, the first goes on.
            let second = await verityError { try await client.verifyIdentityDocument(input: try IdentityDocuments.passport("john-smith-passport")) }
            #expect(second?.code == .documentCheckPending)
            held.release()
            try await holding.value
            let status = try await client.settled(submitted)
            #expect(status.documentVerificationStatus == .succeeded && status.verified)
        }
    }

    @Test func anotherEnvironmentsCheckIsNotFound() async throws {
        try await withLiveClient { client, app, url async throws in
            try await client.consent()
            _ = try await client.verifyIdentity(input: IdentityDocuments.johnWithTypo)
            let result = try await client.verifyIdentityDocumentToEnd(input: try IdentityDocuments.passport("john-smith-passport"))
            let other = try await app.operations.tenants.createKey(tenant: "other", environment: .test)
            let (_, status) = try await Self.admin(url, app, "/admin/v1/document-checks/\(result.documentCheck!.checkId)", key: other)
            #expect(status == 404)
            let (_, unknown) = try await Self.admin(url, app, "/admin/v1/document-checks/\(UUID().uuidString)")
            #expect(unknown == 404)
        }
    }

    /// A GET on the admin surface with a secret key (the acme test key by default).
    static func admin(_ url: URL, _ app: VerityTestApp, _ path: String, key: String? = nil) async throws -> (Data, Int) {
        var request = URLRequest(url: URL(string: url.absoluteString + path)!)
        request.setValue("Bearer \(key ?? app.secretKey)", forHTTPHeaderField: "Authorization")
        let (data, response) = try await TestHTTP.data(for: request)
        return (data, (response as? HTTPURLResponse)?.statusCode ?? 0)
    }
}

/// Keeps an engine thread busy until released (a semaphore: the wait is on
/// the engine pool's own thread, never on Swift's cooperative threads).
final class EngineThreadHold: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var holding = false
    private var released = false

    /// Whether the hold has its thread.
    var started: Bool { lock.withLock { holding } }

    func wait() {
        lock.withLock { holding = true }
        semaphore.wait()
    }

    /// Lets the held thread go; a second call does nothing.
    func release() {
        let first = lock.withLock { () -> Bool in defer { released = true }; return !released }
        if first { semaphore.signal() }
    }
}
