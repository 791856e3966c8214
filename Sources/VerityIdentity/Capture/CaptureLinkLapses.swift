import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityStore
import VerityKernel
import VerityWebhooks

/// What time does to a capture link: past its expiry, a user still at
/// `captureInitiated` moves to `captureLinkExpired` (never opened) and one at
/// `captureLinkOpened` to `captureLinkTimeout` (opened, not finished). The
/// move is stored once, by whoever comes first (a status read, or the
/// housekeeping sweep each minute), with its `capture_link.expired` event in
/// the same transaction: a backend hears of it without asking.
package struct CaptureLinkLapses: Sendable {
    let db: any Database

    /// Applies `lapse` to the user of `link`; the status it leaves, or nil when
    /// another request moved the user first.
    func apply(_ lapse: DocumentVerificationEvent, linkID: UUID, environmentID: UUID, userID: UUID, now: Int64) async throws
        -> DocumentVerificationStatus? {
        let event = WebhookEvents.draft(CaptureLinkExpired(linkId: linkID.uuidString, reason: lapse == .captureLinkExpired ? .expired : .timeout),
                                        environmentID: environmentID, userID: userID)
        do {
            return try await DocumentCheckRepository(db: db).transition(userID: userID, environmentID: environmentID, now: now, next: { stored in
                try DocumentVerificationStateMachine().next(from: stored ?? .captureInitiated, on: lapse)
            }, events: [event]).status
        } catch let error as VerityError where error.code == .documentCheckPending || error.code == .captureLinkUnusable {
            return nil
        }
    }

    /// Housekeeping: every live link past its environment's lifetime whose
    /// user is still waiting on it; returns how many moved.
    package func sweep(now: Int64) async throws -> Int {
        var moved = 0
        var configurations: [UUID: EnvironmentConfiguration] = [:]
        for link in try await CaptureLinkRepository(db: db).waiting(olderThan: now - Int64(CaptureLinkPolicy.lifetimeRange.lowerBound) * 1000) {
            let environmentID = link.environmentID
            if configurations[environmentID] == nil {
                configurations[environmentID] = try await TenantRepository(db: db).environment(id: environmentID)?.configuration
            }
            guard let policy = configurations[environmentID]?.documents.captureLinks,
                  let lapse = policy.lapse(link.timing, now: now) else { continue }
            if try await apply(lapse, linkID: try link.requireID(), environmentID: environmentID, userID: link.$user.id, now: now) != nil { moved += 1 }
        }
        return moved
    }

    package init(db: any Database) {
        self.db = db
    }
}
