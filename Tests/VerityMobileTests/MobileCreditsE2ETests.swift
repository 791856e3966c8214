import Fluent
import Foundation
import Testing
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport

/// Credits through the API, as apps spend them: many submits at once, on two
/// servers sharing one database, never spend a credit twice or go below zero.
@Suite("Mobile API: credits under concurrency", .heavy)
struct MobileCreditsE2ETests {
    /// 60 calls against 30 credits (the ledger alone takes 200 against 100 in
    /// CreditLedgerTests): every call runs the face engine before it is
    /// charged, and more would starve the suite's other tests of engine time.
    @Test func sixtyParallelCallsOnTwoServersAgainstThirtyCreditsChargeExactlyThirty() async throws {
        try await MobileAPI.withMobile(credits: 30) { app, url, key in
            try await app.configure { $0.mobile.requestsPerMinute = 10_000 }
            let selfie = try MobileAPI.johnSelfie
            try await app.withSecondServer { second in
                // Children never throw: a failed call is status 0 and fails the
                // expectations below. (A throwing child would cancel its siblings'
                // URLSession tasks, which FoundationNetworking can deadlock on.)
                // A server whose engines are busy answers 503 with Retry-After (the
                // overload answer): the call waits as it says and goes again, as an app does.
                let statuses = await withTaskGroup(of: (Int, String?).self) { group in
                    for index in 0..<60 {
                        group.addTask {
                            while true {
                                let answer = try? await MobileAPI.call(index.isMultiple(of: 2) ? url : second, "/api/mobile/v1/verifyhuman/verify",
                                                                       method: "POST", headers: ["X-Client-Key": key], json: ["selfie_b64": selfie])
                                if answer?.status == 503, let wait = answer?.headers.first(where: { $0.key.lowercased() == "retry-after" }).flatMap({ Int($0.value) }) {
                                    try? await Task.sleep(for: .seconds(wait))
                                    continue
                                }
                                return (answer?.status ?? 0, answer?.code)
                            }
                        }
                    }
                    return await group.reduce(into: [(Int, String?)]()) { $0.append($1) }
                }
                #expect(statuses.filter { $0.0 == 200 }.count == 30, "\(Dictionary(grouping: statuses.map(\.0), by: { $0 }).mapValues(\.count))")
                #expect(statuses.filter { $0.0 == 402 && $0.1 == "CREDITS_EXHAUSTED" }.count == 30,
                        "\(Dictionary(grouping: statuses.map { "\($0.0) \($0.1 ?? "-")" }, by: { $0 }).mapValues(\.count))")
            }
            #expect(try await MobileAPI.balance(app) == 0)
            let charges = try await CreditLedgerEntryModel.query(on: app.app.db).filter(\.$delta == -1).all()
            #expect(charges.count == 30 && Set(charges.map(\.balanceAfter)) == Set((0...29).map(Int64.init)))
        }
    }
}
