import Foundation
import Vapor
import VerityStore

/// The data protector of a configured application: found once the database
/// is open, since the derived keys live there (`DerivedKeyRecord`).
package struct DataProtectorKey: StorageKey {
    package typealias Value = Result<DataProtector, any Error>
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
}
