import Foundation
import VerityAPI
import VerityCore
import VerityStore
import VerityDocumentOCR

/// What `verity keys hmac` and `verity keys response-public-key` do.
extension TenantOperations {
    /// A new HMAC key for the environment's signed responses, replacing any
    /// earlier one; returned once (base64 of 32 bytes) for the tenant's backend.
    public func createHMACKey(tenant: String, environment kind: EnvironmentKind) async throws -> String {
        let environment = try await environment(tenant: tenant, kind: kind, create: false)
        let key = DataProtector.randomBytes(32)
        try await ResponseSigningKeyRepository(db: db).replace(environmentID: try environment.requireID(), key: key, protector: protector,
                                                                now: clock.nowMillis())
        try await audit("key.hmac", environmentID: environment.id)
        return key.base64EncodedString()
    }

    /// The environment's Ed25519 public key, for checking signatures offline.
    public func responsePublicKey(tenant: String, environment kind: EnvironmentKind) async throws -> ResponseSigningPublicKey {
        let environment = try await environment(tenant: tenant, kind: kind, create: false)
        return try ResponseSigner.publicKey(environmentID: try environment.requireID(), protector: protector, now: clock.nowMillis())
    }
}
