import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityStore

/// One case as its page shows it: what it is about, who holds or decided it,
/// and the evidence, unsealed for this page only. A case of another tenant
/// is as unknown as one that never existed.
struct ConsoleCases: Sendable {
    let db: any Database
    let protector: DataProtector
    let clock: VerityClock

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

    /// A document check's evidence. The images are named by side while the
    /// check keeps them (until it is decided).
    struct DocumentEvidence: Sendable {
        let checkID: UUID
        let documentType: String
        let country: String
        let flow: String
        let status: String
        let submittedAt: Int64
        let evidence: DocumentCheckHandler.Evidence?
        let images: [ImageSide]
    }

    enum ImageSide: String, Sendable, CaseIterable {
        case front, back, face, selfie
    }

    /// A mobile session's evidence (VerifyIdentity, VerifyCompliance): its
    /// result as the engines gave it, the listed entries a sanctions
    /// candidate matched, and the images while the session keeps them.
    struct MobileEvidence: Sendable {
        let verificationID: String
        let product: String
        let outcome: String
        let reasons: [String]
        let endedAt: Int64
        /// Nil once the session's result retention has passed.
        let result: MobileIdentityResult?
        let listed: [SanctionsEntry]
        let images: [ImageSide]
    }

    /// An accreditation request: what is asked, what the user has already,
    /// and the identity evidence on file (never the registration's fields).
    struct AccreditationFile: Sendable {
        let requestID: UUID
        let entity: String
        let entityName: String
        let level: Int
        let status: String
        let requestedAt: Int64
        let accreditedLevel: Int?
        let certification: String
        let registeredAt: Int64
        let evidenceKind: String?
        let evidenceReference: String?
        /// The user's latest document check in this environment: status, type, country, when.
        let documentCheck: (status: String, type: String, country: String, at: Int64)?
        /// Whether the level needs recorded identity evidence (3 and 4).
        let needsIdentityCheck: Bool
    }

    /// A held OCR combination: the combined result as the SDK received it,
    /// and the card's sides, until the case is decided.
    struct OCREvidence: Sendable {
        let combinationID: String
        let combinedAt: Int64?
        let result: OCRResult?
        let images: [ImageSide]
    }

    struct File: Sendable {
        let id: UUID
        let kind: ReviewCaseKind
        let reasons: [String]
        let openedAt: Int64
        let userRef: String?
        let environment: String
        let claim: Claim
        let decision: Decision?
        let document: DocumentEvidence?
        let mobile: MobileEvidence?
        let accreditation: AccreditationFile?
        let ocr: OCREvidence?
    }

