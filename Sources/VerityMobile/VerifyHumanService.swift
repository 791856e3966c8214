import Fluent
import Foundation
import Logging
import VerityAPI
import VerityCore
import VerityEnginePool
import VerityStore
import VerityVision
import VerityKernel
import VerityWebhooks

/// VerifyHuman (1 credit): one selfie, one live-looking human face. The image
/// lives only in this call; the face engine runs on the engine pool; the
/// outcome and its credit are written together, and an engine failure
/// charges nothing (`SYSTEM_ERROR`, retryable).
struct VerifyHumanService: Sendable {
    let engines: DocumentEngines
    let protector: DataProtector
    let clock: VerityClock
    /// Wakes the job worker for the outcome's webhook deliveries (nil: the poll delivers them).
    var wake: WebhookWake? = nil

    func verify(_ body: MobileSelfieUpload, context: MobileContext) async throws -> MobileEnvelope<MobileHumanData> {
        let product = MobileProduct.verifyHuman
        let selfie = try MobileBody.image(body.selfieB64, field: "selfie_b64")
        if context.isDemo { return MobileDemo.verifyHuman() }
        try await MobileCredits.require(product, context: context, db: context.db)
        let signals = try await MobileEngineCall.run(imageField: "selfie_b64") { try await engines.liveness(selfie) }
        let faces: VerifyHumanPolicy.FaceCount = switch signals.finding.outcome {
        case .found: .one
        case .noFace: .none
        case .severalFaces: .several
        }
        let frameFlagged = signals.reasons.contains(.frameAroundFace)
        let found = VerifyHumanPolicy().reasons(faces: faces, patternSuspected: signals.reasons.contains(.screenOrPrintPattern),
                                                frameSuspected: frameFlagged)
        // A weak pattern alone is for a person (MobileOutcomePolicy); every other reason fails.
        let policy = MobileOutcomePolicy()
        let (outcome, reasons) = policy.outcome(found.map { reason in
            reason == .recapturePattern ? policy.pattern(strength: signals.patternStrength, flagged: true, frameFlagged: frameFlagged)
                : .fail(reason.rawValue)
        })
        let now = clock.nowMillis()
        let id = UUID()
        let verification = MobileVerificationModel(
            id: id, environmentID: context.environmentID, clientKeyID: context.keyID, product: product,
            outcome: outcome, reasons: reasons,
            tokenExpiresAt: outcome == .pass ? now + MobilePassToken.lifetimeMilliseconds : nil, createdAt: now)
        let told = try await MobileVerificationRepository(db: context.db).record(
            verification, credits: Int64(product.credits), now: now, events: [MobileEvents.completed(verification, id: id, demo: false)])
        wake?.published(told)
        VerityMetrics.checkCompleted(product: product.rawValue, outcome: verification.outcome.rawValue)
        VerityMetrics.creditsCharged(product: product.rawValue, credits: product.credits)
        context.logger.info("verifyhuman", metadata: ["verification_id": .string(id.uuidString), "outcome": .string(verification.outcome.rawValue)])
        let token = verification.tokenExpiresAt.map {
            MobilePassToken(verificationID: id, environmentID: context.environmentID, expiresAt: $0).encoded(protector)
        }
        return MobileEnvelope(verificationID: MobileVerificationID(id).description, product: product, outcome: outcome,
                              data: MobileHumanData(token: token, tokenExpiresAt: verification.tokenExpiresAt,
                                           reasons: reasons, faces: signals.finding.count),
                              meta: .init(environment: context.environmentKind, step: "verify"))
    }

    /// `GET /verifyhuman/status/{verification_id}`: the outcome, never the token.
    func status(_ publicID: String, context: MobileContext) async throws -> MobileEnvelope<MobileHumanData> {
        if context.isDemo, publicID == MobileDemo.humanVerificationID { return MobileDemo.verifyHuman(withToken: false) }
        guard let id = MobileVerificationID(publicID)?.id,
              let verification = try await MobileVerificationRepository(db: context.db).verification(id: id, environmentID: context.environmentID,
                                                                                                  clientKeyID: context.keyID),
              verification.product == .verifyHuman
        else { throw VerityError(.notFound, "no such verification in this environment") }
        let reasons = verification.reasons.map { $0.split(separator: ",").map(String.init) } ?? []
        return MobileEnvelope(verificationID: publicID, product: .verifyHuman, outcome: verification.outcome,
                              data: MobileHumanData(token: nil, tokenExpiresAt: verification.tokenExpiresAt, reasons: reasons, faces: reasons.contains("NO_FACE") ? 0 : 1),
                              meta: .init(environment: context.environmentKind, step: nil))
    }
}
