import Fluent
import Foundation
import VerityCore
import VerityPages
import VerityStore
import VerityKernel
import VerityOperators

/// The queue as the console shows it: open cases oldest first, with the
/// user named by the tenant's own reference and the environment by kind,
/// and the counts of what waits.
struct ReviewQueue: Sendable {
    let db: any Database
    let protector: DataProtector
    let clock: VerityClock
    /// Only cases of a kind some feature handles are shown (and counted).
    let handlers: ReviewCaseHandlers

    static let pageSize = 50

    struct Row: Sendable {
        let id: UUID
        let kind: ReviewCaseKind
        let reasons: [String]
        let openedAt: Int64
        let userRef: String?
        let environment: String
        /// Until when the signed-in reviewer holds it; nil when nobody does.
        let claimedUntil: Int64?
    }

    struct Page: Sendable {
        let rows: [Row]
        let counts: ReviewCaseRepository.Counts
        /// The kinds the counts are shown for, in the features' order.
        let kinds: [ReviewCaseKind]
        /// The cursor of the next page, when there is one.
        let next: String?
    }

    /// A bad cursor (hand-edited) is a problem of the `after` field.
    struct Problem: Error { package let field: String }

    func page(session: OperatorAccounts.Session, after: String?) async throws -> Page {
        let cursor = try after.flatMap { text -> ReviewCaseRepository.Cursor? in
            guard !text.isEmpty else { return nil }
            let parts = text.split(separator: "_", maxSplits: 1)
            guard text.count <= 80, parts.count == 2, let at = Int64(parts[0]), let id = UUID(uuidString: String(parts[1])) else {
                throw Problem(field: "after")
            }
            return ReviewCaseRepository.Cursor(openedAt: at, id: id)
        }
        let now = clock.nowMillis()
        let cases = ReviewCaseRepository(db: db)
        let found = try await cases.queue(tenantID: session.tenantID, operatorID: session.operatorID, now: now, after: cursor,
                                          limit: Self.pageSize)
        let counts = try await cases.counts(tenantID: session.tenantID, operatorID: session.operatorID, now: now)
        let refs = try await UserRepository(db: db, protector: protector).userRefs(ids: Set(found.compactMap(\.userID)))
        let environments = try await Self.environmentKinds(tenantID: session.tenantID, db: db)
        let rows = found.compactMap { model -> Row? in
            let kind = model.kind
            guard let id = model.id, handlers.handler(for: kind) != nil else { return nil }
            let mine = model.claimedBy == session.operatorID && (model.claimedUntil ?? 0) >= now
            return Row(id: id, kind: kind, reasons: model.reasonCodes, openedAt: model.openedAt, userRef: model.userID.flatMap { refs[$0] },
                       environment: environments[model.environmentID] ?? "", claimedUntil: mine ? model.claimedUntil : nil)
        }
        let next = found.count == Self.pageSize ? found.last.flatMap { last in last.id.map { "\(last.openedAt)_\($0.uuidString)" } } : nil
        return Page(rows: rows, counts: counts, kinds: handlers.kinds, next: next)
    }

    /// `test` or `live` for each of the tenant's environments.
    static func environmentKinds(tenantID: UUID, db: any Database) async throws -> [UUID: String] {
        var kinds: [UUID: String] = [:]
        for environment in try await TenantRepository(db: db).environments(tenantID: tenantID) {
            if let id = environment.id { kinds[id] = environment.kind.rawValue }
        }
        return kinds
    }
}
