import Fluent
import SQLKit

/// How many level-4 tokens are free and which wait to be wiped: what
/// `verity doctor` reports and `verity hsm wipe` destroys. It reads no PIN,
/// so it needs no data key.
public struct HSMTokenInventory: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    /// How many tokens are free.
    public func freeCount() async throws -> Int {
        try await HSMTokenModel.query(on: db).filter(\.$state == .free).count()
    }

    /// A token claimed this long ago whose certificate row never came (its
    /// server stopped between the claim and the queueing) is no one's.
    public static let abandonedAfterMilliseconds: Int64 = 3_600_000

    /// Tokens no one needs: marked to be wiped, or still assigned to a
    /// certificate that is revoked, failed or was never recorded. A token
    /// whose certificate is pending or issued is never among them, so a
    /// mark lost between a revocation and its marking costs nothing.
    public func waitingToBeWiped(now: Int64) async throws -> [String] {
        try await db.sql().raw("""
            SELECT t.label FROM hsm_tokens t LEFT JOIN cert_certificates c ON c.id = t.certificate_id
            WHERE t.state = \(bind: HSMTokenModel.State.toWipe.rawValue)
               OR (t.state = \(bind: HSMTokenModel.State.assigned.rawValue)
                   AND (c.status IN (\(bind: UserCertificateModel.Status.revoked.rawValue), \(bind: UserCertificateModel.Status.failed.rawValue))
                        OR (c.id IS NULL AND t.changed_at < \(bind: now - Self.abandonedAfterMilliseconds))))
            ORDER BY t.label
            """).all(decoding: LabelRow.self).map(\.label)
    }

    private struct LabelRow: Decodable { let label: String }
}
