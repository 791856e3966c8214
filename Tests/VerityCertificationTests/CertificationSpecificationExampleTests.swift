import Foundation
import Testing
import Verity
import VerityAPI
import VerityTestSupport

/// `certification.txt`'s Swift examples (`SpecificationScreen`), run against
/// a live server as an app runs them: `SDK.getClient`, one closure per
/// outcome, each called on the main thread. Level 1, level 2 with a DIAC,
/// level 4 in the HSM, and uncertify.
///
/// Serialized: `SDK.getClient` is one per process, as in an app.
@Suite("certification.txt's Swift examples, run as printed", .serialized)
struct CertificationSpecificationExampleTests {
    static let phone = "+447700900123"

    @Test func levelOneFromPhoneVerificationToUncertify() async throws {
        try await withCertification { harness async throws in
            try SpecificationRun.configure(harness, userRef: "spec-level1")
            let screen = SpecificationScreen()
            let unverified = await hear(screen.checkStatus)
            #expect(unverified.closure == "onSuccess" && unverified.user?.status == User.Status.unverified)

            // Phone Verification: the code goes to the number the user's backend filed.
            harness.app.clock.advance(seconds: 1)
            #expect(await hear(screen.requestVerificationCode).closure == "onSuccess")
            #expect(try await harness.lastRecipient() == Self.phone)
            let code = try await harness.lastCode()
            let wrong = await hear { screen.verifyDevice(code: code == "000000" ? "111111" : "000000", $0) }
            #expect(wrong.closure == "onValidationError" && wrong.error?.field == "verificationCode")
            #expect(await hear { screen.verifyDevice(code: code, $0) }.closure == "onSuccess")

            // Registration: the form as the example fills it ("XXX" everywhere) is refused field by field,
            // then filled as the specification's NB says real code must (a date in a date field, …).
            #expect(await hear(screen.checkStatus).user?.status == User.Status.unregistered)
            let form = await hear(screen.fillInRegistrationForm)
            #expect(form.closure == "onSuccess")
            #expect(form.user?.fields == ["givenName": "XXX", "surname": "XXX", "email": "XXX", "dateOfBirth": "XXX"])
            let refused = await hear { screen.register(user: form.user ?? User(), $0) }
            #expect(refused.closure == "onValidationError")
            #expect(Set(refused.error?.fieldErrors.map(\.field) ?? []) == ["email", "dateOfBirth"])
            var user = User()
            for name in (form.user?.fields ?? [:]).keys { user[name] = CertificationHarness.alice[name] }
            #expect(await hear { screen.register(user: user, $0) }.closure == "onSuccess")
            #expect(await hear { screen.register(user: user, $0) }.closure == "onUserAlreadyRegisteredError")
            #expect(await hear(screen.checkStatus).user?.status == User.Status.uncertified)

            // Level 1
            #expect(await hear(screen.certifyAtLevel1).closure == "onSuccess")
            let certified = try await SpecificationRun.resolving(screen.checkStatus)
            #expect(certified.user?.status == User.Status.certified && certified.user?.certificate?.level == 1)
            let session = try await SDK.getClient.resolving { try await SDK.getClient.authenticate() }
            #expect(session.level == 1)

            // Uncertify; the next call meets the stale token, as the specification says, and its resolution renews it.
            #expect(try await SpecificationRun.resolving(screen.giveUpCertificate).closure == "onSuccess")
            let stale = await hear(screen.checkStatus)
            #expect(stale.closure == "onInvalidToken" && stale.error?.resolution == .refreshToken)
            #expect(try await SpecificationRun.resolving(screen.checkStatus).user?.status == User.Status.uncertified)
        }
    }

    @Test func levelTwoWithTheDIACAnOperatorIssued() async throws {
        try await withCertification { harness async throws in
            try SpecificationRun.configure(harness, userRef: "spec-level2")
            let screen = SpecificationScreen()
            try await SpecificationRun.verifyAndRegister(screen, harness)

            let early = await hear { screen.certifyWithDIAC(code: "4111 1111 1111 1111", $0) }
            #expect(early.closure == "onUserNotAccreditedError")

            try await SDK.getClient.requestAccreditation(level: 2)
            let code = try await harness.approveNewest()
            #expect(code.filter(\.isNumber).count == 16)
            let malformed = await hear { screen.certifyWithDIAC(code: "12-34", $0) }
            #expect(malformed.closure == "onValidationError" && malformed.error?.field == "diac")

            #expect(await hear { screen.certifyWithDIAC(code: code, $0) }.closure == "onSuccess")
            let user = try await SpecificationRun.waitUntilCertified(screen)
            #expect(user.certificate?.level == 2 && user.certificate?.keyInHSM == false)
            let signature = try await SDK.getClient.resolving { try await SDK.getClient.signDocument(Data("contract".utf8)) }
            #expect(!signature.isEmpty)
        }
    }

