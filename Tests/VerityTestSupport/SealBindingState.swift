import Foundation
@testable import VerityStore

/// Stands a test's database in for one from a release before seals were
/// bound to their place: `DerivedKeys.sealsBoundAt` cleared, so servers
/// started from then on open (and housekeeping binds) seals bound to none.
public enum SealBindingState {
    public static func asBeforeBinding(_ app: VerityTestApp) async throws {
        try await DerivedKeysState.change(app) { $0.sealsBoundAt = nil }
    }
}

/// The derived-key record as a release before issue 67's credential binding left it.
public enum CredentialBindingState {
    public static func asBeforeBinding(_ app: VerityTestApp) async throws {
        try await DerivedKeysState.change(app) { $0.credentialsBoundAt = nil }
    }
}

enum DerivedKeysState {
    /// Rewrites the test database's derived-key record with `edit` applied.
    static func change(_ app: VerityTestApp, _ edit: (inout DerivedKeys) -> Void) async throws {
        let protector = try app.app.dataProtector
        guard let recorded = try await DerivedKeyRecord.recorded(db: app.app.db, protector: protector) else { return }
        var changed = recorded
        edit(&changed)
        _ = try await app.app.db.write { [changed] tx in
            try await DerivedKeyRecord.replace(recorded, with: changed, in: tx, protector: protector, now: 0)
        }
    }
}
