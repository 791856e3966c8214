import Foundation
import VerityAPI

/// A VerifyHuman answer.
public struct HumanVerification: Sendable, Equatable {
    public let verificationID: String
    public let outcome: MobileOutcome
    /// A pass's single-use token for your backend to redeem (`POST /admin/v1/mobile/tokens/verify`).
    public let token: String?
    public let reasons: [String]
}

/// A document for VerifyAge's step 3 or VerifyIdentity.
public struct MobileDocument: Sendable {
    public var front: Data
    /// Not for a passport (its photo page is both sides).
    public var back: Data?
    /// A hint: without it the server reads the type from the document (its MRZ
    /// or licence barcode) and says so in the result's `detected`.
    public var type: IdDocumentType?
    /// ISO 3166-1 alpha-2 issuing country; a hint, like `type`.
    public var country: String?

    /// The hints as the wire sends them.
    var hints: MobileDocumentHints { .init(documentType: type?.rawValue, country: country) }

    public init(front: Data, back: Data? = nil, type: IdDocumentType? = nil, country: String? = nil) {
        self.front = front
        self.back = back
        self.type = type
        self.country = country
    }
}

/// How a session product ended (VerifyAge, VerifyIdentity).
public struct SessionVerification: Sendable, Equatable {
    public let sessionID: String
    public let verificationID: String?
    public let outcome: MobileOutcome?
    /// The step the session still waits for (nil once it has an outcome).
    public let nextStep: MobileStep?
    public let reasons: [String]
    /// VerifyAge: the face's estimated age, once measured.
    public let ageEstimate: Double?
}

/// VerifyIdentity's result: what the document said, the face checks and
/// (VerifyCompliance) the screening: the wire's own type.
public typealias IdentityVerificationResult = MobileIdentityResult
