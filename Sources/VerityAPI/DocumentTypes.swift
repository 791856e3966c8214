import Foundation

/// Whether a face image must come with the document in a document flow.
public struct FaceImageRequirement: Codable, Sendable, Equatable {
    /// True when the flow needs a selfie beside the document; when false, sending one is an error.
    public var faceImageRequired: Bool

    public init(faceImageRequired: Bool) {
        self.faceImageRequired = faceImageRequired
    }
}

/// Where a query's answer may come from.
public enum QueryOption: Sendable {
    /// Ask the service every time: an operator's change is seen at once.
    case remoteOnly
    /// The answer this client last had from the service, asking only the
    /// first time: no round trip per screen, at the price of missing a change
    /// made since (make a new client, or ask `.remoteOnly`, to see it).
    case cachedOrRemote
}

/// `verifyIdentityDocument` and `captureAndVerifyIdentityDocument` on the wire.
public struct VerifyIdentityDocumentInput: Codable, Sendable, Equatable {
    /// The front of the document (a passport's photo page), JPEG, PNG or GIF, base64.
    public var imageBase64: String
    /// The back; for a passport, the photo page again.
    public var backImageBase64: String
    /// A selfie, only when the environment asks for one (`face-image-required`).
    public var faceImageBase64: String?
    /// ISO 3166-1 alpha-2 country that issued the document.
    public var country: String
    public var documentType: IdDocumentType
    /// The document's chip, read by the app over NFC (`docs/chip.md`).
    public var chip: ChipEvidenceInput?

    public init(imageBase64: String, backImageBase64: String, faceImageBase64: String? = nil, country: String,
                documentType: IdDocumentType, chip: ChipEvidenceInput? = nil) {
        self.imageBase64 = imageBase64
        self.backImageBase64 = backImageBase64
        self.faceImageBase64 = faceImageBase64
        self.country = country
        self.documentType = documentType
        self.chip = chip
    }
}

/// A user's latest document check, as `VerifiedIdentity` summarises it.
public struct DocumentCheckSummary: Codable, Sendable, Equatable {
    public var checkId: String
    /// `pending`, `succeeded`, `failed` or `unreadable`; `review` while a
    /// person decides (the environment holds doubtful checks for its
    /// reviewers; the user's status stays `pending`, and `reasons` says why
    /// it waits); `withdrawn` when the user was reset meanwhile.
    public var status: String
    /// `verification` (verifyIdentityDocument) or `capture` (captureAndVerify, the capture page).
    public var flow: String
    public var documentType: IdDocumentType
    public var country: String
    /// Stable codes: why it failed (`DOCUMENT_EXPIRED`, `FACE_MISMATCH`, …) or what to fix (`BLURRY`, `GLARE`, …).
    public var reasons: [String]
    public var submittedAtEpochMs: Int64
    /// 0 until it is decided (while pending, and while a reviewer decides).
    public var completedAtEpochMs: Int64

    public init(checkId: String, status: String, flow: String, documentType: IdDocumentType, country: String, reasons: [String],
                submittedAtEpochMs: Int64, completedAtEpochMs: Int64) {
        self.checkId = checkId
        self.status = status
        self.flow = flow
        self.documentType = documentType
        self.country = country
        self.reasons = reasons
        self.submittedAtEpochMs = submittedAtEpochMs
        self.completedAtEpochMs = completedAtEpochMs
    }
}

/// What `initiateIdentityDocumentCapture` returns: the page to send the user to.
public struct IdDocumentCaptureInitiationInfo: Codable, Sendable, Equatable {
    public var documentCaptureUrl: String
    public var expiryEpochMs: Int64

    public init(documentCaptureUrl: String, expiryEpochMs: Int64) {
        self.documentCaptureUrl = documentCaptureUrl
        self.expiryEpochMs = expiryEpochMs
    }
}

/// Everything a document check found, for the tenant's backend
/// (`GET /admin/v1/document-checks/{id}`, secret key). The images are gone by
/// the time it is readable; no face embedding was ever kept.
public struct DocumentCheckDetail: Codable, Sendable, Equatable {
    public var summary: DocumentCheckSummary
    /// The Verity id of the user (`VerifiedIdentity.owner`).
    public var owner: String
    /// The engine's report: fields, MRZ, barcode, cross-checks, quality, fraud zones, timings.
    public var report: DocumentReport?
    /// The selfie against the portrait, and its liveness signals, when a selfie was given.
    public var selfie: SelfieEvidence?
    /// Which of the document's fields differ from the PII on file (verifyIdentityDocument).
    public var holderMismatches: [String]
    /// The data source's answer for the document's identity (captureAndVerify): `matched`, `notMatched`, ….
    public var dataSourceOutcome: String?

    public init(summary: DocumentCheckSummary, owner: String, report: DocumentReport?, selfie: SelfieEvidence?,
                holderMismatches: [String], dataSourceOutcome: String?) {
        self.summary = summary
        self.owner = owner
        self.report = report
        self.selfie = selfie
        self.holderMismatches = holderMismatches
        self.dataSourceOutcome = dataSourceOutcome
    }
}
