import Fluent
import Foundation
import SQLKit

/// The reads of the sanctions folder: one per interval across every server.
public struct SanctionsFolderScanRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    public static let jobKind = "sanctions.folder"

    /// Queues this interval's read unless a server has: whether this call did.
    public func schedule(now: Int64, intervalMinutes: Int) async throws -> Bool {
        let slot = now / (Int64(intervalMinutes) * 60_000)
        // A read first: a minute whose read is queued costs no write.
        if try await SanctionsFolderScanModel.query(on: db).filter(\.$slot == slot).first() != nil { return false }
        return try await db.write { tx in
            let id = UUID()
            guard try await tx.sql().raw("""
                INSERT INTO sanctions_folder_scans (id, slot, created_at) VALUES (\(bind: id), \(bind: slot), \(bind: now))
                ON CONFLICT (slot) DO NOTHING RETURNING id
                """).first() != nil else { return false }
            try await JobQueue.enqueue(kind: Self.jobKind, subject: id, now: now, on: tx)
            return true
        }
    }

    public func scan(id: UUID) async throws -> SanctionsFolderScanModel? { try await SanctionsFolderScanModel.find(id, on: db) }

    public func finish(id: UUID, report: String, now: Int64) async throws {
        try await db.sql().raw("""
            UPDATE sanctions_folder_scans SET finished_at = \(bind: now), report = \(bind: report) WHERE id = \(bind: id)
            """).run()
    }

    /// The newest finished reads, newest first.
    public func recent(limit: Int) async throws -> [SanctionsFolderScanModel] {
        try await SanctionsFolderScanModel.query(on: db).filter(\.$finishedAt != nil).sort(\.$slot, .descending).limit(limit).all()
    }
}
