import Fluent
import Foundation
import VerityCore

/// Publishable client keys: made (printed once) and authenticated; revoked
/// with their audit row by `EnvironmentKeys` (`KeyDirectory.revoke`).
public struct ClientKeyRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    /// A key the mobile API admitted: its environment and scopes.
    public struct Admitted: Sendable {
        public let keyID: UUID
        /// False when its columns were changed behind the server's back (`CredentialBinding`): refuse it.
        public let intact: Bool
        public let kind: ClientKeyKind
        public let scopes: [MobileProduct]
        public let environment: EnvironmentModel
    }

    /// Makes a key for `environment`: `vhk_<environment kind>_…`, or `pk_demo_…` when `demo`.
    /// Demo keys (fixed answers, never charged) exist in test environments
    /// only: in live their passes would be taken for real ones.
    /// Inside the caller's transaction `tx`, with its audit row (`EnvironmentKeys`); bound to its row (`CredentialBinding`).
    public static func insert(for environment: EnvironmentModel, scopes: [MobileProduct], demo: Bool, now: Int64,
                              protector: DataProtector, on tx: any Database) async throws -> String {
        guard !demo || environment.kind == .test else {
            throw VerityError(.validationError, "demo keys (pk_demo_) exist in test environments only", field: "demo")
        }
        let kind: ClientKeyKind = demo ? .demo : (environment.kind == .live ? .live : .test)
        let secret = kind.prefix + Base62.random(length: ClientKeyKind.secretLength)
        let key = ClientKeyModel()
        key.$environment.id = try environment.requireID()
        key.keyHash = DataProtector.hashSecret(secret)
        key.displayPrefix = Self.displayPrefix(secret)
        key.kind = kind
        key.scopes = scopes.map(\.rawValue).joined(separator: ",")
        key.createdAt = now
        key.id = UUID()
        key.credentialBinding = key.credentialBinding(protector)
        try await key.create(on: tx)
        return secret
    }

    /// What is kept in view of a client key: its kind's prefix and six characters.
    public static func displayPrefix(_ secret: String) -> String {
        String(secret.prefix((ClientKeyKind.of(secret)?.prefix.count ?? 0) + 6))
    }

    /// The live key `secret` names, or nil (unknown, malformed or revoked).
    public func authenticate(_ secret: String, protector: DataProtector) async throws -> Admitted? {
        guard let kind = ClientKeyKind.of(secret),
              let key = try await ClientKeyModel.query(on: db)
                .filter(\.$keyHash == DataProtector.hashSecret(secret)).filter(\.$revokedAt == nil)
                .with(\.$environment).first(),
              key.kind == kind,
              // A demo key made in live before they were refused there admits nothing.
              kind != .demo || key.environment.kind == .test
        else { return nil }
        return Admitted(keyID: try key.requireID(), intact: key.credentialsHold(protector), kind: kind,
                        scopes: key.scopes.split(separator: ",").compactMap { MobileProduct(rawValue: String($0)) },
                        environment: key.environment)
    }
}
