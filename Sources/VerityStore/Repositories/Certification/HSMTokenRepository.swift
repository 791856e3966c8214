import Fluent
import Foundation
import SQLKit

/// Level-4 tokens provisioned ahead (`HSMTokenModel`): the serving process
/// claims a free one and hands it to a user; only the CLI, which holds the
/// SO PIN, makes and wipes them (issue 47, finding 15).
public struct HSMTokenRepository: Sendable {
    let db: any Database
    let protector: DataProtector

    public init(db: any Database, protector: DataProtector) {
        self.db = db
        self.protector = protector
    }

    /// Records a token `verity hsm provision` made, its PIN sealed to its row.
    public func recordProvisioned(label: String, pin: String, now: Int64) async throws {
        let token = HSMTokenModel()
        let id = UUID()
        token.id = id
        token.label = label
        token.pinSealed = try protector.seal(text: pin, at: .of(.hsmProvisioningPIN, id))
        token.state = .free
        token.createdAt = now
        token.changedAt = now
        try await db.write { try await token.create(on: $0) }
    }

    /// A free token, taken for certificate `certificateID` (no other request
    /// gets it), with its provisioning PIN; nil when none is free.
    public func claim(for certificateID: UUID, now: Int64) async throws -> (label: String, pin: String)? {
        for candidate in try await HSMTokenModel.query(on: db).filter(\.$state == .free).sort(\.$createdAt).limit(5).all() {
            let id = try candidate.requireID()
            guard let sealed = candidate.pinSealed else { continue }
            let pin = try protector.openText(sealed, at: .of(.hsmProvisioningPIN, id))
            // Taken only if still free: two requests never get one token.
            let taken = try await db.write { tx in
                try await tx.sql().raw("""
                    UPDATE hsm_tokens SET state = \(bind: HSMTokenModel.State.assigned.rawValue), certificate_id = \(bind: certificateID),
                      pin_sealed = NULL, changed_at = \(bind: now)
                    WHERE id = \(bind: id) AND state = \(bind: HSMTokenModel.State.free.rawValue) RETURNING id
                    """).first() != nil
            }
            if taken { return (candidate.label, pin) }
        }
        return nil
    }

    /// The token `label` is no one's any more: `verity hsm wipe` destroys it.
    public func markToWipe(label: String, now: Int64) async throws {
        try await db.write { tx in
            try await HSMTokenModel.query(on: tx).filter(\.$label == label)
                .set(\.$state, to: .toWipe).set(\.$pinSealed, to: nil).set(\.$changedAt, to: now).update()
        }
    }

    /// Forgets a token the CLI wiped.
    public func forget(label: String) async throws {
        try await db.write { tx in try await HSMTokenModel.query(on: tx).filter(\.$label == label).delete() }
    }
}
