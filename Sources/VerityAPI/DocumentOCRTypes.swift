import Foundation
import VerityWire

// The national-ID OCR service (`/v1/documents/ocr`, an end user's token):
// a session, a front and a back transaction, their combination. Field names
// are the spec's (`document-ocr-result.md`).

/// `POST /v1/documents/ocr/sessions`: the SDK's ephemeral X25519 public key.
public struct OCRSessionRequest: Codable, Sendable, Equatable {
    /// 32 bytes, base64.
    public var clientPublicKey: String
    public init(clientPublicKey: String) { self.clientPublicKey = clientPublicKey }
}

public struct OCRSessionInfo: Codable, Sendable, Equatable {
    public var sessionID: String
    /// The server's X25519 public key for this session, 32 bytes, base64.
    public var serverPublicKey: String
    /// When the session (and its keys) end unless combined before.
    public var expiresAtEpochMs: Int64
    public init(sessionID: String, serverPublicKey: String, expiresAtEpochMs: Int64) {
        self.sessionID = sessionID
        self.serverPublicKey = serverPublicKey
        self.expiresAtEpochMs = expiresAtEpochMs
    }
}

/// `POST /v1/documents/ocr/front` and `/back`: one side's image, sealed with
/// the side's request key (`OCRTransport`); the plaintext is `OCRSidePayload`.
public struct OCRSideRequest: Codable, Sendable, Equatable {
    public var sessionID: String
    public var sealedRequest: String
    public init(sessionID: String, sealedRequest: String) {
        self.sessionID = sessionID
        self.sealedRequest = sealedRequest
    }
}

public struct OCRSidePayload: Codable, Sendable, Equatable {
    /// JPEG or PNG, base64.
    public var image: String
    public init(image: String) { self.image = image }
}

/// A side accepted: its transaction, and what the engine said of the image
/// (no field values: those travel only in the sealed combined response).
public struct OCRSideAccepted: Codable, Sendable, Equatable {
    public var sessionID: String
    public var side: DocumentSide
    /// `transactionIdFront` or `transactionIdBack`.
    public var transactionId: String
    /// `ocr`'s answer for this side, signed: `OCRSideReport` as JSON.
    public var hmacDataList: [HMACData]
    public init(sessionID: String, side: DocumentSide, transactionId: String, hmacDataList: [HMACData]) {
        self.sessionID = sessionID
        self.side = side
        self.transactionId = transactionId
        self.hmacDataList = hmacDataList
    }
}

/// The engine's answer for one side, inside `OCRSideAccepted.hmacDataList`.
public struct OCRSideReport: Codable, Sendable, Equatable {
    public var side: DocumentSide
    public var transactionId: String
    /// 0–100.
    public var confidence: Int
    public var isGreyscale: Bool
    /// The quality problems the engine saw (`blur`, `glare`, …), empty when none.
    public var problems: [String]
    public init(side: DocumentSide, transactionId: String, confidence: Int, isGreyscale: Bool, problems: [String]) {
        self.side = side
        self.transactionId = transactionId
        self.confidence = confidence
        self.isGreyscale = isGreyscale
        self.problems = problems
    }
}

/// `POST /v1/documents/ocr/combine`.
public struct OCRCombineRequest: Codable, Sendable, Equatable {
    public var sessionID: String
    public var transactionIdFront: String
    public var transactionIdBack: String
    public init(sessionID: String, transactionIdFront: String, transactionIdBack: String) {
        self.sessionID = sessionID
        self.transactionIdFront = transactionIdFront
        self.transactionIdBack = transactionIdBack
    }
}

/// The combination's answer: `VIDVOCRResultBody` sealed with the session's combine-response key.
public struct OCRCombineResponse: Codable, Sendable, Equatable {
    public var sessionID: String
    public var combinationID: String
    public var sealedResponse: String
    public init(sessionID: String, combinationID: String, sealedResponse: String) {
        self.sessionID = sessionID
        self.combinationID = combinationID
        self.sealedResponse = sealedResponse
    }
}

