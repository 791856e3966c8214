import Foundation

/// The mobile API's one answer shape (snake_case, as `mobile-api.txt` writes
/// it). Absent values are sent as null, not left out: clients read every field.
public struct MobileEnvelope<Payload: Codable & Sendable>: Codable, Sendable {
    public struct Meta: Codable, Sendable, Equatable {
        public var environment: String
        public var step: String?

        public init(environment: String, step: String?) {
            self.environment = environment
            self.step = step
        }

        /// The session's current step, as the specification's example shows
        /// (after `session`, `next_step` and `meta.step` are both
        /// `upload_id_front`): the step due; once the flow ended, the step
        /// that ended it in the answer to that step, and none on a later read.
        public static func current(environment: String, due: MobileStep?, taken: String?) -> Meta {
            Meta(environment: environment, step: due?.rawValue ?? taken)
        }
    }

    public var success: Bool
    public var sessionID: String?
    public var verificationID: String?
    public var product: MobileProduct
    /// Set once the flow is terminal.
    public var outcome: MobileOutcome?
    /// The step the client drives next; nil when terminal.
    public var nextStep: MobileStep?
    public var data: Payload?
    public var meta: Meta

    public init(success: Bool = true, sessionID: String? = nil, verificationID: String? = nil, product: MobileProduct,
                outcome: MobileOutcome? = nil, nextStep: MobileStep? = nil, data: Payload?, meta: Meta) {
        self.success = success
        self.sessionID = sessionID
        self.verificationID = verificationID
        self.product = product
        self.outcome = outcome
        self.nextStep = nextStep
        self.data = data
        self.meta = meta
    }

    enum CodingKeys: String, CodingKey {
        case success, sessionID = "session_id", verificationID = "verification_id", product, outcome, nextStep = "next_step", data, meta
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(success, forKey: .success)
        try container.encode(sessionID, forKey: .sessionID)
        try container.encode(verificationID, forKey: .verificationID)
        try container.encode(product, forKey: .product)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(nextStep, forKey: .nextStep)
        try container.encode(data, forKey: .data)
        try container.encode(meta, forKey: .meta)
    }
}

/// An error on the mobile surface: `success: false`, a stable `code`, a
/// `message`, `retryable` when a retry can succeed, the field at fault, and
/// the envelope fields known at the time.
public struct MobileErrorBody: Codable, Sendable {
    public var success = false
    public var code: String
    public var message: String
    public var retryable: Bool?
    public var field: String?
    /// On a `SYSTEM_ERROR`, the code of the server's own fault behind it
    /// (`ENGINE_FAILED`, `SERVICE_UNAVAILABLE`, …), for logs and support.
    public var cause: String?
    public var sessionID: String?
    public var verificationID: String?
    public var product: String?
    public var outcome: MobileOutcome?
    public var nextStep: MobileStep?
    public var meta: MobileEnvelope<MobileNoPayload>.Meta?

    public init(code: String, message: String, retryable: Bool? = nil, field: String? = nil, sessionID: String? = nil,
                verificationID: String? = nil, product: String? = nil, outcome: MobileOutcome? = nil, nextStep: MobileStep? = nil,
                meta: MobileEnvelope<MobileNoPayload>.Meta? = nil) {
        self.code = code
        self.message = message
        self.retryable = retryable
        self.field = field
        self.sessionID = sessionID
        self.verificationID = verificationID
        self.product = product
        self.outcome = outcome
        self.nextStep = nextStep
        self.meta = meta
    }

    enum CodingKeys: String, CodingKey {
        case success, code, message, retryable, field, cause, sessionID = "session_id", verificationID = "verification_id", product,
             outcome, nextStep = "next_step", data, meta
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        code = try container.decode(String.self, forKey: .code)
        message = try container.decode(String.self, forKey: .message)
        retryable = try container.decodeIfPresent(Bool.self, forKey: .retryable)
        field = try container.decodeIfPresent(String.self, forKey: .field)
        cause = try container.decodeIfPresent(String.self, forKey: .cause)
        sessionID = try container.decodeIfPresent(String.self, forKey: .sessionID)
        verificationID = try container.decodeIfPresent(String.self, forKey: .verificationID)
        product = try container.decodeIfPresent(String.self, forKey: .product)
        outcome = try container.decodeIfPresent(MobileOutcome.self, forKey: .outcome)
        nextStep = try container.decodeIfPresent(MobileStep.self, forKey: .nextStep)
        meta = try container.decodeIfPresent(MobileEnvelope<MobileNoPayload>.Meta.self, forKey: .meta)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(success, forKey: .success)
        try container.encode(code, forKey: .code)
        try container.encode(message, forKey: .message)
        try container.encodeIfPresent(retryable, forKey: .retryable)
        try container.encodeIfPresent(field, forKey: .field)
        try container.encodeIfPresent(cause, forKey: .cause)
        try container.encode(sessionID, forKey: .sessionID)
        try container.encode(verificationID, forKey: .verificationID)
        try container.encode(product, forKey: .product)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(nextStep, forKey: .nextStep)
        try container.encodeNil(forKey: .data)
        try container.encode(meta, forKey: .meta)
    }
}

