import Fluent
import Foundation
import VerityCore
import VerityStore
import VerityKernel

/// One sweep as `verity retention show` lists it.
public struct RetentionSweepLine: Codable, Sendable {
    public var hourStartedAtEpochMs: Int64
    public var finishedAtEpochMs: Int64?
    public var removed: RetentionRepository.Removed?
}

public struct RetentionOperations: OperatorTask {
    package let db: any Database
    package let clock: VerityClock
    let protector: DataProtector
    /// How long a data source may keep an attempt unanswered (`Settings.abandonedAttemptSeconds`).
    let abandonedAttemptMilliseconds: Int64

    /// What the server's minute-by-minute housekeeping does, now (`verity housekeeping`).
    public func housekeeping() async throws -> Housekeeping.Swept {
        let swept = try await Housekeeping(db: db, abandonedAttemptMilliseconds: abandonedAttemptMilliseconds,
                                           protector: { [protector] in protector }).sweep(now: clock.nowMillis())
        try await audit("housekeeping", environmentID: nil)
        return swept
    }

    /// `verity retention sweep`: the environment's sweep, now, here (the
    /// servers' hourly one goes through the job queue).
    public func sweepRetention(tenant: String, environment kind: EnvironmentKind) async throws -> RetentionRepository.Removed {
        let environment = try await environment(tenant: tenant, kind: kind, create: false)
        let removed = try await RetentionRepository(db: db).run(environmentID: try environment.requireID(),
                                                                settings: environment.configuration.retention,
                                                                monitoringDays: environment.configuration.screening.monitoringDays,
                                                                now: clock.nowMillis(), sweepID: nil)
        try await VerityDatabase.emptyWriteAheadLog(db)
        try await audit("retention.sweep", environmentID: environment.id)
        return removed
    }

    /// `verity retention show`: the environment's newest sweeps, newest first.
    public func retentionSweeps(tenant: String, environment kind: EnvironmentKind, limit: Int) async throws -> [RetentionSweepLine] {
        let environmentID = try await environmentID(tenant: tenant, kind: kind)
        return try await RetentionRepository(db: db).recent(environmentID: environmentID, limit: limit).map { sweep in
            RetentionSweepLine(hourStartedAtEpochMs: sweep.slot * RetentionRepository.slotMilliseconds, finishedAtEpochMs: sweep.finishedAt,
                               removed: sweep.removed.flatMap { try? JSONDecoder().decode(RetentionRepository.Removed.self, from: Data($0.utf8)) })
        }
    }
}
