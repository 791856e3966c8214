/// Everything the document engine found in one document's images: the evidence
/// a reviewer, the API and the SDK see alike. Decisions are derived from it by
/// `DocumentDecisionPolicy`, not made by the stages that produced it.
public struct DocumentReport: Sendable, Codable, Equatable {
    public var documentType: DocumentType
    public var country: String
    /// Each field once, from its most trusted source.
    public var fields: [DocumentField]
    public var mrz: MRZResult?
    public var barcode: BarcodeEvidence?
    /// Where two sources disagree about one field.
    public var mismatches: [FieldMismatch]
    public var front: SideEvidence
    public var back: SideEvidence?
    /// The spec's summary flags.
    public var documentVerificationPlus: DocumentVerificationPlus
    /// Non-nil when the images cannot be read: what the user can do about it.
    public var documentUnreadable: [UnreadableReason]?
    /// Fraud zones; nil when the face engine was not part of the inspection.
    public var advancedConfidence: AdvancedConfidence?
    /// Egyptian ID: what covers or holes each side (absent for other documents: not measured).
    public var imageAnomalies: CardImageAnomalies?
    /// The chip's evidence, when the app read the chip (`docs/chip.md`): added
    /// by the server after the images are read, never by the image engines.
    public var chip: ChipReport?
    public var timings: [StageTiming]

    public init(documentType: DocumentType, country: String, fields: [DocumentField] = [], mrz: MRZResult? = nil,
                barcode: BarcodeEvidence? = nil, mismatches: [FieldMismatch] = [], front: SideEvidence, back: SideEvidence? = nil,
                documentVerificationPlus: DocumentVerificationPlus = .init(), documentUnreadable: [UnreadableReason]? = nil,
                timings: [StageTiming] = []) {
        self.documentType = documentType
        self.country = country
        self.fields = fields
        self.mrz = mrz
        self.barcode = barcode
        self.mismatches = mismatches
        self.front = front
        self.back = back
        self.documentVerificationPlus = documentVerificationPlus
        self.documentUnreadable = documentUnreadable
        self.timings = timings
    }

    public func field(_ name: String) -> DocumentField? { fields.first { $0.name == name } }
}

/// One value read from the document.
public struct DocumentField: Sendable, Codable, Equatable {
    /// snake_case as in the spec: `date_of_birth`, `front_nid`, `expiry_date`, …
    public var name: String
    public var value: String
    public var source: FieldSource
    /// 0–1: the recogniser's confidence, or 1 for values confirmed by check digits.
    public var confidence: Double
    /// The side it was read from.
    public var side: DocumentSide

    public init(name: String, value: String, source: FieldSource, confidence: Double, side: DocumentSide = .front) {
        self.name = name
        self.value = value
        self.source = source
        self.confidence = (confidence * 1000).rounded() / 1000
        self.side = side
    }
}

public enum DocumentSide: String, Sendable, Codable {
    case front, back
}

public enum FieldSource: String, Sendable, Codable {
    case mrz, barcode, ocr, derived
}

public struct FieldMismatch: Sendable, Codable, Equatable {
    public var field: String
    /// The values by source, e.g. ["mrz": "1974-08-12", "ocr": "1974-08-13"].
    public var values: [String: String]

    public init(field: String, values: [String: String]) {
        self.field = field
        self.values = values
    }
}

/// What a barcode held.
public struct BarcodeEvidence: Sendable, Codable, Equatable {
    public var format: String
    public var aamva: AAMVALicense?

    public init(format: String, aamva: AAMVALicense?) {
        self.format = format
        self.aamva = aamva
    }
}

/// Facts about one side's image.
public struct SideEvidence: Sendable, Codable, Equatable {
    public var quality: QualityReport
    /// How far the image was turned to read it upright: 0, 90, 180 or 270.
    public var orientation: Int
    /// 0–100: how sure the engine is of what it read on this side.
    public var confidence: Int

    public init(quality: QualityReport, orientation: Int = 0, confidence: Int = 0) {
        self.quality = quality
        self.orientation = orientation
        self.confidence = confidence
    }
}

public struct StageTiming: Sendable, Codable, Equatable {
    public var stage: String
    public var milliseconds: Double

    public init(stage: String, milliseconds: Double) {
        self.stage = stage
        self.milliseconds = milliseconds
    }
}

/// The spec's `advancedConfidence` zones (0 green, 1 review, 2 fraud), for
/// the checks this engine makes: the portrait (`faceFraudZone`).
/// `frontImageManipulationZone` is not measured and therefore absent.
public struct AdvancedConfidence: Sendable, Codable, Equatable {
    /// The parent zone: the highest of the measured zones.
    public var fraudDetectionZone: Int
    public var faceFraudZone: Int
    /// 0–1: how strongly the portrait checks point to a substituted portrait.
    public var faceFraudScore: Double
    public var faceFraudReasons: [FaceFraudReason]
    /// What the zone was decided from.
    public var portrait: PortraitEvidence

    public init(faceFraudZone: Int, faceFraudScore: Double, faceFraudReasons: [FaceFraudReason], portrait: PortraitEvidence) {
        fraudDetectionZone = faceFraudZone
        self.faceFraudZone = faceFraudZone
        self.faceFraudScore = faceFraudScore
        self.faceFraudReasons = faceFraudReasons
        self.portrait = portrait
    }
}
