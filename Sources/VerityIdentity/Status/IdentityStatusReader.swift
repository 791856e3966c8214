import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityStore
import VerityKernel

/// A user's `VerifiedIdentity` as every surface reports it: the stored record
/// with the document verification's status and latest check, under the
/// environment's policy. Time is applied to a live capture link first (a link
/// past its expiry moves the status to `captureLinkExpired` or
/// `captureLinkTimeout`, stored once), and `idScanUrl` carries the user's live
/// link where the environment offers it.
package struct IdentityStatusReader: Sendable {
    let db: any Database
    let links: CaptureLinkAddresses
    let now: Int64

    /// `record`: pass the one a write just returned, to skip reading it
    /// again; `state`: the user's document state, when the caller read it
    /// after its last write.
    package func identity(userID: UUID, configuration: EnvironmentConfiguration, consented: Bool,
                  record known: VerificationRecord? = nil, state read: UserDocumentState? = nil) async throws -> VerifiedIdentity {
        // A check settles its status and the level it reached in one transaction,
        // but these are two reads: read the status first, and read again whichever
        // side a settlement in between left behind, so a user is never reported
        // `succeeded` and unverified, or verified and still `pending`.
        let documents = DocumentCheckRepository(db: db)
        var state = if let read { read } else { try await documents.state(userID: userID) }
        var record = if let known { known } else { try await VerificationRepository(db: db).record(userID: userID) }
        if state.status == .succeeded, record.achievedMethod != .governmentID {
            record = try await VerificationRepository(db: db).record(userID: userID)
        } else if state.status == .pending, record.achievedMethod == .governmentID {
            state = try await documents.state(userID: userID)
        }
        var status = state.status
        let link = state.link
        if let link, let current = status, [.captureInitiated, .captureLinkOpened].contains(current),
           let lapse = configuration.documents.captureLinks.lapse(link.timing, now: now) {
            // Another request may have moved the user first: then its status stands.
            if let lapsed = try await CaptureLinkLapses(db: db).apply(lapse, linkID: link.id, environmentID: link.environmentID,
                                                                      userID: userID, now: now) {
                status = lapsed
            } else {
                state = try await documents.state(userID: userID)
                status = state.status
            }
        }
        record.documentStatus = status
        var identity = VerifiedIdentity(status: configuration.policy.status(of: record), owner: userID, consented: consented)
        identity.documentCheck = state.latestCheck.map(DocumentCheckSummary.init)
        if configuration.documents.idScanUrlEnabled, let link, let status,
           [.captureInitiated, .captureLinkOpened, .documentUnreadable].contains(status),
           configuration.documents.captureLinks.lapse(link.timing, now: now) == nil {
            identity.idScanUrl = links.url(for: link.id)
        }
        return identity
    }

    package init(db: any Database, links: CaptureLinkAddresses, now: Int64) {
        self.db = db
        self.links = links
        self.now = now
    }
}

extension DocumentCheckSummary {
    init(_ check: UserDocumentState.Check) {
        self.init(checkId: check.id.uuidString, status: check.status, flow: check.flow,
                  documentType: check.documentType, country: check.country,
                  reasons: check.reasons.map { $0.split(separator: ",").map(String.init) } ?? [],
                  submittedAtEpochMs: check.createdAt, completedAtEpochMs: check.finishedAt ?? 0)
    }

    init(_ check: DocumentCheckModel) {
        self.init(checkId: check.id?.uuidString ?? "", status: check.status.rawValue, flow: check.flow.rawValue,
                  documentType: check.documentType, country: check.country,
                  reasons: check.reasons.map { $0.split(separator: ",").map(String.init) } ?? [],
                  submittedAtEpochMs: check.createdAt, completedAtEpochMs: check.finishedAt ?? 0)
    }
}
