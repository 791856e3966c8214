import Dispatch
import Fluent
import Foundation
import VerityCore
import VerityStore
import VerityKernel

public struct BenchDataOperations: OperatorTask {
    package let db: any Database
    package let clock: VerityClock
    let protector: DataProtector

    /// `verity bench-data console`: synthetic checks and review cases for the
    /// console's benchmark. Returns the checks written.
    public func fillSyntheticConsoleLoad(tenant: String, environment kind: EnvironmentKind, plan: SyntheticLoad.Plan) async throws -> Int {
        let environment = try await environment(tenant: tenant, kind: kind, create: false)
        return try await SyntheticLoad(db: db, protector: protector).fill(tenantID: environment.$tenant.id, environmentID: try environment.requireID(), plan: plan,
                                                    now: clock.nowMillis())
    }

    /// `verity bench-data count`: how long `SELECT count(*)` over `table`
    /// takes, `times` times in a row (milliseconds, in order), and the count.
    public func timeCount(table: String, times: Int) async throws -> (count: Int, milliseconds: [Double]) {
        let load = SyntheticLoad(db: db, protector: protector)
        var count = 0, timings: [Double] = []
        for _ in 0..<max(1, times) {
            let started = DispatchTime.now().uptimeNanoseconds
            count = try await load.count(table: table)
            timings.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1_000_000)
        }
        return (count, timings)
    }
}
