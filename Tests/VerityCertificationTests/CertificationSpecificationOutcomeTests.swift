import Fluent
import Foundation
import Testing
import Verity
import VerityAPI
@testable import VerityStore
import VerityTestSupport

/// Every closure `certification.txt`'s examples name, reached: each error
/// made as a user meets it, against a live server (a service that is not
/// there, a token the service refuses, too many codes, …), and each taken by
/// the closure the specification names for it, else by `onClientError`.
extension CertificationSpecificationExampleTests {
    @Test func anUnreachableServiceIsOnNoConnectionWhereTheCallHasOne() async throws {
        try await withCertification { harness async throws in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("verity-keys-\(UUID().uuidString)")
            // Port 1 on the loopback: nothing listens, the connection is refused at once.
            SDK.configure(baseURL: URL(string: "http://127.0.0.1:1")!, entity: CertificationHarness.entity,
                          keyStore: try FileKeyStore(directory: directory), requestTimeout: TestDeadlines.requestTimeout,
                          retries: .never) { "vut_unused" }
            let screen = SpecificationScreen()
            let started = ContinuousClock.now
            let heard: [(String, Hearing)] = [
                ("requestUserDeviceVerification", await hear(screen.requestVerificationCode)),
                ("verifyUserDevice", await hear { screen.verifyDevice(code: "123456", $0) }),
                ("requestUser", await hear(screen.checkStatus)),
                ("registerUser", await hear { screen.register(user: User(), $0) }),
                ("certifyUserAtLevel1", await hear(screen.certifyAtLevel1)),
                ("certifyUser", await hear { screen.certifyWithDIAC(code: "4111 1111 1111 1111", $0) }),
                ("certifyUserAtLevel4", await hear { screen.certifyAtLevel4(code: "4111 1111 1111 1111", password: "correct horse", $0) }),
                ("uncertify", await hear(screen.giveUpCertificate)),
            ]
            for (call, hearing) in heard { #expect(hearing.closure == "onNoConnection", "\(call): \(hearing.closure)") }
            // Refused is known at once: not after the request's deadline, as when the HTTP client kept reconnecting.
            #expect(ContinuousClock.now - started < .seconds(TestDeadlines.requestTimeout / 2))
            // requestEntityDetails names no such closure: the error is onClientError's, with its code.
            let details = await hear(screen.fillInRegistrationForm)
            #expect(details.closure == "onClientError" && details.error?.code == .noConnection)
            _ = harness
        }
    }

    @Test func aRefusedTokenIsOnInvalidTokenAndAFailingBackendIsOnClientError() async throws {
        try await withCertification { harness async throws in
            try SpecificationRun.configure(harness, userRef: "spec-bad-token", token: { "vut_not-a-token-the-service-made" })
            let screen = SpecificationScreen()
            let heard: [(String, Hearing)] = [
                ("requestUserDeviceVerification", await hear(screen.requestVerificationCode)),
                ("verifyUserDevice", await hear { screen.verifyDevice(code: "123456", $0) }),
                ("requestUser", await hear(screen.checkStatus)),
                ("registerUser", await hear { screen.register(user: User(status: .unverified, fields: CertificationHarness.alice), $0) }),
                ("certifyUserAtLevel1", await hear(screen.certifyAtLevel1)),
                ("certifyUser", await hear { screen.certifyWithDIAC(code: "4111 1111 1111 1111", $0) }),
                ("certifyUserAtLevel4", await hear { screen.certifyAtLevel4(code: "4111 1111 1111 1111", password: "correct horse", $0) }),
                ("uncertify", await hear(screen.giveUpCertificate)),
            ]
            for (call, hearing) in heard {
                #expect(hearing.closure == "onInvalidToken" && hearing.error?.httpStatus == 401, "\(call): \(hearing.closure) \(String(describing: hearing.error))")
            }
            let details = await hear(screen.fillInRegistrationForm)
            #expect(details.closure == "onClientError" && details.error?.code == .invalidToken)
            // What the Objective-C surface's closures get: the same error as an NSError.
            let bridged = try #require(details.error) as NSError
            #expect(bridged.domain == "VerityCertificationError" && bridged.code == 401)
            #expect(bridged.userInfo[CertificationError.codeKey] as? String == "INVALID_TOKEN")
            #expect(bridged.localizedDescription == details.error?.message)

            // The app's backend could not give a token: nothing reached the service, and the app hears why.
            struct BackendDown: Error {}
            try SpecificationRun.configure(harness, userRef: "spec-no-backend", token: { throw BackendDown() })
            let down = await hear(screen.requestVerificationCode)
            #expect(down.closure == "onClientError" && down.error?.code == .clientError)
            #expect(down.error?.message.contains("BackendDown") == true)
        }
    }

    @Test func codesOutOfTurnAreLimitedExpiredAndLockTheUser() async throws {
        try await withCertification { harness async throws in
            try SpecificationRun.configure(harness, userRef: "spec-mallory")
            let screen = SpecificationScreen()
            for _ in 0..<5 {
                harness.app.clock.advance(seconds: 1)
                #expect(await hear(screen.requestVerificationCode).closure == "onSuccess")
            }
            harness.app.clock.advance(seconds: 1)
            #expect(await hear(screen.requestVerificationCode).closure == "onDeviceVerificationLimitError")

            // Three guesses per code: then even the right code is spent.
            let code = try await harness.lastCode()
            let wrong = code == "000000" ? "111111" : "000000"
            for _ in 0..<3 { #expect(await hear { screen.verifyDevice(code: wrong, $0) }.closure == "onValidationError") }
            #expect(await hear { screen.verifyDevice(code: code, $0) }.closure == "onExpiredVerificationCodeError")

            // Ten wrong codes in a row lock the user until an operator unlocks them.
            harness.app.clock.advance(seconds: 3600)
            for round in 0..<3 {
                harness.app.clock.advance(seconds: 1)
                _ = await hear(screen.requestVerificationCode)
                let fresh = try await harness.lastCode()
                let miss = fresh == "000000" ? "111111" : "000000"
                for _ in 0..<(round == 2 ? 1 : 3) { _ = await hear { screen.verifyDevice(code: miss, $0) } }
            }
            #expect(await hear { screen.verifyDevice(code: "000000", $0) }.closure == "onUserLockedError")
            // requestUserDeviceVerification names no closure for a locked user: onClientError has it.
            let locked = await hear(screen.requestVerificationCode)
            #expect(locked.closure == "onClientError" && locked.error?.code == .userLocked)
        }
    }

    /// An entity that does not offer level 1; the device verified for one
    /// entity is verified for all, as the specification's NB says.
    @Test func levelOneWhereTheEntityDoesNotOfferItIsOnUserNotAccreditedError() async throws {
        try await withCertification { harness async throws in
            let broker = EntityInput(name: "broker", displayName: "Example Broker", levels: [2, 3],
                                     userFieldDefinitions: CertificationHarness.entityInput.userFieldDefinitions)
            let (_, status) = try await harness.admin("POST", CertificationAdminRoute.entities.path, body: broker, as: EntityDetails.self)
            #expect(status == 201)
            // The admin API's entity is in the trail as the CLI's is (`certification.entity.create`), naming the key.
            let made = try await AuditEventModel.query(on: harness.app.app.db).filter(\.$action == "certification.entity.create").all()
            #expect(made.contains { $0.actor.hasPrefix("key:vk_") && $0.reason == "broker" }, "\(made.map(\.actor))")
            let keys = try FileKeyStore(directory: FileManager.default.temporaryDirectory.appendingPathComponent("verity-keys-\(UUID().uuidString)"))
            try SpecificationRun.configure(harness, userRef: "spec-broker", keyStore: keys)
            let screen = SpecificationScreen()
            try await SpecificationRun.verifyAndRegister(screen, harness)

            try SpecificationRun.configure(harness, userRef: "spec-broker", entity: "broker", keyStore: keys)
            #expect(await hear(screen.checkStatus).user?.status == User.Status.unregistered)
            #expect(await hear { screen.register(user: User(status: .unverified, fields: CertificationHarness.alice), $0) }.closure == "onSuccess")
            #expect(await hear(screen.certifyAtLevel1).closure == "onUserNotAccreditedError")
        }
    }

    /// The Checkpoint API the specification names (requestCheckpoints,
    /// requestNearestCheckpoints, requestCheckpointDetails), in the same form.
    @Test func theCheckpointCallsAnswerInTheSameForm() async throws {
        try await withCertification { harness async throws in
            let input = CheckpointInput(name: "Example Bank, Strand", address: "1 Strand, London", latitude: 51.5079, longitude: -0.1236,
                                        levels: [3, 4], openingHours: "Mon–Fri 9–17")
            let (made, _) = try await harness.admin("POST", CertificationAdminRoute.checkpoints.path, body: input, as: CheckpointDetails.self)
            let id = try #require(made?.id)
            try SpecificationRun.configure(harness, userRef: "spec-checkpoints")
            let screen = SpecificationScreen()
            try await SpecificationRun.verifyAndRegister(screen, harness)

            let all = await hearCheckpoints { SDK.getClient.requestCheckpoints(onSuccess: $0, onClientError: $1) }
            #expect(all.map(\.id) == [id])
            let near = await hearCheckpoints {
                SDK.getClient.requestNearestCheckpoints(latitude: 51.5, longitude: -0.12, limit: 1, onSuccess: $0, onClientError: $1)
            }
            #expect(near.map(\.name) == ["Example Bank, Strand"])
            let one = await hearCheckpoints { success, failure in
                SDK.getClient.requestCheckpointDetails(id: id, onSuccess: { success([$0]) }, onClientError: failure)
            }
            #expect(one.first?.openingHours == "Mon–Fri 9–17")
            let unknown = await hear { heard in
                SDK.getClient.requestCheckpointDetails(id: UUID(), onSuccess: { _ in heard(.closure("onSuccess")) },
                                                       onClientError: { heard(.closure("onClientError", $0)) })
            }
            #expect(unknown.error?.code == .notFound)
        }
    }

    /// The checkpoints a checkpoint call's `onSuccess` was given (none when `onClientError` ran).
    func hearCheckpoints(_ call: (@escaping ([CheckpointDetails]) -> Void, @escaping (CertificationError) -> Void) -> Void) async
        -> [CheckpointDetails] {
        let box = CheckpointsHeard()
        let hearing = await hear { heard in
            call({ box.checkpoints = $0; heard(.closure("onSuccess")) }, { heard(.closure("onClientError", $0)) })
        }
        #expect(hearing.closure == "onSuccess", "\(String(describing: hearing.error))")
        return box.checkpoints
    }
}

/// Written on the main queue by the closure, read after the hearing.
private final class CheckpointsHeard: @unchecked Sendable {
    var checkpoints: [CheckpointDetails] = []
}
