import Fluent
import Foundation
import Testing
import VerityAPI
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport

/// Issue 67: a key made or revoked through any door (the admin API, the CLI,
/// the console) writes the same audit row, naming who asked; before, the
/// admin API's client keys wrote none and the CLI spelled the action its own way.
@Suite("Keys: one audited way through every door")
struct KeyAuditE2ETests {
    static func rows(_ app: VerityTestApp, _ action: String) async throws -> [AuditEventModel] {
        try await AuditEventModel.query(on: app.app.db).filter(\.$action == action).sort(\.$at).all()
    }

    @Test func theAdminAPIAndTheCLIWriteTheSameRowsTheConsoleDoes() async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let admin = ["Authorization": "Bearer \(app.secretKey)"]
            let made = try await MobileAPI.call(url, "/admin/v1/client-keys", method: "POST", headers: admin, json: ["scopes": ["verifyhuman"]])
            let key = try #require(made.json["clientKey"] as? String, "\(made.json)")
            let apiCreate = try #require(try await Self.rows(app, "client_key.create").last)
            #expect(apiCreate.actor == "key:" + TenantRepository.displayPrefix(app.secretKey))
            #expect(apiCreate.reason == ClientKeyRepository.displayPrefix(key) + "…, verifyhuman" && apiCreate.tenantID != nil)

            // Another environment's key is not this one's to revoke, and nothing is written.
            let other = try await app.operations.tenants.createKey(tenant: "other", environment: .test)
            let refused = try await MobileAPI.call(url, "/admin/v1/client-keys/revoke", method: "POST",
                                                   headers: ["Authorization": "Bearer \(other)"], json: ["clientKey": key])
            #expect(refused.status == 404)
            #expect(try await Self.rows(app, "client_key.revoke").isEmpty)
            let revoked = try await MobileAPI.call(url, "/admin/v1/client-keys/revoke", method: "POST", headers: admin, json: ["clientKey": key])
            #expect(revoked.status == 200 && revoked.json["revoked"] as? Bool == true)
            let apiRevoke = try #require(try await Self.rows(app, "client_key.revoke").last)
            #expect(apiRevoke.actor == apiCreate.actor && apiRevoke.environmentID == apiCreate.environmentID)
            let again = try await MobileAPI.call(url, "/admin/v1/client-keys/revoke", method: "POST", headers: admin, json: ["clientKey": key])
            let revokeRows = try await Self.rows(app, "client_key.revoke").count
            #expect(again.status == 404 && revokeRows == 1, "revoked twice")

            // The CLI's changes: the same actions, by "cli", with the environment each key was in.
            let operations = try app.operations
            let cliKey = try await operations.mobile.createClientKey(tenant: app.tenant, environment: .test, scopes: [.verifyAge], demo: false)
            #expect(try await operations.mobile.revokeClientKey(cliKey))
            #expect(try await !operations.mobile.revokeClientKey(cliKey))
            let secret = try await operations.tenants.createKey(tenant: app.tenant, environment: .live)
            #expect(try await operations.tenants.revokeKey(secret))
            for action in ["client_key.create", "client_key.revoke", "key.create", "key.revoke"] {
                let row = try #require(try await Self.rows(app, action).last, "\(action)")
                #expect(row.actor == "cli" && row.environmentID != nil && row.tenantID != nil, "\(action)")
            }
            #expect(try await Self.rows(app, "client_key.revoke").count == 2)
        }
    }
}
