/// The steps of the mobile API's session products, as `next_step` names them.
public enum MobileStep: String, Sendable, Codable, CaseIterable {
    // VerifyAge
    case step1, step2, step3
    // VerifyIdentity and VerifyCompliance
    case uploadSelfie = "upload_selfie"
    case uploadIDFront = "upload_id_front"
    case uploadIDBack = "upload_id_back"
    case submit
}