/// The payload of answers that carry none.
/// Two answers are equal when every field is: an SDK's results compare so.
extension MobileEnvelope: Equatable where Payload: Equatable {}

public struct MobileNoPayload: Codable, Sendable, Equatable {
    public init() {}
}

// MARK: - payloads

/// VerifyHuman's `data`.
public struct MobileHumanData: Codable, Sendable, Equatable {
    /// A pass's single-use token for the app's backend (never on a status read).
    public var token: String?
    public var tokenExpiresAt: Int64?
    public var reasons: [String]
    public var faces: Int

    public init(token: String?, tokenExpiresAt: Int64?, reasons: [String], faces: Int) {
        self.token = token
        self.tokenExpiresAt = tokenExpiresAt
        self.reasons = reasons
        self.faces = faces
    }

    enum CodingKeys: String, CodingKey { case token, tokenExpiresAt = "token_expires_at", reasons, faces }
}

/// VerifyAge's `data` on every step.
public struct MobileAgeData: Codable, Sendable, Equatable {
    public var minimumAge: Int
    public var reasons: [String]
    public var ageEstimate: Double?
    /// What the session costs, on its opening answer.
    public var credits: Int?

    public init(minimumAge: Int, reasons: [String], ageEstimate: Double?, credits: Int?) {
        self.minimumAge = minimumAge
        self.reasons = reasons
        self.ageEstimate = ageEstimate
        self.credits = credits
    }

    enum CodingKeys: String, CodingKey { case minimumAge = "minimum_age", reasons, ageEstimate = "age_estimate", credits }
}

/// `verifyage/rules`: what the environment asks before a session opens.
public struct MobileAgeRules: Codable, Sendable, Equatable {
    public var minimumAge: Int
    public var ageMargin: Double
    public var credits: Int
    public var steps: [String]

    public init(minimumAge: Int, ageMargin: Double, credits: Int, steps: [String]) {
        self.minimumAge = minimumAge
        self.ageMargin = ageMargin
        self.credits = credits
        self.steps = steps
    }

    enum CodingKeys: String, CodingKey { case minimumAge = "minimum_age", ageMargin = "age_margin", credits, steps }
}

/// VerifyIdentity's and VerifyCompliance's `data`: the reasons of the last
/// step (a retake's, or the outcome's), the cost on the opening answer, and
/// the result on `result/{session_id}`.
public struct MobileIdentityData: Codable, Sendable, Equatable {
    public var reasons: [String]
    public var credits: Int?
    public var result: MobileIdentityResult?

    public init(reasons: [String], credits: Int? = nil, result: MobileIdentityResult? = nil) {
        self.reasons = reasons
        self.credits = credits
        self.result = result
    }
}

/// A document session's result: what the document said, the face checks and
/// (VerifyCompliance) the screening. Kept for the environment's result
/// retention after the session ends; its images never are.
public struct MobileIdentityResult: Codable, Sendable, Equatable {
    public var decision: MobileOutcome
    public var reasons: [String]
    public var documentType: String
    public var country: String
    /// `document_type` and/or `country` when the document named them rather than the app.
    public var detected: [String]?
    /// The document's fields by their snake_case names (`surname`, `date_of_birth`, …).
    public var fields: [String: String]
    public var faceMatch: FaceMatch
    public var liveness: Liveness
    /// VerifyCompliance: the name screened and the sanctions entries it matched (none: clear).
    public var screening: Screening?
    /// The chip's outcome, when the app sent it (`upload/chip`).
    public var chip: MobileChipResult?