/// What the combined response holds once opened: the spec's `VIDVOCRResult`
/// less `decryptionKeys`, which the SDK adds from its own side of the session.
public struct VIDVOCRResultBody: Codable, Sendable, Equatable {
    public var sessionID: String
    public var ocrResult: OCRResult
    public var documentVerificationResult: DocumentVerificationResult
    /// Only when the environment asks for them (`verity environment set … --ocr-captures true`).
    public var captures: OCRCaptures?
    /// `ocr`'s raw answer (this body's `ocrResult`, `documentVerificationResult`
    /// and `sessionID` as JSON), signed; the SDK maps the raw answer, not the
    /// fields beside it, once its HMAC checks.
    public var hmacDataList: [HMACData]
    public init(sessionID: String, ocrResult: OCRResult, documentVerificationResult: DocumentVerificationResult, captures: OCRCaptures?,
                hmacDataList: [HMACData]) {
        self.sessionID = sessionID
        self.ocrResult = ocrResult
        self.documentVerificationResult = documentVerificationResult
        self.captures = captures
        self.hmacDataList = hmacDataList
    }
}

public struct DocumentVerificationResult: Codable, Sendable, Equatable {
    public var success: Bool
    public init(success: Bool) { self.success = success }
}

public struct OCRCaptures: Codable, Sendable, Equatable {
    /// base64.
    public var nationalIdFront: String
    public var nationalIdBack: String
    public init(nationalIdFront: String, nationalIdBack: String) {
        self.nationalIdFront = nationalIdFront
        self.nationalIdBack = nationalIdBack
    }
}

/// The spec's `decryptionKeys`: the session's three keys, as bytes.
public struct OCRDecryptionKeys: Codable, Sendable, Equatable {
    public var nationalIdFrontRequestKey: [UInt8]
    public var nationalIdBackRequestKey: [UInt8]
    public var combineResponseKey: [UInt8]
    public init(nationalIdFrontRequestKey: [UInt8], nationalIdBackRequestKey: [UInt8], combineResponseKey: [UInt8]) {
        self.nationalIdFrontRequestKey = nationalIdFrontRequestKey
        self.nationalIdBackRequestKey = nationalIdBackRequestKey
        self.combineResponseKey = combineResponseKey
    }
}

/// The spec's `ocrResult`. Values as read (Arabic as printed); dates
/// `YYYY-MM-DD` (`releaseDate` `YYYY-MM`); absent when not read.
public struct OCRResult: Codable, Sendable, Equatable {
    public var firstName: String?
    public var fullName: String?
    public var religion: String?
    public var gender: String?
    public var dateOfBirth: String?
    public var age: Int?
    public var maritalStatus: String?
    public var husbandName: String?
    public var street: String?
    public var birthGovernorate: String?
    public var policeStation: String?
    public var governorate: String?
    public var profession: String?
    public var releaseDate: String?
    public var expiryDate: String?
    public var serialNumber: String?
    public var frontNid: String?
    public var backNid: String?
    /// True when the identity can be anchored to the card's national number:
    /// read on both sides, the same, well formed with its check digit, none of
    /// them up for review (docs/ocr-service.md).
    public var isRootOfTrustCompatible: Bool
    public var transactionIdFront: String
    public var transactionIdBack: String
    public var combinationID: String
    public var documentVerificationPlus: OCRDocumentVerificationPlus
    /// Absent when no fraud or anomaly signal was measured.
    public var advancedConfidence: OCRAdvancedConfidence?

    public init(transactionIdFront: String, transactionIdBack: String, combinationID: String,
                documentVerificationPlus: OCRDocumentVerificationPlus, isRootOfTrustCompatible: Bool) {
        self.transactionIdFront = transactionIdFront
        self.transactionIdBack = transactionIdBack
        self.combinationID = combinationID
        self.documentVerificationPlus = documentVerificationPlus
        self.isRootOfTrustCompatible = isRootOfTrustCompatible
    }

    enum CodingKeys: String, CodingKey {
        case firstName, fullName, religion, gender, dateOfBirth, age, maritalStatus, husbandName, street, birthGovernorate,
             policeStation, governorate, profession, releaseDate, expiryDate, serialNumber, frontNid, backNid,
             isRootOfTrustCompatible, transactionIdFront, transactionIdBack, combinationID, documentVerificationPlus,
             advancedConfidence = "advanced_confidence"
    }
}