    @Test func levelFourInTheHSMBehindThePassword() async throws {
        try await withCertification(hsm: true) { harness async throws in
            try SpecificationRun.configure(harness, userRef: "spec-level4")
            let screen = SpecificationScreen()
            let password = "correct horse battery"
            let unverified = await hear { screen.certifyAtLevel4(code: "4111 1111 1111 1111", password: password, $0) }
            #expect(unverified.closure == "onDeviceNotVerified")

            try await SpecificationRun.verifyAndRegister(screen, harness)
            let early = await hear { screen.certifyAtLevel4(code: "4111 1111 1111 1111", password: password, $0) }
            #expect(early.closure == "onUserNotAccreditedError")

            try await SDK.getClient.requestAccreditation(level: 4)
            let code = try await harness.approveNewest(evidence: AccreditationEvidence(kind: "videoCall", reference: "call 2026-11-30 11:00"))
            let short = await hear { screen.certifyAtLevel4(code: code, password: "short", $0) }
            #expect(short.closure == "onValidationError" && short.error?.field == "password" && short.screenStillOpen)

            #expect(await hear { screen.certifyAtLevel4(code: code, password: password, $0) }.closure == "onSuccess")
            let user = try await SpecificationRun.waitUntilCertified(screen)
            #expect(user.certificate?.level == 4 && user.certificate?.keyInHSM == true)
            let signature = try await SDK.getClient.resolving {
                try await SDK.getClient.signDocument(Data("contract".utf8), password: password)
            }
            #expect(!signature.isEmpty)
        }
    }
}

/// The app around the examples: configuring `SDK`, and what an app does
/// between them (a status change's stale token, waiting for the authority).
enum SpecificationRun {
    /// `SDK.getClient` for `userRef` at `harness`'s server, with a fresh key
    /// store, a backend that filed the user's phone number, and its own
    /// `entity` (the harness's unless named).
    static func configure(_ harness: CertificationHarness, userRef: String, entity: String = CertificationHarness.entity,
                          keyStore: (any KeyStore)? = nil,
                          token: (@Sendable () async throws -> String)? = nil) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("verity-keys-\(UUID().uuidString)")
        let app = harness.app
        SDK.configure(baseURL: harness.url, entity: entity, keyStore: try keyStore ?? FileKeyStore(directory: directory),
                      requestTimeout: TestDeadlines.requestTimeout,
                      userTokenProvider: token ?? { try await app.token(for: userRef, phoneNumber: CertificationSpecificationExampleTests.phone) })
    }

    /// The phone verification and registration examples, to `UNCERTIFIED`.
    static func verifyAndRegister(_ screen: SpecificationScreen, _ harness: CertificationHarness) async throws {
        harness.app.clock.advance(seconds: 1)
        #expect(await hear(screen.requestVerificationCode).closure == "onSuccess")
        let code = try await harness.lastCode()
        #expect(await hear { screen.verifyDevice(code: code, $0) }.closure == "onSuccess")
        #expect(await hear { screen.register(user: User(status: .unverified, fields: CertificationHarness.alice), $0) }.closure == "onSuccess")
    }

    /// `example`'s outcome, after doing once what an `onInvalidToken`'s
    /// resolution says (the specification's InvalidTokenError NB).
    static func resolving(_ example: (@escaping Heard) -> Void) async throws -> Hearing {
        let first = await hear(example)
        guard first.closure == "onInvalidToken", let error = first.error else { return first }
        try await SDK.getClient.resolve(error)
        return await hear(example)
    }

    /// Asks `requestUser` until the authority has certified the user (levels 2–4 issue in a job).
    static func waitUntilCertified(_ screen: SpecificationScreen) async throws -> User {
        try await waitFor("the user to be certified") {
            let heard = try await resolving(screen.checkStatus)
            guard let user = heard.user else { return .notYet(heard.closure) }
            return user.status == .certified ? .ready(user) : .notYet("\(user.status)")
        }
    }
}

/// Runs one example and waits for the closure it calls; a hearing named
/// "nothing" if none is called within the test deadline.
func hear(_ example: (@escaping Heard) -> Void) async -> Hearing {
    MainQueueMark.set
    let hearing = await withCheckedContinuation { (continuation: CheckedContinuation<Hearing, Never>) in
        let once = ResumeOnce(continuation)
        DispatchQueue.global().asyncAfter(deadline: .now() + TestDeadlines.requestTimeout * 2) {
            once.resume(Hearing(closure: "nothing", onMainQueue: false))
        }
        example { once.resume($0) }
    }
    #expect(hearing.onMainQueue, "\(hearing.closure) was not called on the main queue")
    return hearing
}

/// A continuation resumed by the first of its callers only.
private final class ResumeOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Hearing, Never>?

    init(_ continuation: CheckedContinuation<Hearing, Never>) { self.continuation = continuation }

    func resume(_ hearing: Hearing) {
        let waiting = lock.withLock { () -> CheckedContinuation<Hearing, Never>? in
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume(returning: hearing)
    }
}
