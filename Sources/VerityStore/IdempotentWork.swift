import Fluent
import Foundation
import SQLKit

/// An `Idempotency-Key` claim a request holds (`IdempotencyRepository.claim`);
/// while its work runs, the current one, so that every write the work makes
/// also marks the claim's work as committed, in the same transaction
/// (`Database.write`): the mark and the work are one.
///
/// `claimedAt` tells this claim from a later one of the same key: a claim
/// whose server stopped saying it is alive is taken over by the next request, and what
/// the first request does after that (answer, release, mark) must not touch it.
public struct IdempotentWork: Sendable, Hashable {
    public let scopeID: UUID
    public let keyHash: String
    public let claimedAt: Int64
    /// The claim's row: its answer is sealed to it.
    public let rowID: UUID

    public init(scopeID: UUID, keyHash: String, claimedAt: Int64, rowID: UUID) {
        self.rowID = rowID
        self.scopeID = scopeID
        self.keyHash = keyHash
        self.claimedAt = claimedAt
    }

    /// The claim's row, as long as no later request took it over.
    var held: SQLQueryString {
        "scope_id = \(bind: scopeID) AND key_hash = \(bind: keyHash) AND created_at = \(bind: claimedAt)"
    }

    @TaskLocal public static var current: IdempotentWork?

    /// Marks the work committed, inside the write's transaction.
    func mark(on db: any Database) async throws {
        try await db.sql().raw("""
            UPDATE idempotency_keys SET work_committed = 1 WHERE \(held) AND work_committed IS NULL
            """).run()
    }
}