/// The spec's `documentVerificationPlus` as the OCR result carries it: the
/// engine's flags, spelled so that the specification's example reads as
/// written (`flags.isExpired`, `flags.reviewRequired?.isEmpty`).
public struct OCRDocumentVerificationPlus: Codable, Sendable, Equatable {
    public var frontDataValidity: Bool
    public var backDataValidity: Bool
    public var frontConfidence: Int
    public var backConfidence: Int
    public var isFrontGreyscale: Bool
    public var isBackGreyscale: Bool
    public var expired: Bool
    /// snake_case field names needing a person's look (`front_nid`,
    /// `birth_governorate`, …). Verity always sends the list (empty when none
    /// is flagged); optional because the specification's example reads it so.
    public var reviewRequired: [String]?

    /// The specification's example spells `expired` so.
    public var isExpired: Bool { expired }

    public init(_ flags: DocumentVerificationPlus) {
        frontDataValidity = flags.frontDataValidity
        backDataValidity = flags.backDataValidity
        frontConfidence = flags.frontConfidence
        backConfidence = flags.backConfidence
        isFrontGreyscale = flags.isFrontGreyscale
        isBackGreyscale = flags.isBackGreyscale
        expired = flags.expired
        reviewRequired = flags.reviewRequired
    }
}

/// The spec's `advanced_confidence`, snake_case as the spec writes it. Zones:
/// 0 green, 1 review, 2 fraud. A signal not measured is absent, never 0.
public struct OCRAdvancedConfidence: Codable, Sendable, Equatable {
    public struct FraudDetails: Codable, Sendable, Equatable {
        public var isCracked: Bool?
        public var isCrackedConfidence: Double?
        public var faceFraudZone: Int?
        public var faceFraudConfidence: Double?
        public var frontImageManipulationZone: Int?
        public var frontImageManipulationConfidence: Double?
        public init() {}

        enum CodingKeys: String, CodingKey {
            case isCracked = "is_cracked", isCrackedConfidence = "is_cracked_confidence", faceFraudZone = "face_fraud_zone",
                 faceFraudConfidence = "face_fraud_confidence", frontImageManipulationZone = "front_image_manipulation_zone",
                 frontImageManipulationConfidence = "front_image_manipulation_confidence"
        }
    }

    public struct AnomalyDetails: Codable, Sendable, Equatable {
        public var frontImageAnomalyZone: Int?
        public var frontImageAnomalyConfidence: Double?
        public var frontTextManipulation: Bool?
        public var backImageAnomalyZone: Int?
        public var backImageAnomalyConfidence: Double?
        public var backTextManipulation: Bool?
        public init() {}

        enum CodingKeys: String, CodingKey {
            case frontImageAnomalyZone = "front_image_anomaly_zone", frontImageAnomalyConfidence = "front_image_anomaly_confidence",
                 frontTextManipulation = "front_text_manipulation", backImageAnomalyZone = "back_image_anomaly_zone",
                 backImageAnomalyConfidence = "back_image_anomaly_confidence", backTextManipulation = "back_text_manipulation"
        }
    }

    /// The parent of the face and image-manipulation zones: the highest measured.
    public var fraudDetectionZone: Int?
    public var fraudDetectionDetails: FraudDetails
    /// The parent of the anomaly zones: the highest measured.
    public var anomalyDetectionZone: Int?
    public var anomalyDetectionDetails: AnomalyDetails?

    /// The flat zones of the specification's table (`fraud.faceFraudZone > 0`):
    /// the nested tree's zone, 0 also when it was not measured (the tree says which).
    public var faceFraudZone: Int { fraudDetectionDetails.faceFraudZone ?? 0 }
    public var frontImageManipulationZone: Int { fraudDetectionDetails.frontImageManipulationZone ?? 0 }

    public init(fraudDetectionZone: Int?, fraudDetectionDetails: FraudDetails, anomalyDetectionZone: Int? = nil,
                anomalyDetectionDetails: AnomalyDetails? = nil) {
        self.fraudDetectionZone = fraudDetectionZone
        self.fraudDetectionDetails = fraudDetectionDetails
        self.anomalyDetectionZone = anomalyDetectionZone
        self.anomalyDetectionDetails = anomalyDetectionDetails
    }

    enum CodingKeys: String, CodingKey {
        case fraudDetectionZone = "fraud_detection_zone", fraudDetectionDetails = "fraud_detection_details",
             anomalyDetectionZone = "anomaly_detection_zone", anomalyDetectionDetails = "anomaly_detection_details"
    }
}
