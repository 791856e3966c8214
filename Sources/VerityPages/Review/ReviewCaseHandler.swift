import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityKernel
import VerityStore

/// What a feature does for the cases it opens. The console keeps the queue,
/// the claims, the audit trail and the transaction a decision is written in;
/// everything that depends on what a case is about comes from its handler.
/// Each feature registers its handler at start-up (`VerityApp`), as it
/// registers its `JobHandler`s, and a new kind of case is a new handler in
/// its feature's folder: the console does not change.
package protocol ReviewCaseHandler: Sendable {
    /// The kinds of case this feature opens.
    var kinds: [ReviewCaseKind] { get }

    /// The reasons a reviewer picks from, as stable codes: the audit trail,
    /// the decided subject and its webhook carry the one picked.
    func reasons(_ kind: ReviewCaseKind, _ decision: ReviewDecision) -> [String]

    /// The feature's words for its cases, by language: for each kind its
    /// `kind_`, `counts_` and `case_title_`; `dreason_` for each reason of its
    /// own; `why_` for each code a case of it waits for; and its evidence's.
    /// Words every case uses (the images, the fields, the face) are the console's.
    var words: [String: [String: String]] { get }

    /// The case's evidence, unsealed for one page; nil when its subject is gone.
    func evidence(of reviewCase: ReviewCaseModel, in scope: RequestScope) async throws -> (any ReviewEvidence)?

    /// One of the case's images, unsealed, while its subject keeps it.
    func image(_ side: ReviewImageSide, of reviewCase: ReviewCaseModel, in scope: RequestScope) async throws -> Data?

    /// Reads what `decision` needs, outside any transaction, and says how it
    /// is written; nil when its subject is gone.
    func prepare(_ decision: ReviewCaseDecision, in scope: RequestScope) async throws -> PreparedReviewDecision?

    /// The decision form's fields besides the reason and the note (an
    /// accreditation's approval asks how its code goes out); they arrive in
    /// `ReviewCaseDecision.fields` by their `name`.
    func decisionFields(_ kind: ReviewCaseKind, _ decision: ReviewDecision, page: ReviewPage) -> HTML
}

extension ReviewCaseHandler {
    package func decisionFields(_ kind: ReviewCaseKind, _ decision: ReviewDecision, page: ReviewPage) -> HTML { .empty }
}

/// A case's evidence as its page shows it.
package protocol ReviewEvidence: Sendable {
    /// Whether the case page names the user: a mobile session has nobody's reference to show.
    var namesUser: Bool { get }
    /// Facts beside the case's own, as `<dt>`/`<dd>` pairs.
    func facts(_ page: ReviewPage) -> HTML
    /// The evidence's sections, in the order they are read.
    func sections(_ page: ReviewPage) -> [HTML]
}

/// The images a case can show, each fetched by the page on its own.
package enum ReviewImageSide: String, Sendable, CaseIterable {
    case front, back, face, selfie
    /// The face on a passport's chip (DG2), decoded by the engines.
    case chipFace = "chip-face"
}

/// A reviewer's decision as the console checked it: the case is theirs, the
/// reason one of the kind's, the note short enough.
package struct ReviewCaseDecision: Sendable {
    package let reviewCase: ReviewCaseModel
    package let kind: ReviewCaseKind
    package let decision: ReviewDecision
    package let reason: String
    /// The form's fields, for the handler's own (`decisionFields`).
    package let fields: [String: String]
    package let tenantID: UUID
    package let operatorID: UUID
    package let now: Int64

    package init(reviewCase: ReviewCaseModel, kind: ReviewCaseKind, decision: ReviewDecision, reason: String, fields: [String: String], tenantID: UUID, operatorID: UUID, now: Int64) {
        self.reviewCase = reviewCase
        self.kind = kind
        self.decision = decision
        self.reason = reason
        self.fields = fields
        self.tenantID = tenantID
        self.operatorID = operatorID
        self.now = now
    }
}

/// How a decision is written, once read.
package struct PreparedReviewDecision: Sendable {
    /// The audit event's action when not `case.approve` or `case.reject`.
    package var action: String? = nil
    /// Appended to the audit event's reason (after the reviewer's note).
    package var detail: String = ""
    /// Writes the decision's effect in the console's transaction, after the
    /// case's own conditional decision and its audit event; returns the
    /// webhook events to publish with it. Throwing undoes the whole decision
    /// (a `VerityError(.caseDecided)` when the subject moved on meanwhile).
    package let write: @Sendable (any Database) async throws -> [WebhookEventDraft]
    /// What happens once it is committed (a code sent to the user), and what
    /// the reviewer is shown once because of it; nil shows the queue.
    package var afterCommit: (@Sendable () async throws -> (any ReviewShownOnce)?)? = nil

    package init(action: String? = nil, detail: String = "", write: @escaping @Sendable (any Database) async throws -> [WebhookEventDraft], afterCommit: (@Sendable () async throws -> (any ReviewShownOnce)?)? = nil) {
        self.action = action
        self.detail = detail
        self.write = write
        self.afterCommit = afterCommit
    }
}

/// What a decision gives the reviewer to see once (an activation code): a page
/// of its own, answered to the decision's form, never stored or cached.
package protocol ReviewShownOnce: Sendable {
    var titleKey: String { get }
    func body(_ page: ReviewPage) -> HTML
}