    func file(caseID: UUID, session: OperatorAccounts.Session) async throws -> File? {
        guard let found = try await ReviewCaseRepository(db: db).reviewCase(id: caseID, tenantID: session.tenantID),
              let kind = ReviewCaseKind(rawValue: found.kind) else { return nil }
        let now = clock.nowMillis()
        let emails = try await OperatorAccounts.emails(tenantID: session.tenantID, db: db, protector: protector)
        var claim = Claim.none
        if found.decidedAt == nil, let holder = found.claimedBy, let until = found.claimedUntil, until >= now {
            claim = holder == session.operatorID ? .mine(until: until) : .other(email: emails[holder] ?? "—", until: until)
        }
        let decision = found.decidedAt.flatMap { at in
            found.decision.flatMap(ReviewDecision.init(rawValue:)).map {
                Decision(decision: $0, reason: found.decisionReason ?? "", by: found.decidedBy.flatMap { emails[$0] } ?? "—", at: at)
            }
        }
        let refs = try await UserRepository(db: db, protector: protector).userRefs(ids: Set([found.userID].compactMap { $0 }))
        let environments = try await ReviewQueue.environmentKinds(tenantID: session.tenantID, db: db)
        var document: DocumentEvidence?
        if kind == .documentCheck, let check = try await DocumentCheckRepository(db: db).check(id: found.subjectID) {
            // A passport's one page arrives as both sides: shown once.
            let back = check.documentType == DocumentType.passport.rawValue ? nil : check.sealedBack
            let sides: [(ImageSide, Data?)] = [(.front, check.sealedFront), (.back, back), (.face, check.sealedFace)]
            let reader = try await PersonKeyRepository(db: db, protector: protector).reader(userID: check.$user.id)
            document = DocumentEvidence(
                checkID: found.subjectID, documentType: check.documentType, country: check.country, flow: check.flow,
                status: check.status, submittedAt: check.createdAt,
                evidence: try check.sealedEvidence.map {
                    try reader.open(json: DocumentCheckHandler.Evidence.self, from: $0, at: .of(.checkEvidence, found.subjectID))
                },
                images: sides.filter { $0.1 != nil }.map(\.0))
        }
        return File(id: caseID, kind: kind, reasons: found.reasonCodes, openedAt: found.openedAt,
                    userRef: found.userID.flatMap { refs[$0] }, environment: environments[found.environmentID] ?? "",
                    claim: claim, decision: decision, document: document, mobile: try await mobileEvidence(found, kind: kind),
                    accreditation: try await accreditationFile(found, kind: kind), ocr: try await ocrEvidence(found, kind: kind))
    }

    private func ocrEvidence(_ found: ReviewCaseModel, kind: ReviewCaseKind) async throws -> OCREvidence? {
        guard kind == .ocrCombination, let held = try await OCRSessionRepository(db: db).held(id: found.subjectID),
              held.environmentID == found.environmentID else { return nil }
        let sides: [(ImageSide, Data?)] = [(.front, held.sealedFrontImage), (.back, held.sealedBackImage)]
        let reader = try await PersonKeyRepository(db: db, protector: protector).reader(userID: held.userID)
        return OCREvidence(combinationID: held.combinationID ?? "", combinedAt: held.finishedAt,
                           result: try held.sealedResult.map { try reader.open(json: OCRResult.self, from: $0, at: .of(.ocrReview, found.subjectID)) },
                           images: sides.filter { $0.1 != nil }.map(\.0))
    }

    private func accreditationFile(_ found: ReviewCaseModel, kind: ReviewCaseKind) async throws -> AccreditationFile? {
        guard kind == .accreditation,
              let request = try await RegistrationRepository(db: db).request(id: found.subjectID, environmentID: found.environmentID)
        else { return nil }
        let registration = request.registration, entity = registration.entity
        let check = try await DocumentCheckRepository(db: db).latestCheck(userID: registration.$user.id)
            .flatMap { $0.environmentID == found.environmentID ? $0 : nil }
        return AccreditationFile(
            requestID: found.subjectID, entity: entity.displayName, entityName: entity.name, level: request.level,
            status: request.status.rawValue, requestedAt: request.createdAt, accreditedLevel: registration.accreditedLevel,
            certification: registration.status.rawValue, registeredAt: registration.createdAt, evidenceKind: request.evidenceKind,
            evidenceReference: request.evidenceReference,
            documentCheck: check.map { ($0.status, $0.documentType, $0.country, $0.createdAt) },
            needsIdentityCheck: (try? AccreditationLevel.parse(request.level))?.requiresIdentityCheck ?? true)
    }

