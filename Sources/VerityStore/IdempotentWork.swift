import Fluent
import Foundation
import SQLKit

/// The `Idempotency-Key` claim of the request whose work is running, so that
/// every write the work makes also marks the claim's work as committed, in
/// the same transaction (`Database.write`): the mark and the work are one.
public struct IdempotentWork: Sendable {
    public let scopeID: UUID
    public let keyHash: String

    public init(scopeID: UUID, keyHash: String) {
        self.scopeID = scopeID
        self.keyHash = keyHash
    }

    @TaskLocal public static var current: IdempotentWork?

    /// Marks the work committed, inside the write's transaction.
    func mark(on db: any Database) async throws {
        try await DocumentCheckRepository.sql(db).raw("""
            UPDATE idempotency_keys SET work_committed = 1
            WHERE scope_id = \(bind: scopeID) AND key_hash = \(bind: keyHash) AND work_committed IS NULL
            """).run()
    }
}