    public init(decision: MobileOutcome, reasons: [String], documentType: String, country: String, detected: [String]?,
                fields: [String: String], faceMatch: FaceMatch, liveness: Liveness, screening: Screening?, chip: MobileChipResult? = nil) {
        self.decision = decision
        self.reasons = reasons
        self.documentType = documentType
        self.country = country
        self.detected = detected
        self.fields = fields
        self.faceMatch = faceMatch
        self.liveness = liveness
        self.screening = screening
        self.chip = chip
    }

    public struct FaceMatch: Codable, Sendable, Equatable {
        public var match: Bool?
        public var distance: Double?
        public var threshold: Double

        public init(match: Bool?, distance: Double?, threshold: Double) {
            self.match = match
            self.distance = distance
            self.threshold = threshold
        }
    }

    public struct Liveness: Codable, Sendable, Equatable {
        public var attackSuspected: Bool?
        public var reasons: [String]

        public init(attackSuspected: Bool?, reasons: [String]) {
            self.attackSuspected = attackSuspected
            self.reasons = reasons
        }

        enum CodingKeys: String, CodingKey { case attackSuspected = "attack_suspected", reasons }
    }

    public struct Screening: Codable, Sendable, Equatable {
        public var name: String
        public var matches: [SanctionsMatch]

        public init(name: String, matches: [SanctionsMatch]) {
            self.name = name
            self.matches = matches
        }
    }

    /// One sanctions list entry the identity matched, with its score (0–1) and why.
    public struct SanctionsMatch: Codable, Sendable, Equatable {
        /// The list the entry is on: `ofac-sdn`, `un-consolidated`, `us-bis-dpl`, `watchlist:<name>`.
        public var list: String
        /// The list's version the entry was matched in.
        public var listVersion: ListVersion?
        /// The entry's number within its list (OFAC's `ent_num`, the UN's `DATAID`).
        public var entryID: Int
        /// The entry's reference as its list writes it (the UN's `QDi.006`, OFAC's `ent_num`).
        public var reference: String
        public var listedName: String
        public var matchedName: String
        public var kind: String
        public var programs: [String]
        public var score: Double
        public var reasons: [String]
        /// `agrees`, `withinAYear` or `differs`; nil when the entry or the document has no date of birth.
        public var dateOfBirth: String?

        public init(list: String, listVersion: ListVersion?, entryID: Int, reference: String, listedName: String, matchedName: String,
                    kind: String, programs: [String], score: Double, reasons: [String], dateOfBirth: String?) {
            self.list = list
            self.listVersion = listVersion
            self.entryID = entryID
            self.reference = reference
            self.listedName = listedName
            self.matchedName = matchedName
            self.kind = kind
            self.programs = programs
            self.score = score
            self.reasons = reasons
            self.dateOfBirth = dateOfBirth
        }

        enum CodingKeys: String, CodingKey {
            case list, listVersion = "list_version", entryID = "entry_id", reference, listedName = "listed_name", matchedName = "matched_name"
            case kind, programs, score, reasons, dateOfBirth = "date_of_birth"
        }

        /// Results sealed before there were several lists were OFAC's, numbered by `ent_num`.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            entryID = try container.decode(Int.self, forKey: .entryID)
            list = try container.decodeIfPresent(String.self, forKey: .list) ?? "ofac-sdn"
            listVersion = try container.decodeIfPresent(ListVersion.self, forKey: .listVersion)
            reference = try container.decodeIfPresent(String.self, forKey: .reference) ?? String(entryID)
            listedName = try container.decode(String.self, forKey: .listedName)
            matchedName = try container.decode(String.self, forKey: .matchedName)
            kind = try container.decode(String.self, forKey: .kind)
            programs = try container.decode([String].self, forKey: .programs)
            score = try container.decode(Double.self, forKey: .score)
            reasons = try container.decode([String].self, forKey: .reasons)
            dateOfBirth = try container.decodeIfPresent(String.self, forKey: .dateOfBirth)
        }

        /// A list's version: its publication date (nil when the file gives none) and the imported file's SHA-256.
        public struct ListVersion: Codable, Sendable, Equatable {
            public var published: String?
            public var sha256: String

            public init(published: String?, sha256: String) {
                self.published = published
                self.sha256 = sha256
            }
        }
    }

    enum CodingKeys: String, CodingKey {
        case decision, reasons, documentType = "document_type", country, detected, fields, faceMatch = "face_match", liveness, screening, chip
    }
}
