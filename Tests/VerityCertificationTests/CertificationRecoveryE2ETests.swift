import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SQLKit
import Testing
import Verity
import VerityAPI
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport

/// Certification when answers are lost or work is cut short: a retry with
/// the same Idempotency-Key, a request asked again, a certification the
/// database failed half way. What the reliability runs under kill -9 and a
/// PostgreSQL outage found, each reproduced here.
@Suite("Certification recovers from lost answers and half-done work")
struct CertificationRecoveryE2ETests {
    /// The reliability run's PostgreSQL outage: a certification whose work
    /// fails half way must leave its activation code unused, or the retry is
    /// told the code was used and the user waits for an operator.
    @Test func aCertificationThatFailsHalfWayLeavesItsActivationCodeForTheRetry() async throws {
        try await withCertification { harness async throws in
            let client = try await harness.registeredClient("alice")
            try await client.requestAccreditation(level: 2)
            let diac = try await harness.approveNewest()
            // given: the database refuses the pending certificate's insert (as a database going away would fail it)
            let sql = try #require(harness.app.app.db as? any SQLDatabase)
            if TestDatabase.isPostgres {
                try await sql.raw("""
                    CREATE FUNCTION refuse_certificate() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused for the test'; END; $$ LANGUAGE plpgsql
                    """).run()
                try await sql.raw("CREATE TRIGGER refuse_certificate BEFORE INSERT ON cert_certificates FOR EACH ROW EXECUTE FUNCTION refuse_certificate()").run()
            } else {
                try await sql.raw("CREATE TRIGGER refuse_certificate BEFORE INSERT ON cert_certificates BEGIN SELECT RAISE(ABORT, 'refused for the test'); END").run()
            }
            // when: the user certifies with the code
            let failure = await certificationError { try await client.certifyUser(diac: diac) }
            #expect(failure != nil, "the certification failed with the database")
            // then: once the database takes writes again, the same code certifies
            try await sql.raw("DROP TRIGGER refuse_certificate\(TestDatabase.isPostgres ? " ON cert_certificates" : "")").run()
            let pending = try await client.certifyUser(diac: diac)
            #expect(pending.status == .certificatePending)
            #expect(try await client.waitForCertificate().level == 2)
        }
    }

    /// An exchange spends the old device token; its answer may be lost on the
    /// way (a server killed, a proxy timing out). The retry, with the same
    /// Idempotency-Key and the token it spent, gets the exchange's answer: the
    /// same new token, not "verify the device again" (as `make reliability`
    /// once found under kill -9).
    @Test func aDeviceTokenExchangeRetriedWithItsKeyGetsTheSameNewToken() async throws {
        try await withCertification { harness async throws in
            let device = "device-" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
            let userToken = try await harness.app.token(for: "retrying", phoneNumber: "+447700900123")
            func post<Body: Encodable>(_ route: CertificationRoute, _ body: Body, bearer: String, key: String? = nil) async throws
                -> (status: Int, body: Data, replayed: Bool) {
                var request = URLRequest(url: URL(string: harness.url.absoluteString + route.path)!)
                request.httpMethod = "POST"
                request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization")
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                request.setValue(device, forHTTPHeaderField: "Verity-Device-ID")
                if let key { request.setValue(key, forHTTPHeaderField: "Idempotency-Key") }
                request.httpBody = try JSONEncoder().encode(body)
                let (data, response) = try await TestHTTP.data(for: request)
                let http = response as? HTTPURLResponse
                return (http?.statusCode ?? 0, data, http?.value(forHTTPHeaderField: "Idempotent-Replayed") == "true")
            }
            harness.app.clock.advance(seconds: 1)
            #expect(try await post(.deviceVerificationRequest, DeviceVerificationRequest(deviceId: device), bearer: userToken).status == 202)
            let verified = try await post(.deviceVerification, DeviceVerificationInput(deviceId: device, verificationCode: try await harness.lastCode()),
                                          bearer: userToken)
            let first = try JSONDecoder().decode(DeviceToken.self, from: verified.body)
            // when: the token has expired and is exchanged; the answer is "lost", and the exchange is sent again
            harness.app.clock.advance(seconds: 31 * 86_400)
            let key = UUID().uuidString
            let exchanged = try await post(.deviceToken, DeviceTokenRequest(deviceId: device), bearer: first.token, key: key)
            #expect(exchanged.status == 200)
            let retried = try await post(.deviceToken, DeviceTokenRequest(deviceId: device), bearer: first.token, key: key)
            // then: the same new token, replayed; the spent token itself buys nothing new
            #expect(retried.status == 200 && retried.replayed, "\(retried.status) \(String(decoding: retried.body, as: UTF8.self))")
            #expect(try JSONDecoder().decode(DeviceToken.self, from: retried.body).token == (try JSONDecoder().decode(DeviceToken.self, from: exchanged.body).token))
            let again = try await post(.deviceToken, DeviceTokenRequest(deviceId: device), bearer: first.token, key: UUID().uuidString)
            #expect(again.status == 401)
            let reused = try await post(.deviceToken, DeviceTokenRequest(deviceId: device), bearer: first.token)
            #expect(reused.status == 401)
        }
    }

    /// An app whose accreditation request's answer was lost asks again: it
    /// gets the waiting request back, and the operator sees one request.
    @Test func askingAgainForALevelThatWaitsGivesTheWaitingRequest() async throws {
        try await withCertification { harness async throws in
            let client = try await harness.registeredClient("alice")
            let first = try await client.requestAccreditation(level: 2)
            let again = try await client.requestAccreditation(level: 2)
            #expect(again.id == first.id && again.status == first.status)
            let (pending, _) = try await harness.admin("GET", CertificationAdminRoute.accreditationRequests.path + "?status=pending",
                                                       as: [AccreditationRequestView].self)
            #expect(pending?.count == 1)
        }
    }
}
