/// What happens in a user's document verification.
public enum DocumentVerificationEvent: Sendable, Equatable, CaseIterable {
    /// A capture link was made (`initiateIdentityDocumentCapture`); it replaces any earlier one.
    case captureLinkCreated
    /// The capture page was opened within the link's open window, and within the opening limit.
    case captureLinkOpened
    /// The capture page was opened once more than the opening limit allows, or
    /// used to submit once more than the submission limit allows.
    case captureLinkOpenedTooOften
    /// The link's open window passed before it was opened, or an opened link
    /// passed its lifetime without a submission.
    case captureWindowClosed
    /// The link passed its lifetime and was never opened.
    case captureLinkExpired
    /// Document images were submitted (through the API or the capture page).
    case documentSubmitted
    /// The check could not read the images.
    case checkUnreadable
    /// The check verified the user.
    case checkSucceeded
    /// The check did not verify the user.
    case checkFailed
}

/// The document verification status machine (the spec's eleven values). The
/// stored status moves only through `next`; `notRequired` and `notAttempted`
/// are where a user stands before any document event, told apart by whether
/// the policy asks for a document.
public struct DocumentVerificationStateMachine: Sendable {
    public init() {}

    public func next(from status: DocumentVerificationStatus, on event: DocumentVerificationEvent) throws(VerityError)
        -> DocumentVerificationStatus {
        switch (status, event) {
        case (.succeeded, _), (.failed, _):
            throw VerityError(.documentVerificationClosed, "Document verification has ended: it \(status.rawValue).")
        case (.pending, .checkUnreadable): return .documentUnreadable
        case (.pending, .checkSucceeded): return .succeeded
        case (.pending, .checkFailed): return .failed
        case (.pending, .documentSubmitted), (.pending, .captureLinkCreated):
            throw VerityError(.documentCheckPending, "A document check is already running: wait for its outcome.")
        case (.pending, _):
            throw VerityError(.captureLinkUnusable, "The capture link was used: a document check is running.")

        // Anyone without a running check may submit (the API or a live link) or ask for a new link.
        case (_, .documentSubmitted): return .pending
        case (_, .captureLinkCreated): return .captureInitiated

        case (.captureInitiated, .captureLinkOpened), (.captureLinkOpened, .captureLinkOpened): return .captureLinkOpened
        case (.captureInitiated, .captureLinkOpenedTooOften), (.captureLinkOpened, .captureLinkOpenedTooOften):
            return .captureRetryLimitExceeded
        case (.captureInitiated, .captureWindowClosed), (.captureLinkOpened, .captureWindowClosed): return .captureLinkTimeout
        case (.captureInitiated, .captureLinkExpired): return .captureLinkExpired
        // A link lives through an unreadable check made with it: the page is
        // opened again, or used for a retake, within the link's limits.
        case (.documentUnreadable, .captureLinkOpened): return .captureLinkOpened
        case (.documentUnreadable, .captureLinkOpenedTooOften): return .captureRetryLimitExceeded

        case (_, .captureLinkOpened), (_, .captureLinkOpenedTooOften), (_, .captureWindowClosed), (_, .captureLinkExpired):
            throw VerityError(.captureLinkUnusable, "There is no live capture link: ask for a new one.")
        case (_, .checkUnreadable), (_, .checkSucceeded), (_, .checkFailed):
            throw VerityError(.validationError, "No document check is running.")
        }
    }
}
