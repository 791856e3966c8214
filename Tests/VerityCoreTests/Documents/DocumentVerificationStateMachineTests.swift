import Testing
@testable import VerityCore

/// Every transition of the document verification status, and every refusal.
@Suite("Document verification status: each transition and each refusal")
struct DocumentVerificationStateMachineTests {
    let machine = DocumentVerificationStateMachine()

    static let open: [DocumentVerificationStatus] = [
        .notRequired, .notAttempted, .captureInitiated, .captureLinkOpened, .captureRetryLimitExceeded,
        .captureLinkTimeout, .captureLinkExpired, .documentUnreadable,
    ]

    @Test(arguments: open)
    func aSubmissionStartsACheckFromAnyOpenStatus(status: DocumentVerificationStatus) throws {
        #expect(try machine.next(from: status, on: .documentSubmitted) == .pending)
    }

    @Test(arguments: open)
    func aNewCaptureLinkReplacesWhateverCameBefore(status: DocumentVerificationStatus) throws {
        #expect(try machine.next(from: status, on: .captureLinkCreated) == .captureInitiated)
    }

    @Test func aCheckEndsInOneOfThreeOutcomes() throws {
        #expect(try machine.next(from: .pending, on: .checkSucceeded) == .succeeded)
        #expect(try machine.next(from: .pending, on: .checkFailed) == .failed)
        #expect(try machine.next(from: .pending, on: .checkUnreadable) == .documentUnreadable)
    }

    @Test func aLiveLinkIsOpenedReopenedTimedOutExpiredOrOverused() throws {
        #expect(try machine.next(from: .captureInitiated, on: .captureLinkOpened) == .captureLinkOpened)
        #expect(try machine.next(from: .captureLinkOpened, on: .captureLinkOpened) == .captureLinkOpened)
        #expect(try machine.next(from: .captureInitiated, on: .captureLinkOpenedTooOften) == .captureRetryLimitExceeded)
        #expect(try machine.next(from: .captureLinkOpened, on: .captureLinkOpenedTooOften) == .captureRetryLimitExceeded)
        #expect(try machine.next(from: .captureInitiated, on: .captureWindowClosed) == .captureLinkTimeout)
        #expect(try machine.next(from: .captureLinkOpened, on: .captureWindowClosed) == .captureLinkTimeout)
        #expect(try machine.next(from: .captureInitiated, on: .captureLinkExpired) == .captureLinkExpired)
    }

    @Test func aLinkOutlivesAnUnreadableCheckForARetakeWithinItsLimits() throws {
        #expect(try machine.next(from: .documentUnreadable, on: .captureLinkOpened) == .captureLinkOpened)
        #expect(try machine.next(from: .documentUnreadable, on: .captureLinkOpenedTooOften) == .captureRetryLimitExceeded)
        // Time passing after an unreadable result leaves it as it is: there is nothing new to report.
        for event in [DocumentVerificationEvent.captureWindowClosed, .captureLinkExpired] {
            #expect(throws: VerityError(.captureLinkUnusable, "")) { try machine.next(from: .documentUnreadable, on: event) }
        }
    }

    @Test(arguments: [DocumentVerificationStatus.succeeded, .failed])
    func finalStatusesRefuseEverything(status: DocumentVerificationStatus) {
        for event in DocumentVerificationEvent.allCases {
            #expect(throws: VerityError(.documentVerificationClosed, "")) { try machine.next(from: status, on: event) }
        }
    }

    @Test func aRunningCheckRefusesASecondSubmissionOrALinkAndTheLinkItUsed() {
        #expect(throws: VerityError(.documentCheckPending, "")) { try machine.next(from: .pending, on: .documentSubmitted) }
        #expect(throws: VerityError(.documentCheckPending, "")) { try machine.next(from: .pending, on: .captureLinkCreated) }
        for event in [DocumentVerificationEvent.captureLinkOpened, .captureLinkOpenedTooOften, .captureWindowClosed, .captureLinkExpired] {
            #expect(throws: VerityError(.captureLinkUnusable, "")) { try machine.next(from: .pending, on: event) }
        }
    }

    @Test func linkEventsWithoutALiveLinkAreRefused() {
        let withoutLiveLink: [DocumentVerificationStatus] = [.notRequired, .notAttempted, .captureRetryLimitExceeded,
                                                             .captureLinkTimeout, .captureLinkExpired]
        for status in withoutLiveLink {
            for event in [DocumentVerificationEvent.captureLinkOpened, .captureLinkOpenedTooOften, .captureWindowClosed, .captureLinkExpired] {
                #expect(throws: VerityError(.captureLinkUnusable, "")) { try machine.next(from: status, on: event) }
            }
        }
        // An opened link cannot expire "unopened".
        #expect(throws: VerityError(.captureLinkUnusable, "")) { try machine.next(from: .captureLinkOpened, on: .captureLinkExpired) }
    }

    @Test(arguments: open)
    func checkOutcomesWithoutARunningCheckAreRefused(status: DocumentVerificationStatus) {
        for event in [DocumentVerificationEvent.checkSucceeded, .checkFailed, .checkUnreadable] {
            #expect(throws: VerityError(.validationError, "")) { try machine.next(from: status, on: event) }
        }
    }
}