    private func mobileEvidence(_ found: ReviewCaseModel, kind: ReviewCaseKind) async throws -> MobileEvidence? {
        guard kind == .mobileSession || kind == .sanctionsCandidate,
              let verification = try await MobileVerificationRepository(db: db).verification(id: found.subjectID,
                                                                                            environmentID: found.environmentID)
        else { return nil }
        let session = try await MobileSessionRepository(db: db).session(verificationID: found.subjectID)
        let state = try session.flatMap { session in
            try session.sealedState.map { try protector.open(json: VerifyIdentityService.State.self, from: $0,
                                                             at: .of(.mobileState, try session.requireID())) }
        }
        // A passport's one page is its back too: shown once.
        let passport = [state?.documentType, state?.shownType].contains(DocumentType.passport.rawValue)
            || session?.sealedBack == session?.sealedFront
        let sides: [(ImageSide, Data?)] = [(.selfie, session?.sealedSelfie), (.front, session?.sealedFront),
                                           (.back, passport ? nil : session?.sealedBack)]
        return MobileEvidence(verificationID: VerifyHumanService.publicID(found.subjectID), product: verification.product,
                              outcome: verification.outcome, reasons: verification.reasons.map { $0.split(separator: ",").map(String.init) } ?? [],
                              endedAt: verification.createdAt, result: state?.result, listed: state?.listed ?? [],
                              images: sides.filter { $0.1 != nil }.map(\.0))
    }

    /// One of a held check's images, unsealed, with its media type; nil when
    /// the case, its check or that image is gone (decided checks keep none).
    func image(caseID: UUID, side: ImageSide, session: OperatorAccounts.Session) async throws -> (bytes: Data, mediaType: String)? {
        guard let found = try await ReviewCaseRepository(db: db).reviewCase(id: caseID, tenantID: session.tenantID),
              let (sealed, place) = try await sealedImage(found, side: side) else { return nil }
        // A document check's and an OCR combination's images are their user's, sealed under their key;
        // mobile sessions' are not a known person's.
        let personal = [ReviewCaseKind.documentCheck.rawValue, ReviewCaseKind.ocrCombination.rawValue].contains(found.kind)
        let bytes = if personal, let userID = found.userID {
            try await PersonKeyRepository(db: db, protector: protector).reader(userID: userID).open(sealed, at: place)
        } else {
            try protector.open(sealed, at: place)
        }
        // Submissions were PNG, JPEG or GIF (checked by their magic bytes then).
        let mediaType = bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) ? "image/png"
            : bytes.starts(with: Array("GIF8".utf8)) ? "image/gif" : "image/jpeg"
        return (bytes, mediaType)
    }

    /// The case's image of `side` and where it is sealed.
    private func sealedImage(_ found: ReviewCaseModel, side: ImageSide) async throws -> (Data, SealPlace)? {
        func at(_ sealed: Data?, _ column: SealedColumn) -> (Data, SealPlace)? { sealed.map { ($0, .of(column, found.subjectID)) } }
        switch ReviewCaseKind(rawValue: found.kind) {
        case .documentCheck:
            guard let check = try await DocumentCheckRepository(db: db).check(id: found.subjectID) else { return nil }
            return switch side {
            case .front: at(check.sealedFront, .checkFront)
            case .back: at(check.sealedBack, .checkBack)
            case .face: at(check.sealedFace, .checkFace)
            case .selfie: nil
            }
        case .mobileSession, .sanctionsCandidate:
            // The session's environment is the case's: another tenant's session is never reached.
            guard let mobile = try await MobileSessionRepository(db: db).session(verificationID: found.subjectID),
                  mobile.environmentID == found.environmentID else { return nil }
            let id = try mobile.requireID()
            let (sealed, column): (Data?, SealedColumn) = switch side {
            case .front: (mobile.sealedFront, .mobileFront)
            case .back: (mobile.sealedBack, .mobileBack)
            case .selfie: (mobile.sealedSelfie, .mobileSelfie)
            case .face: (nil, .mobileSelfie)
            }
            return sealed.map { ($0, .of(column, id)) }
        case .ocrCombination:
            guard let held = try await OCRSessionRepository(db: db).held(id: found.subjectID),
                  held.environmentID == found.environmentID else { return nil }
            return switch side {
            case .front: at(held.sealedFrontImage, .ocrFrontImage)
            case .back: at(held.sealedBackImage, .ocrBackImage)
            case .face, .selfie: nil
            }
        default:
            return nil
        }
    }
}
