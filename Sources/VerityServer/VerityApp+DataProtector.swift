import Foundation
import Vapor
import VerityStore

/// The data protector of a configured application: found once the database
/// is open, since the derived keys live there (`DerivedKeyRecord`).
struct DataProtectorKey: StorageKey {
    typealias Value = Result<DataProtector, any Error>
}

extension Application {
    /// This database's protector; throws what finding it threw (a wrong data key, say).
    public var dataProtector: DataProtector {
        get throws {
            guard let found = storage[DataProtectorKey.self] else {
                throw Abort(.internalServerError, reason: "the data protector is read once the database is open")
            }
            return try found.get()
        }
    }

    /// Finds and keeps the protector for `settings` on this database.
    @discardableResult
    func findDataProtector(_ settings: Settings, clock: VerityClock) async -> Result<DataProtector, any Error> {
        let found: Result<DataProtector, any Error>
        do {
            found = .success(try await DerivedKeyRecord.protector(db: db, dataKey: settings.dataKey, previousKeys: settings.previousDataKeys,
                                                             now: clock.nowMillis()))
        } catch {
            found = .failure(error)
        }
        storage[DataProtectorKey.self] = found
        return found
    }
}
