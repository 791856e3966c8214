import Crypto
import Fluent
import Foundation
import SQLKit

/// A row's security columns bound to the row with the derived index key: a
/// keyed hash over the row's id and those columns, kept beside them. Someone
/// who can write the database but holds no key cannot swap a password hash,
/// clear a second factor, raise a role or revive a disabled operator: the
/// binding no longer holds, and the row is refused (and logged) where it is
/// used. Operators (password hash, second factor, status, role) and keys
/// (hash, environment, kind, scopes, revocation) are bound. Rows from before the binding are bound once by housekeeping
/// (`bindLegacy`); from then on (`DerivedKeys.credentialsBoundAt`) a row
/// with no binding is refused too.
public enum CredentialBinding {
    /// What a row whose binding failed keeps after a change or a rotation: it
    /// matches nothing, so the row stays refused.
    public static let broken = "broken"

    /// The binding of `fields` (the id first) in `domain`.
    public static func of(_ fields: [String], domain: String, _ protector: DataProtector) -> String {
        protector.blindIndex(fields.joined(separator: "\u{1}"), domain: domain)
    }

    /// Whether `binding` is the one `fields` have; a missing one only until every row was bound.
    public static func holds(_ binding: String?, _ fields: [String], domain: String, _ protector: DataProtector) -> Bool {
        guard let binding else { return protector.acceptsUnboundCredentials }
        return DataProtector.constantTimeEqual(binding, of(fields, domain: domain, protector))
    }

    /// A sealed value as a binding sees it: its SHA-256, or "-" when there is none.
    public static func field(_ sealed: Data?) -> String { sealed.map { SHA256.hash(data: $0).hexString } ?? "-" }

    /// Binds every operator and key whose row has no binding yet, then records that all
    /// are (`DerivedKeys.credentialsBoundAt`). Cheap once recorded: one row is read.
    /// Returns how many rows were bound.
    @discardableResult
    public static func bindLegacy(db: any Database, protector: DataProtector, now: Int64) async throws -> Int {
        guard let recorded = try await DerivedKeyRecord.recorded(db: db, protector: protector), recorded.credentialsBoundAt == nil else { return 0 }
        // As the database says now: a rotation may have happened since this server started.
        let current = try protector.with(derived: recorded)
        var done = recorded
        done.credentialsBoundAt = now
        return try await db.write { [done] tx in
            var bound = 0
            func bind<M: CredentialBound>(_ rows: [M]) async throws {
                for row in rows {
                    row.credentialBinding = row.credentialBinding(current)
                    try await row.update(on: tx)
                    bound += 1
                }
            }
            try await bind(try await OperatorModel.query(on: tx).filter(\.$credentialBinding == nil).all())
            try await bind(try await APIKeyModel.query(on: tx).filter(\.$credentialBinding == nil).all())
            try await bind(try await ClientKeyModel.query(on: tx).filter(\.$credentialBinding == nil).all())
            guard try await DerivedKeyRecord.replace(recorded, with: done, in: tx, protector: current, now: now) else {
                throw StoreError.derivedKeysChanged
            }
            return bound
        }
    }
}

/// A row whose security columns are bound to it (`CredentialBinding`).
public protocol CredentialBound: Model {
    static var bindingDomain: String { get }
    var credentialBinding: String? { get set }
    /// What the binding covers, the row's id first.
    func credentialFields() throws -> [String]
}

extension CredentialBound {
    /// The binding this row should carry under `protector`'s keys.
    public func credentialBinding(_ protector: DataProtector) -> String {
        (try? CredentialBinding.of(credentialFields(), domain: Self.bindingDomain, protector)) ?? CredentialBinding.broken
    }

    /// Whether the row's security columns are as the server last wrote them.
    public func credentialsHold(_ protector: DataProtector) -> Bool {
        guard let fields = try? credentialFields() else { return false }
        return CredentialBinding.holds(credentialBinding, fields, domain: Self.bindingDomain, protector)
    }

    /// After a change by the server: bound again, unless the binding had
    /// already failed (`held` false), which no change launders.
    public func rebind(held: Bool, _ protector: DataProtector) {
        credentialBinding = held ? credentialBinding(protector) : CredentialBinding.broken
    }
}

extension OperatorModel: CredentialBound {
    public static let bindingDomain = "operator.credentials"

    /// Who they are and where (tenant, sign-in index), their password hash,
    /// second factor, status and role.
    public func credentialFields() throws -> [String] { try credentialFields(emailIndex: nil) }

    func credentialFields(emailIndex: String?) throws -> [String] {
        [try requireID().uuidString, $tenant.id.uuidString, emailIndex ?? self.emailIndex, passwordHash,
         CredentialBinding.field(totpSecretSealed), status.rawValue, role.rawValue]
    }

    /// The binding with `emailIndex` in place of the row's own: a rotation's new index.
    func credentialBinding(_ protector: DataProtector, emailIndex: String) -> String {
        (try? CredentialBinding.of(credentialFields(emailIndex: emailIndex), domain: Self.bindingDomain, protector)) ?? CredentialBinding.broken
    }
}

extension APIKeyModel: CredentialBound {
    public static let bindingDomain = "api-key.credentials"

    /// Which environment it opens, its hash, and whether it was revoked.
    public func credentialFields() throws -> [String] {
        [try requireID().uuidString, $environment.id.uuidString, keyHash, revokedAt.map(String.init) ?? "-"]
    }
}

extension ClientKeyModel: CredentialBound {
    public static let bindingDomain = "client-key.credentials"

    /// Which environment it opens, its hash, kind and scopes, and whether it was revoked.
    public func credentialFields() throws -> [String] {
        [try requireID().uuidString, $environment.id.uuidString, keyHash, kind.rawValue, scopes, revokedAt.map(String.init) ?? "-"]
    }
}
