import Foundation
import Verity

/// Runs `body` with a live server on loopback and an SDK client for `userRef`.
public func withLiveClient<T: Sendable>(
    userRef: String = "user-1",
    _ body: (IdentityVerificationClient, VerityTestApp, URL) async throws -> T
) async throws -> T {
    try await withVerityApp { app async throws in
        let url = try await app.startServer()
        let client = IdentityVerificationClient(baseURL: url, token: try await app.token(for: userRef), requestTimeout: TestDeadlines.requestTimeout)
        return try await body(client, app, url)
    }
}

extension IdentityVerificationClient {
    /// Gives consent to the current en-US plain-text consent text.
    public func consent() async throws {
        let content = try await getIdentityDataProcessingConsentContent(
            input: .init(preferredContentType: "text/plain", preferredLocale: "en-US"))
        _ = try await provideIdentityDataProcessingConsent(
            input: .init(content: content.content, contentType: content.contentType, locale: content.locale))
    }
}

/// The error a call threw, or nil.
public func verityError(_ call: () async throws -> some Any) async -> IdentityVerificationError? {
    do {
        _ = try await call()
        return nil
    } catch {
        return error as? IdentityVerificationError
    }
}

extension IdentityVerificationClient {
    /// A document submission followed to its outcome, as an app does: a check
    /// that outlasts the request's wait (two cores reading many documents at
    /// once in a debug build) answers `pending`, then settles.
    public func verifyIdentityDocumentToEnd(input: VerifyIdentityDocument) async throws -> VerifiedIdentity {
        try await settled(try await verifyIdentityDocument(input: input))
    }

    public func captureAndVerifyIdentityDocumentToEnd(input: VerifyIdentityDocument) async throws -> VerifiedIdentity {
        try await settled(try await captureAndVerifyIdentityDocument(input: input))
    }

    public func settled(_ submitted: VerifiedIdentity) async throws -> VerifiedIdentity {
        // A check held for a reviewer stays pending until a person decides.
        func done(_ identity: VerifiedIdentity) -> Bool {
            identity.documentVerificationStatus != .pending || identity.documentCheck?.status == "review"
        }
        if done(submitted) { return submitted }
        return try await waitFor("the document check to settle", every: .milliseconds(200)) {
            let identity = try await checkIdentityVerification()
            return done(identity) ? .ready(identity) : .notYet("\(identity.documentVerificationStatus), check \(identity.documentCheck?.status ?? "none")")
        }
    }
}
