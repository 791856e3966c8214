import Fluent
import Foundation

/// Devices being verified by SMS and their codes: one device row per user and
/// install, one open code per device at a time.
public struct CertificationDeviceRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    public func device(userID: UUID, deviceHash: String) async throws -> CertificationDeviceModel? {
        try await CertificationDeviceModel.query(on: db).filter(\.$user.$id == userID).filter(\.$deviceHash == deviceHash).first()
    }

    /// The user's most recently verified device (where an SMS reaches them).
    public func latestVerifiedDevice(userID: UUID) async throws -> CertificationDeviceModel? {
        try await CertificationDeviceModel.query(on: db).filter(\.$user.$id == userID)
            .filter(\.$verifiedAt != nil).sort(\.$verifiedAt, .descending).first()
    }

    /// When the user's codes since `since` were sent (the request rate limit).
    public func codeTimes(userID: UUID, since: Int64) async throws -> [Int64] {
        try await DeviceCodeModel.query(on: db).filter(\.$user.$id == userID).filter(\.$issuedAt > since).all().map(\.issuedAt)
    }

    /// Records a new code for the user's device (made on first use, its phone
    /// updated otherwise) and closes the device's earlier codes, in one transaction.
    /// `codeHash` is given the device's id: codes are hashed per device;
    /// `sealPhone` too: the phone is sealed to the device's row.
    public func issueCode(userID: UUID, deviceHash: String, sealPhone: @escaping @Sendable (UUID) throws -> Data, now: Int64,
                          codeHash: @escaping @Sendable (UUID) -> String) async throws {
        try await db.write { tx in
            let device: CertificationDeviceModel
            if let existing = try await CertificationDeviceModel.query(on: tx).filter(\.$user.$id == userID)
                .filter(\.$deviceHash == deviceHash).first() {
                existing.phoneSealed = try sealPhone(try existing.requireID())
                try await existing.update(on: tx)
                device = existing
            } else {
                let id = UUID()
                device = CertificationDeviceModel(userID: userID, deviceHash: deviceHash, phoneSealed: try sealPhone(id), createdAt: now)
                device.id = id
                try await device.create(on: tx)
            }
            let deviceID = try device.requireID()
            try await DeviceCodeModel.query(on: tx).filter(\.$device.$id == deviceID).filter(\.$closedAt == nil)
                .set(\.$closedAt, to: now).update()
            try await DeviceCodeModel(deviceID: deviceID, userID: userID, codeHash: codeHash(deviceID), issuedAt: now).create(on: tx)
        }
    }

    /// The device's newest open code.
    public func openCode(deviceID: UUID) async throws -> DeviceCodeModel? {
        try await DeviceCodeModel.query(on: db).filter(\.$device.$id == deviceID).filter(\.$closedAt == nil)
            .sort(\.$issuedAt, .descending).first()
    }

    /// The right code: closes it, marks the device verified and clears the
    /// user's run of wrong codes, together.
    public func markVerified(codeID: UUID, deviceID: UUID, userID: UUID, now: Int64) async throws {
        try await db.write { tx in
            try await DeviceCodeModel.query(on: tx).filter(\.$id == codeID).set(\.$closedAt, to: now).update()
            try await CertificationDeviceModel.query(on: tx).filter(\.$id == deviceID).set(\.$verifiedAt, to: now).update()
            try await CertificationLockModel.query(on: tx).filter(\.$user.$id == userID).set(\.$wrongCodes, to: 0).update()
        }
    }
}
