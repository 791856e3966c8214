import Foundation
@testable import VerityStore

/// Stands a test's database in for one from a release before seals were
/// bound to their place: `DerivedKeys.sealsBoundAt` cleared, so servers
/// started from then on open (and housekeeping binds) seals bound to none.
public enum SealBindingState {
    public static func asBeforeBinding(_ app: VerityTestApp) async throws {
        let protector = try app.app.dataProtector
        guard let recorded = try await DerivedKeyRecord.recorded(db: app.app.db, protector: protector) else { return }
        var before = recorded
        before.sealsBoundAt = nil
        _ = try await app.app.db.write { [before] tx in
            try await DerivedKeyRecord.replace(recorded, with: before, in: tx, protector: protector, now: 0)
        }
    }
}
