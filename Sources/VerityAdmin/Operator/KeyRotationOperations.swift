import Fluent
import Foundation
import VerityCore
import VerityPKI
import VerityStore
import VerityKernel

/// What `verity keys rotate-data-key` did.
public struct DataKeyRotationReport: Codable, Sendable {
    /// `DataProtector.keyID` of the new data key (`VERITY_DATA_KEY`).
    public var keyID: String
    /// The keys rotated away from (`VERITY_PREVIOUS_DATA_KEYS`).
    public var previousKeyIDs: [String]
    public var tables: [DataKeyRotation.TableCount]
    /// CA key files in this server's data folder re-sealed (0 when the CA keys are in an HSM).
    public var caKeyFilesResealed: Int
    /// Values no configured key opens (left as they are).
    public var unreadable: Int { tables.reduce(0) { $0 + $1.unreadable } }
    public var resealed: Int { tables.reduce(0) { $0 + $1.resealed } + caKeyFilesResealed }
}

public struct KeyRotationOperations: OperatorTask {
    package let db: any Database
    package let clock: VerityClock
    let protector: DataProtector
    let settings: Settings

    /// Re-seals everything under `VERITY_DATA_KEY` that earlier keys
    /// (`VERITY_PREVIOUS_DATA_KEYS`) sealed, while servers keep serving.
    public func rotateDataKey(batchSize: Int = 200, progress: @Sendable (DataKeyRotation.TableCount) -> Void = { _ in }) async throws -> DataKeyRotationReport {
        guard !protector.previousKeyIDs.isEmpty else {
            throw VerityError(.validationError, """
                Nothing to rotate from: set VERITY_DATA_KEY to the new key (`verity keys data-key`) and \
                VERITY_PREVIOUS_DATA_KEYS to the key in use so far, on every server, then run this again.
                """)
        }
        let tables = try await DataKeyRotation(db: db, protector: protector, batchSize: batchSize).run(now: clock.nowMillis(), progress: progress)
        let report = DataKeyRotationReport(keyID: protector.keyID, previousKeyIDs: protector.previousKeyIDs, tables: tables,
                                           caKeyFilesResealed: try settings.caFiles().resealKeys() + settings.testCAFiles().resealKeys())
        try await audit("data_key.rotate", environmentID: nil)
        return report
    }
}
