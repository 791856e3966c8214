import Foundation

/// One request body per mobile step, with the fields `mobile-api.txt` lists
/// (images in base64) and the two document hints this service adds. The
/// server decodes these and applies its own rules (no client key in the body,
/// a missing or empty field is `MISSING_REQUIRED_FIELD` naming it, images
/// checked as images); the SDK encodes them.
public protocol MobileRequest: Codable, Sendable {}

/// `session` and `submit`: nothing but the session header.
public struct MobileEmptyRequest: MobileRequest, Equatable {
    public init() {}
}

/// VerifyHuman's `verify`, VerifyAge's `step2`, the document products' `upload/selfie`.
public struct MobileSelfieUpload: MobileRequest, Equatable {
    public var selfieB64: String

    public init(selfieB64: String) { self.selfieB64 = selfieB64 }
    public init(selfie: Data) { selfieB64 = selfie.base64EncodedString() }

    enum CodingKeys: String, CodingKey { case selfieB64 = "selfie_b64" }
}

/// VerifyAge's `step1`: the claimed date of birth, `YYYY-MM-DD`.
public struct MobileDateOfBirth: MobileRequest, Equatable {
    public var dateOfBirth: String

    public init(dateOfBirth: String) { self.dateOfBirth = dateOfBirth }

    enum CodingKeys: String, CodingKey { case dateOfBirth = "date_of_birth" }
}

/// The document's type and issuing country, optional hints: without them the
/// server reads both from the document and says so in the result.
public struct MobileDocumentHints: Codable, Sendable, Equatable {
    /// `passport`, `driverLicense` or `idCard`.
    public var documentType: String?
    /// ISO 3166-1 alpha-2 (or alpha-3).
    public var country: String?

    public init(documentType: String? = nil, country: String? = nil) {
        self.documentType = documentType
        self.country = country
    }
}

/// The document products' `upload/id-front`.
public struct MobileIDFrontUpload: MobileRequest, Equatable {
    public var idFrontB64: String
    public var documentType: String?
    public var country: String?

    public init(idFront: Data, hints: MobileDocumentHints = .init()) {
        idFrontB64 = idFront.base64EncodedString()
        documentType = hints.documentType
        country = hints.country
    }

    public var hints: MobileDocumentHints { .init(documentType: documentType, country: country) }

    enum CodingKeys: String, CodingKey { case idFrontB64 = "id_front_b64", documentType = "document_type", country }
}

/// The document products' `upload/id-back`.
public struct MobileIDBackUpload: MobileRequest, Equatable {
    public var idBackB64: String

    public init(idBack: Data) { idBackB64 = idBack.base64EncodedString() }

    enum CodingKeys: String, CodingKey { case idBackB64 = "id_back_b64" }
}

/// VerifyAge's `step3`: the document, its back optional (a passport page is both).
public struct MobileAgeDocumentUpload: MobileRequest, Equatable {
    public var idFrontB64: String
    public var idBackB64: String?
    public var documentType: String?
    public var country: String?

    public init(idFront: Data, idBack: Data?, hints: MobileDocumentHints = .init()) {
        idFrontB64 = idFront.base64EncodedString()
        idBackB64 = idBack?.base64EncodedString()
        documentType = hints.documentType
        country = hints.country
    }

    public var hints: MobileDocumentHints { .init(documentType: documentType, country: country) }

    enum CodingKeys: String, CodingKey {
        case idFrontB64 = "id_front_b64", idBackB64 = "id_back_b64", documentType = "document_type", country
    }
}
