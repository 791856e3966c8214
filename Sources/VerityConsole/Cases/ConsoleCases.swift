import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityPages
import VerityStore
import VerityKernel
import VerityOperators

/// One case as its page shows it: what it is about, who holds or decided it,
/// and its evidence, which its kind's handler unseals for this page only. A
/// case of another tenant, or of a kind no feature handles, is as unknown as
/// one that never existed.
struct ConsoleCases: Sendable {
    let scope: RequestScope
    let protector: DataProtector
    let clock: VerityClock
    let handlers: ReviewCaseHandlers

    enum Claim: Sendable, Equatable {
        case none
        case mine(until: Int64)
        case other(email: String, until: Int64)
    }

    struct Decision: Sendable {
        let decision: ReviewDecision
        let reason: String
        let by: String
        let at: Int64
    }

    struct File: Sendable {
        let id: UUID
        let kind: ReviewCaseKind
        let handler: any ReviewCaseHandler
        let reasons: [String]
        let openedAt: Int64
        let userRef: String?
        let environment: String
        let claim: Claim
        let decision: Decision?
        /// Nil when the case's subject is gone.
        let evidence: (any ReviewEvidence)?
    }

    func file(caseID: UUID, session: OperatorAccounts.Session) async throws -> File? {
        let db = scope.db
        guard let found = try await ReviewCaseRepository(db: db).reviewCase(id: caseID, tenantID: session.tenantID) else { return nil }
        let kind = found.kind
        guard let handler = handlers.handler(for: kind) else { return nil }
        let now = clock.nowMillis()
        let emails = try await OperatorAccounts.emails(tenantID: session.tenantID, db: db, protector: protector)
        var claim = Claim.none
        if found.decidedAt == nil, let holder = found.claimedBy, let until = found.claimedUntil, until >= now {
            claim = holder == session.operatorID ? .mine(until: until) : .other(email: emails[holder] ?? "—", until: until)
        }
        let decision = found.decidedAt.flatMap { at in
            found.decision.map {
                Decision(decision: $0, reason: found.decisionReason ?? "", by: found.decidedBy.flatMap { emails[$0] } ?? "—", at: at)
            }
        }
        let refs = try await UserRepository(db: db, protector: protector).userRefs(ids: Set([found.userID].compactMap { $0 }))
        let environments = try await ReviewQueue.environmentKinds(tenantID: session.tenantID, db: db)
        return File(id: caseID, kind: kind, handler: handler, reasons: found.reasonCodes, openedAt: found.openedAt,
                    userRef: found.userID.flatMap { refs[$0] }, environment: environments[found.environmentID] ?? "",
                    claim: claim, decision: decision, evidence: try await handler.evidence(of: found, in: scope))
    }

    /// One of a case's images, unsealed, with its media type; nil when the
    /// case, its subject or that image is gone (decided cases keep none).
    func image(caseID: UUID, side: ReviewImageSide, session: OperatorAccounts.Session) async throws -> (bytes: Data, mediaType: String)? {
        guard let found = try await ReviewCaseRepository(db: scope.db).reviewCase(id: caseID, tenantID: session.tenantID),
              let handler = handlers.handler(for: found.kind),
              let bytes = try await handler.image(side, of: found, in: scope) else { return nil }
        // Submissions were PNG, JPEG or GIF (checked by their magic bytes then).
        let mediaType = bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) ? "image/png"
            : bytes.starts(with: Array("GIF8".utf8)) ? "image/gif" : "image/jpeg"
        return (bytes, mediaType)
    }
}
