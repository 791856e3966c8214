import Fluent
import Foundation
@testable import VerityStore
import Testing
import VerityAPI
import VerityTestSupport

@Suite("Attempts are counted exactly under concurrent requests")
struct ConcurrencyTests {
    @Test func concurrentFailuresNeverExceedTheLimit() async throws {
        try await withVerityApp { app async throws in
            // given
            let http = RawHTTP(baseURL: try await app.startServer())
            try await app.configure { $0.consentRequired = false }
            let token = try await app.token(for: "racer")
            // when: ten wrong attempts at once
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<10 {
                    group.addTask { try await http.send("POST", IdentityRoute.verify.path, bearer: token, json: TestData.stranger).status }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            // then
            #expect(statuses.allSatisfy { $0 == 200 })
            let state = try await http.send("GET", IdentityRoute.verification.path, bearer: token).decode(VerifiedIdentity.self)
            #expect(state.attemptsRemaining == 0)
            let ledger = try await VerificationAttemptModel.query(on: app.app.db).all()
            #expect(ledger.count == 3)
        }
    }
}
