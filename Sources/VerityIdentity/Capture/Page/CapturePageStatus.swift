import Vapor
import VerityAPI
import VerityCore
import VerityStore

/// The capture page's photos (`POST /capture/{token}/submit`). The page's
/// own shape: the back is left out for a passport (one page to photograph).
struct CaptureSubmission: Decodable, Sendable {
    var documentType: IdDocumentType
    var country: String
    var imageBase64: String
    var backImageBase64: String?
    var faceImageBase64: String?
}

/// Where the user stands, as the page needs it; nothing of the identity.
struct CapturePageStatus: Content, Sendable {
    /// A `documentVerificationStatus` value.
    var status: String
    var verified: Bool
    /// The latest check's reasons (`UnreadableReason` or failure codes).
    var reasons: [String]
    /// Submissions the link still allows (retakes after an unreadable result).
    var submissionsLeft: Int
    /// The check waits for a reviewer (the status stays `pending` meanwhile).
    var inReview: Bool

    init(_ identity: VerifiedIdentity, link: CaptureLinkModel, policy: CaptureLinkPolicy) {
        status = identity.documentVerificationStatus.rawValue
        verified = identity.verified
        reasons = identity.documentCheck?.reasons ?? []
        submissionsLeft = max(0, policy.maximumSubmissions - link.submissions)
        inReview = identity.documentVerificationStatus == .pending && identity.documentCheck?.status == DocumentCheckStatus.review.rawValue
    }
}
