import Foundation
import Vapor
import VerityStore
import VerityKernel

extension Application {
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
