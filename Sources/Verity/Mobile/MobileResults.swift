import Foundation
import VerityAPI

/// A VerifyHuman answer: the API's envelope, read as the React Native quick
/// start reads it (`result.outcome`, `result.data?.token`), with the flat
/// accessors beside it.
public struct HumanVerification: Sendable, Equatable {
    /// The answer as the API sent it.
    public let envelope: MobileEnvelope<MobileHumanData>
    public let verificationID: String
    public let outcome: MobileOutcome

    /// The step's payload: `token` (a pass's, for your backend), `reasons`, `faces`.
    public var data: MobileHumanData? { envelope.data }
    /// A pass's single-use token for your backend to redeem (`POST /admin/v1/mobile/tokens/verify`).
    public var token: String? { data?.token }
    public var reasons: [String] { data?.reasons ?? [] }
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

/// A session product's step payload: VerifyAge's (`MobileAgeData`) or a
/// document session's (`MobileIdentityData`). Both say why, in `reasons`.
public protocol MobileSessionPayload: Codable, Sendable, Equatable {
    var reasons: [String] { get }
}

extension MobileAgeData: MobileSessionPayload {}
extension MobileIdentityData: MobileSessionPayload {}

/// Where a session product's flow stopped (VerifyAge, VerifyIdentity,
/// VerifyCompliance): the API's last envelope, read as the quick start reads
/// one (`result.outcome`, `result.data`), with the flat accessors beside it.
public struct SessionVerification<Payload: MobileSessionPayload>: Sendable, Equatable {
    /// The last answer as the API sent it.
    public let envelope: MobileEnvelope<Payload>
    public let sessionID: String

    public var data: Payload? { envelope.data }
    public var verificationID: String? { envelope.verificationID }
    /// Set once the flow is terminal.
    public var outcome: MobileOutcome? { envelope.outcome }
    /// The step the session still waits for (nil once it has an outcome).
    public var nextStep: MobileStep? { envelope.nextStep }
    public var reasons: [String] { data?.reasons ?? [] }
}

extension SessionVerification where Payload == MobileAgeData {
    /// VerifyAge: the face's estimated age, once measured.
    public var ageEstimate: Double? { data?.ageEstimate }
}

/// VerifyAge's flow, where it stopped.
public typealias AgeSessionVerification = SessionVerification<MobileAgeData>
/// A VerifyIdentity or VerifyCompliance flow, where it stopped.
public typealias DocumentSessionVerification = SessionVerification<MobileIdentityData>

/// VerifyIdentity's result: what the document said, the face checks and
/// (VerifyCompliance) the screening: the wire's own type.
public typealias IdentityVerificationResult = MobileIdentityResult
