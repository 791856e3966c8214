import Foundation
import VerityAPI

/// Each call of a session, one by one, as `mobile-api.txt` lists them: start
/// a session, upload the selfie, the front and the back, submit, then read
/// its status and result. Every answer is the API's envelope
/// (`answer.nextStep` says what to send next, `answer.outcome` once it ended,
/// `answer.data` the step's payload). The whole-flow helpers
/// (`verifyIdentity`, `verifyAge`, …) are made of these calls.
extension MobileVerificationClient {
    // MARK: VerifyAge, step by step

    /// The environment's age rules: the minimum age and the estimate's margin.
    public func verifyAgeRules() async throws -> MobileEnvelope<MobileAgeRules> {
        try await get(MobileEndpoint.ageRules)
    }

    public func startAgeSession() async throws -> MobileEnvelope<MobileAgeData> {
        try await post(MobileEndpoint.ageSession, MobileEmptyRequest())
    }

    /// Step 1: the claimed date of birth, `yyyy-mm-dd`.
    public func submitDateOfBirth(sessionID: String, dateOfBirth: String) async throws -> MobileEnvelope<MobileAgeData> {
        try await post(MobileEndpoint.ageStep1, MobileDateOfBirth(dateOfBirth: dateOfBirth), session: sessionID)
    }

    /// Step 2: the selfie.
    public func submitAgeSelfie(sessionID: String, selfie: Data) async throws -> MobileEnvelope<MobileAgeData> {
        try await post(MobileEndpoint.ageStep2, MobileSelfieUpload(selfie: selfie), session: sessionID)
    }

    /// Step 3, only when step 2 asked for it (`nextStep == .step3`): the document.
    public func submitAgeDocument(sessionID: String, document: MobileDocument) async throws -> MobileEnvelope<MobileAgeData> {
        try await post(MobileEndpoint.ageStep3, MobileAgeDocumentUpload(idFront: document.front, idBack: document.back, hints: document.hints),
                       session: sessionID)
    }

    public func ageStatus(sessionID: String) async throws -> MobileEnvelope<MobileAgeData> {
        try await get(MobileEndpoint.ageStatus, id: sessionID)
    }

    // MARK: VerifyIdentity and VerifyCompliance, step by step

    public func startSession(_ product: MobileDocumentProduct) async throws -> MobileEnvelope<MobileIdentityData> {
        try await post(MobileEndpoint.session(product), MobileEmptyRequest())
    }

    public func uploadSelfie(_ product: MobileDocumentProduct, sessionID: String, selfie: Data) async throws
        -> MobileEnvelope<MobileIdentityData> {
        try await post(MobileEndpoint.uploadSelfie(product), MobileSelfieUpload(selfie: selfie), session: sessionID)
    }

    /// The document's front, with its type and country as hints when the app knows them.
    public func uploadIDFront(_ product: MobileDocumentProduct, sessionID: String, document: MobileDocument) async throws
        -> MobileEnvelope<MobileIdentityData> {
        try await post(MobileEndpoint.uploadFront(product), MobileIDFrontUpload(idFront: document.front, hints: document.hints),
                       session: sessionID)
    }

    /// The back, when the front's answer asked for it (`nextStep == .uploadIDBack`; never for a passport).
    public func uploadIDBack(_ product: MobileDocumentProduct, sessionID: String, back: Data) async throws
        -> MobileEnvelope<MobileIdentityData> {
        try await post(MobileEndpoint.uploadBack(product), MobileIDBackUpload(idBack: back), session: sessionID)
    }

    /// A challenge for the passport chip's Active Authentication, bound to
    /// this session for five minutes: hand `challenge` to the chip's INTERNAL
    /// AUTHENTICATE, then send its answer with the files (`uploadChip`).
    public func chipChallenge(_ product: MobileDocumentProduct, sessionID: String) async throws -> MobileChipChallengeData {
        guard let data = try await post(MobileEndpoint.chipChallenge(product), MobileEmptyRequest(), session: sessionID).data else {
            throw MobileVerificationError(code: .invalidResponse, message: "the challenge is missing", sessionID: sessionID)
        }
        return data
    }

    /// The chip's files as the app read them (NFC), any time before `submit`;
    /// the server checks them at `submit` (`docs/chip.md`). The step due does not move.
    public func uploadChip(_ product: MobileDocumentProduct, sessionID: String, chip: ChipRead) async throws -> MobileEnvelope<MobileIdentityData> {
        try await post(MobileEndpoint.uploadChip(product), chip.mobileWire, session: sessionID)
    }

    /// Ends the session: the outcome, charged once, and the images erased.
    public func submit(_ product: MobileDocumentProduct, sessionID: String) async throws -> MobileEnvelope<MobileIdentityData> {
        try await post(MobileEndpoint.submit(product), MobileEmptyRequest(), session: sessionID)
    }

    public func status(_ product: MobileDocumentProduct, sessionID: String) async throws -> MobileEnvelope<MobileIdentityData> {
        try await get(MobileEndpoint.status(product), id: sessionID)
    }

    /// The ended session's result in `data?.result` (``identityResult(sessionID:product:)`` unwraps it).
    public func result(_ product: MobileDocumentProduct, sessionID: String) async throws -> MobileEnvelope<MobileIdentityData> {
        try await get(MobileEndpoint.result(product), id: sessionID)
    }
}
