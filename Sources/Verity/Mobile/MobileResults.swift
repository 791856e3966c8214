import Foundation
import VerityAPI

/// What a mobile verification came to.
public enum MobileOutcome: String, Sendable, Codable {
    case pass, fail, undetermined
}

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
    public let nextStep: String?
    public let reasons: [String]
    /// VerifyAge: the face's estimated age, once measured.
    public let ageEstimate: Double?
}

/// VerifyIdentity's result: what the document said, and the face checks.
public struct IdentityVerificationResult: Sendable, Equatable, Decodable {
    public struct FaceMatch: Sendable, Equatable, Decodable {
        public let match: Bool?
        public let distance: Double?
        public let threshold: Double
    }

    public struct Liveness: Sendable, Equatable, Decodable {
        public let attackSuspected: Bool?
        public let reasons: [String]

        enum CodingKeys: String, CodingKey { case attackSuspected = "attack_suspected", reasons }
    }

    public let decision: MobileOutcome
    public let reasons: [String]
    public let documentType: String
    public let country: String
    /// `document_type` and/or `country` when the document named them rather than the app.
    public let detected: [String]?
    /// The document's fields by their snake_case names (`surname`, `date_of_birth`, …).
    public let fields: [String: String]
    public let faceMatch: FaceMatch
    public let liveness: Liveness
    /// VerifyCompliance: the name screened and the sanctions entries it matched (none: clear).
    public let screening: Screening?

    public struct Screening: Sendable, Equatable, Decodable {
        public let name: String
        public let matches: [SanctionsMatch]
    }

    /// One sanctions list entry the identity matched, with its score (0–1) and why.
    public struct SanctionsMatch: Sendable, Equatable, Decodable {
        public let entryID: Int
        public let listedName: String
        public let matchedName: String
        public let kind: String
        public let programs: [String]
        public let score: Double
        public let reasons: [String]
        /// `agrees`, `withinAYear` or `differs`; nil when the entry or the document has no date of birth.
        public let dateOfBirth: String?

        enum CodingKeys: String, CodingKey {
            case entryID = "entry_id", listedName = "listed_name", matchedName = "matched_name", kind, programs, score, reasons
            case dateOfBirth = "date_of_birth"
        }
    }

    enum CodingKeys: String, CodingKey {
        case decision, reasons, documentType = "document_type", country, detected, fields, faceMatch = "face_match", liveness, screening
    }
}

/// The two products that read a document in a session.
public enum MobileDocumentProduct: String, Sendable, CaseIterable {
    case verifyIdentity = "verifyidentity"
    /// VerifyIdentity plus sanctions screening.
    case verifyCompliance = "verifycompliance"
}
