import Foundation
import Verity
import VerityAPI
import VerityAdmin
import VerityCore

/// A user certified at level 2 (the phone's code from the development
/// outbox, registration, a request an operator approves, the DIAC), and a
/// second request left waiting at the accreditation desk.
extension DemoHistory {
    static let phone = "+447700900123"

    func certification(_ tally: DemoTally) async {
        await tally.step("certification demo-certified") {
            let client = try await registered("demo-certified", fields: [
                "givenName": "Aiko", "surname": "Tanaka", "email": "aiko@example.org", "dateOfBirth": "1992-11-03"])
            let request = try await client.requestAccreditation(level: 2)
            // The operator at the branch approves: the DIAC they hand over.
            let issued = try await operations.certification.approveAccreditation(
                tenant: DemoSetup.tenant, environment: .test, id: request.id.uuidString, evidence: nil)
            _ = try await client.certifyUser(diac: issued.diac)
            var user = try await user(of: client)
            for _ in 0..<240 where user.status != .certified {
                try await Task.sleep(for: .milliseconds(250))
                user = try await self.user(of: client)
            }
            await tally.count("certification", user.status == .certified ? "certifiedLevel\(user.certificate?.level ?? 0)" : user.status.rawValue)
        }
    }

    /// A second user's request for level 2, left for the accreditation desk.
    func waitingAccreditation(_ tally: DemoTally) async {
        await tally.step("certification demo-waiting") {
            let client = try await registered("demo-waiting", fields: [
                "givenName": "Samuel", "surname": "O'Connor", "dateOfBirth": "1969-05-21"])
            _ = try await client.requestAccreditation(level: 2)
            await tally.count("certification", "accreditationPending")
        }
    }

    /// The user's status; a device token the certification made stale is renewed first, as the SDK's guide says.
    private func user(of client: CertificationClient) async throws -> User {
        do {
            return try await client.requestUser()
        } catch let error as CertificationError where error.resolution == .refreshToken {
            try await client.resolve(error)
            return try await client.requestUser()
        }
    }

    /// A device verified by the code sent to it, and its user registered.
    private func registered(_ userRef: String, fields: [String: String]) async throws -> CertificationClient {
        let keyFolder = FileManager.default.temporaryDirectory.appendingPathComponent("verity-demo-\(UUID().uuidString)")
        let userToken = try await token(userRef, phoneNumber: Self.phone)
        let client = CertificationClient(baseURL: baseURL, entity: DemoSetup.entity, keyStore: try FileKeyStore(directory: keyFolder)) {
            userToken
        }
        let sent = clock.clock.nowMillis()
        _ = try await client.requestUserDeviceVerification()
        try await client.verifyUserDevice(verificationCode: try await code(sentAfter: sent))
        _ = try await client.registerUser(fields)
        return client
    }

    /// The newest code in the development outbox, where the test environment's texts go.
    private func code(sentAfter: Int64) async throws -> String {
        let since = sentAfter - 1_000
        let messages = try await operations.certification.outbox(tenant: DemoSetup.tenant, environment: .test, limit: 5)
        guard let text = messages.filter({ $0.createdAtEpochMs >= since }).max(by: { $0.createdAtEpochMs < $1.createdAtEpochMs })?.text,
              let range = text.range(of: "[0-9]{6}", options: .regularExpression) else {
            throw DemoProblem(description: "no code in the development outbox")
        }
        return String(text[range])
    }
}
