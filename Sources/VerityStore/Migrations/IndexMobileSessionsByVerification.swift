import Fluent
import SQLKit

/// A review case names a mobile session by the verification it ended as:
/// the case page and the decision find the session by it.
struct IndexMobileSessionsByVerification: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = try database.sql()
        try await sql.create(index: "mobile_sessions_verification").on(MobileSessionModel.schema).column("verification_id").run()
    }

    func revert(on database: any Database) async throws {
        let sql = try database.sql()
        try await sql.drop(index: "mobile_sessions_verification").run()
    }
}
