import Foundation

/// Paths of the mobile API (`/api/mobile/v1/…`), used by the server to
/// register its routes and by the SDK to call them: one spelling of each.
/// Ids are path components; servers register `idParameter` in their place.
public enum MobileRoute: Sendable, Equatable {
    case verifyHuman
    case verifyHumanStatus(verificationID: String)
    case ageRules
    /// `session`, `step1`…`step3` of VerifyAge, `session`, uploads and `submit` of the document products.
    case session(MobileProduct)
    case ageStep(MobileStep)
    case upload(MobileDocumentProduct, MobileUpload)
    case submit(MobileDocumentProduct)
    /// An Active Authentication challenge for the session's chip (`upload/chip` is an upload).
    case chipChallenge(MobileDocumentProduct)
    case status(MobileProduct, sessionID: String)
    case result(MobileDocumentProduct, sessionID: String)

    public static let prefix = ["api", "mobile", "v1"]
    /// The placeholder servers register in place of a session or verification id.
    public static let idParameter = RouteParameter.id.placeholder

    /// The product the route belongs to (and the scope a key needs for it).
    public var product: MobileProduct {
        switch self {
        case .verifyHuman, .verifyHumanStatus: .verifyHuman
        case .ageRules, .ageStep: .verifyAge
        case .session(let product), .status(let product, _): product
        case .upload(let product, _), .submit(let product), .chipChallenge(let product), .result(let product, _): product.product
        }
    }

    /// Path components after the host, e.g. `["api", "mobile", "v1", "verifyage", "step1"]`.
    public var components: [String] { Self.prefix + relative }

    /// Components after `/api/mobile/v1`.
    private var relative: [String] {
        switch self {
        case .verifyHuman: ["verifyhuman", "verify"]
        case .verifyHumanStatus(let id): ["verifyhuman", "status", id]
        case .ageRules: ["verifyage", "rules"]
        case .session(let product): [product.rawValue, "session"]
        case .ageStep(let step): ["verifyage", step.rawValue]
        case .upload(let product, let upload): [product.rawValue, "upload", upload.rawValue]
        case .submit(let product): [product.rawValue, "submit"]
        case .chipChallenge(let product): [product.rawValue, "chip-challenge"]
        case .status(let product, let id): [product.rawValue, "status", id]
        case .result(let product, let id): [product.rawValue, "result", id]
        }
    }

    /// The path, ids percent-encoded.
    public var path: String {
        percentEncodedPath(components)
    }
}

/// The two products that read a document in a session.
public enum MobileDocumentProduct: String, Sendable, Codable, CaseIterable {
    case verifyIdentity = "verifyidentity"
    /// VerifyIdentity plus sanctions screening.
    case verifyCompliance = "verifycompliance"

    public var product: MobileProduct {
        switch self {
        case .verifyIdentity: .verifyIdentity
        case .verifyCompliance: .verifyCompliance
        }
    }
}

/// The upload steps of the document products, by their path names.
public enum MobileUpload: String, Sendable, CaseIterable {
    case selfie
    case idFront = "id-front"
    case idBack = "id-back"
    /// The passport's chip, read over NFC: optional, any time before `submit`.
    case chip
}
