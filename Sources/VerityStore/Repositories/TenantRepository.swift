import Fluent
import SQLKit
import Foundation
import VerityCore

/// Tenants, their two environments and their secret keys.
public struct TenantRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    /// The tenant named `name`, created with default test and live environments
    /// if it does not exist yet.
    public func ensureTenant(named name: String, now: Int64) async throws -> TenantModel {
        if let existing = try await TenantModel.query(on: db).filter(\.$name == name).first() { return existing }
        return try await db.write { tx in
            let tenant = TenantModel(name: name, createdAt: now)
            try await tenant.create(on: tx)
            for kind in EnvironmentKind.allCases {
                try await EnvironmentModel(tenantID: try tenant.requireID(), kind: kind,
                                           configuration: EnvironmentConfiguration(), createdAt: now).create(on: tx)
            }
            return tenant
        }
    }

    public func tenant(named name: String) async throws -> TenantModel? {
        try await TenantModel.query(on: db).filter(\.$name == name).first()
    }

    public func environment(tenant name: String, kind: EnvironmentKind) async throws -> EnvironmentModel? {
        guard let tenant = try await TenantModel.query(on: db).filter(\.$name == name).first() else { return nil }
        return try await EnvironmentModel.query(on: db)
            .filter(\.$tenant.$id == tenant.requireID()).filter(\.$kind == kind).first()
    }

    /// A tenant's environments (test and live), for the console, which sees both.
    public func environments(tenantID: UUID) async throws -> [EnvironmentModel] {
        try await EnvironmentModel.query(on: db).filter(\.$tenant.$id == tenantID).all()
    }

    public func environment(tenantID: UUID, kind: EnvironmentKind) async throws -> EnvironmentModel? {
        try await EnvironmentModel.query(on: db).filter(\.$tenant.$id == tenantID).filter(\.$kind == kind).first()
    }

    /// Environment `environmentID`'s kind, and the name of its tenant as the platform's operator gave it.
    public func kindAndTenant(environmentID: UUID) async throws -> (kind: EnvironmentKind, tenant: String) {
        guard let environment = try await environment(id: environmentID), case let kind = environment.kind,
              let tenant = try await TenantModel.find(environment.$tenant.id, on: db) else {
            throw StoreError.corruptRecord(EnvironmentModel.schema)
        }
        return (kind, tenant.name)
    }

    public func environment(id: UUID) async throws -> EnvironmentModel? {
        try await EnvironmentModel.find(id, on: db)
    }

    /// The tenant environment `environmentID` belongs to; a missing environment is a corrupt record.
    public func tenantID(environmentID: UUID) async throws -> UUID {
        guard let environment = try await environment(id: environmentID) else { throw StoreError.corruptRecord(EnvironmentModel.schema) }
        return environment.$tenant.id
    }

    /// Replaces environment `environmentID`'s configuration inside `tx` if
    /// `isCurrent` still holds for the one stored, read again under a row lock
    /// (PostgreSQL; SQLite's write lock is the whole database): a save made
    /// since a form was read wins, and this one returns false.
    public static func replaceConfiguration(environmentID: UUID, with configuration: EnvironmentConfiguration, on tx: any Database,
                                            ifCurrent isCurrent: (EnvironmentConfiguration) throws -> Bool) async throws -> Bool {
        let sql = try tx.sql()
        if sql.dialect.name == "postgresql" {
            try await sql.raw("SELECT id FROM environments WHERE id = \(bind: environmentID) FOR UPDATE").run()
        }
        guard let current = try await EnvironmentModel.find(environmentID, on: tx), try isCurrent(current.configuration) else { return false }
        current.configuration = configuration
        try await current.update(on: tx)
        return true
    }

    /// Tenant `id`'s name as the platform's operator gave it.
    public func tenantName(id: UUID) async throws -> String? {
        try await TenantModel.find(id, on: db)?.name
    }

    /// Makes a secret key (`vk_test_…` / `vk_live_…`) and returns it: the only
    /// time it exists in plaintext.
    /// Inside the caller's transaction `tx`, with its audit row (`EnvironmentKeys`); bound to its row (`CredentialBinding`).
    public static func insertKey(for environment: EnvironmentModel, now: Int64, protector: DataProtector, on tx: any Database) async throws -> String {
        let secret = "vk_\(environment.kind)_" + Base62.random(length: 40)
        let key = APIKeyModel(environmentID: try environment.requireID(), keyHash: DataProtector.hashSecret(secret),
                              displayPrefix: displayPrefix(secret), createdAt: now)
        key.id = UUID()
        key.credentialBinding = key.credentialBinding(protector)
        try await key.create(on: tx)
        return secret
    }

    /// What is kept in view of a secret key (`vk_test_` and six characters), so people can tell keys apart.
    public static func displayPrefix(_ secret: String) -> String { String(secret.prefix(14)) }

    /// The environment a live secret key belongs to, or nil.
    public func authenticate(secretKey: String) async throws -> (key: APIKeyModel, environment: EnvironmentModel)? {
        guard secretKey.hasPrefix("vk_"), secretKey.count <= 64,
              let key = try await APIKeyModel.query(on: db)
                .filter(\.$keyHash == DataProtector.hashSecret(secretKey)).filter(\.$revokedAt == nil)
                .with(\.$environment).first()
        else { return nil }
        return (key, key.environment)
    }
}

/// Random text from [0-9A-Za-z], for secrets people copy and paste.
public enum Base62 {
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

    public static func random(length: Int) -> String {
        var result = ""
        // Rejection sampling keeps every character equally likely.
        while result.count < length {
            for byte in DataProtector.randomBytes(length) where byte < 248 && result.count < length {
                result.append(alphabet[Int(byte) % 62])
            }
        }
        return result
    }
}
