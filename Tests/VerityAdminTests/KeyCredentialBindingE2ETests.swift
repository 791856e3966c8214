import Foundation
import SQLKit
import Testing
import VerityAPI
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport

/// Issue 67: a key's hash, environment, kind, scopes and revocation are bound
/// to its row (`CredentialBinding`): someone who can write the database but
/// holds no key cannot move a key they know into another tenant's
/// environment, widen a client key's scopes or bring a revoked key back.
@Suite("Keys: rows a database writer cannot change")
struct KeyCredentialBindingE2ETests {
    @Test func aKeyMovedWidenedOrRevivedInTheDatabaseIsRefused() async throws {
        try await withVerityApp { app async throws in
            let url = try await app.startServer()
            let sql = try #require(app.app.db as? any SQLDatabase)
            func admin(_ key: String) async throws -> Int {
                try await MobileAPI.call(url, "/admin/v1/credits", headers: ["Authorization": "Bearer \(key)"]).status
            }
            func mobile(_ key: String) async throws -> Int {
                try await MobileAPI.call(url, "/api/mobile/v1/verifyage/rules", headers: ["X-Client-Key": key]).status
            }
            let operations = try app.operations
            #expect(try await admin(app.secretKey) == 200)

            // A secret key of another tenant, moved into this tenant's environment.
            let strangers = try await operations.tenants.createKey(tenant: "other", environment: .test)
            #expect(try await admin(strangers) == 200)
            try await sql.raw("""
                UPDATE api_keys SET environment_id = (SELECT environment_id FROM api_keys WHERE key_hash = \(bind: DataProtector.hashSecret(app.secretKey)))
                WHERE key_hash = \(bind: DataProtector.hashSecret(strangers))
                """).run()
            #expect(try await admin(strangers) == 401, "a moved key opened another tenant's environment")
            #expect(try await admin(app.secretKey) == 200)

            // A client key for VerifyHuman only, widened to every product.
            let narrow = try await operations.mobile.createClientKey(tenant: app.tenant, environment: .test, scopes: [.verifyHuman], demo: false)
            #expect(try await mobile(narrow) == 403)
            try await sql.raw("UPDATE client_keys SET scopes = 'verifyage,verifycompliance,verifyhuman,verifyidentity' WHERE key_hash = \(bind: DataProtector.hashSecret(narrow))").run()
            #expect(try await mobile(narrow) == 401, "a widened key was admitted")

            // A revoked key brought back.
            let wide = try await operations.mobile.createClientKey(tenant: app.tenant, environment: .test, scopes: MobileProduct.allCases, demo: false)
            #expect(try await mobile(wide) == 200)
            #expect(try await operations.mobile.revokeClientKey(wide))
            #expect(try await mobile(wide) == 401)
            try await sql.raw("UPDATE client_keys SET revoked_at = NULL WHERE key_hash = \(bind: DataProtector.hashSecret(wide))").run()
            #expect(try await mobile(wide) == 401, "a revoked key came back")
            let secret = try await operations.tenants.createKey(tenant: app.tenant, environment: .test)
            #expect(try await operations.tenants.revokeKey(secret))
            try await sql.raw("UPDATE api_keys SET revoked_at = NULL WHERE key_hash = \(bind: DataProtector.hashSecret(secret))").run()
            #expect(try await admin(secret) == 401, "a revoked secret key came back")
        }
    }
}
