import Fluent
import Foundation
import SQLKit
import VerityCore

/// What sign-in remembers besides the account: the browsers each operator
/// signed in from (`operator_devices`, by their cookie token's hash) and the
/// failed sign-ins of each account from each client (`operator_sign_in_failures`,
/// under a keyed index of the account and the client's address or device,
/// so no address is stored). Failures are counted per client, never per
/// account: one client's wrong passwords make that client wait, no one else.
public struct OperatorSignInRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    /// A count older than this starts again from one.
    public static let failuresForgottenAfterMilliseconds: Int64 = 24 * 3_600_000

    // MARK: Failures

    /// Until when the client `clientIndex` names waits before it may try again; nil when it need not.
    public func waitsUntil(clientIndex: String, now: Int64) async throws -> Int64? {
        try await db.sql().raw("""
            SELECT waits_until FROM operator_sign_in_failures WHERE client_index = \(bind: clientIndex)
            """).first()?.decode(column: "waits_until", as: Int64?.self).flatMap { $0 > now ? $0 : nil }
    }

    /// Counts a failure of `operatorID` from `clientIndex`; from the
    /// `OperatorCredentialRules.failuresBeforeLock`th in a row that client waits
    /// (`delayMilliseconds`). Returns until when, if it now waits.
    public func recordFailure(clientIndex: String, operatorID: UUID, now: Int64) async throws -> Int64? {
        try await db.write { tx in
            let sql = try tx.sql()
            let stale = now - Self.failuresForgottenAfterMilliseconds
            let failures = try await sql.raw("""
                INSERT INTO operator_sign_in_failures (id, operator_id, client_index, failures, updated_at)
                VALUES (\(bind: UUID()), \(bind: operatorID), \(bind: clientIndex), 1, \(bind: now))
                ON CONFLICT (client_index) DO UPDATE SET
                  failures = CASE WHEN operator_sign_in_failures.updated_at < \(bind: stale) THEN 1
                                  ELSE operator_sign_in_failures.failures + 1 END,
                  updated_at = \(bind: now)
                RETURNING failures
                """).first()?.decode(column: "failures", as: Int.self) ?? 1
            guard failures >= OperatorCredentialRules.failuresBeforeLock else { return nil }
            // The count is kept: each further failure doubles the wait.
            let until = now + OperatorCredentialRules.delayMilliseconds(afterFailures: failures)
            try await sql.raw("""
                UPDATE operator_sign_in_failures SET waits_until = \(bind: until) WHERE client_index = \(bind: clientIndex)
                """).run()
            return until
        }
    }

    /// A success from this client forgets its failures.
    public func clearFailures(clientIndex: String) async throws {
        try await db.write { tx in
            try await tx.sql().raw("DELETE FROM operator_sign_in_failures WHERE client_index = \(bind: clientIndex)").run()
        }
    }

    /// A new password forgets every client's failures on the account.
    public static func clearFailures(operatorID: UUID, on tx: any Database) async throws {
        try await tx.sql().raw("DELETE FROM operator_sign_in_failures WHERE operator_id = \(bind: operatorID)").run()
    }

    // MARK: Devices

    public func addDevice(operatorID: UUID, tokenHash: String, label: String, now: Int64, expiresAt: Int64) async throws -> OperatorDeviceModel {
        let device = OperatorDeviceModel()
        device.$operator.id = operatorID
        device.tokenHash = tokenHash
        device.label = label
        device.createdAt = now
        device.lastUsedAt = now
        device.expiresAt = expiresAt
        try await db.write { try await device.create(on: $0) }
        return device
    }

    /// The live device `tokenHash` names, whoever's it is.
    public func device(tokenHash: String, now: Int64) async throws -> OperatorDeviceModel? {
        try await OperatorDeviceModel.query(on: db).filter(\.$tokenHash == tokenHash).filter(\.$expiresAt > now).first()
    }

    /// An operator's live devices, the most recently used first.
    public func devices(operatorID: UUID, now: Int64) async throws -> [OperatorDeviceModel] {
        try await OperatorDeviceModel.query(on: db).filter(\.$operator.$id == operatorID).filter(\.$expiresAt > now)
            .sort(\.$lastUsedAt, .descending).all()
    }

    /// Notes a sign-in from the device.
    public func useDevice(id: UUID, now: Int64) async throws {
        try await db.write { tx in
            try await OperatorDeviceModel.query(on: tx).filter(\.$id == id).set(\.$lastUsedAt, to: now).update()
        }
    }

    /// Revokes one of the operator's devices; false when it is not theirs or unknown.
    public func revokeDevice(id: UUID, operatorID: UUID) async throws -> Bool {
        try await db.write { tx in
            try await tx.sql().raw("""
                DELETE FROM operator_devices WHERE id = \(bind: id) AND operator_id = \(bind: operatorID) RETURNING id
                """).first() != nil
        }
    }

    /// Revokes every device of the operator; returns how many.
    @discardableResult
    public static func revokeDevices(operatorID: UUID, on tx: any Database) async throws -> Int {
        try await tx.sql().raw("DELETE FROM operator_devices WHERE operator_id = \(bind: operatorID) RETURNING id").all().count
    }

    /// Housekeeping: devices past their end and failure counts no longer
    /// counted; returns how many rows went.
    @discardableResult
    public func purge(now: Int64) async throws -> Int {
        try await db.write { tx in
            let sql = try tx.sql()
            let devices = try await sql.raw("DELETE FROM operator_devices WHERE expires_at <= \(bind: now) RETURNING id").all().count
            let failures = try await sql.raw("""
                DELETE FROM operator_sign_in_failures
                WHERE updated_at < \(bind: now - Self.failuresForgottenAfterMilliseconds)
                  AND (waits_until IS NULL OR waits_until <= \(bind: now)) RETURNING id
                """).all().count
            return devices + failures
        }
    }
}
