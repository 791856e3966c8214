package com.verity.sdk.ocr

import com.verity.sdk.wire.ObjectShape
import com.verity.sdk.wire.Shapes
import com.verity.sdk.wire.objectShape

// The OCR result as `document-ocr-result.md` names it (`VIDVOCRResult`,
// `ocrResult`, `documentVerificationPlus`, `advancedConfidence`), with the
// shapes that read it from the service's signed answer.

/** `documentVerificationPlus`: each side's checks, greyscale copies, expiry, and the fields a person should look at. */
data class DocumentVerificationPlus(
    val frontDataValidity: Boolean,
    val backDataValidity: Boolean,
    val frontConfidence: Int,
    val backConfidence: Int,
    val isFrontGreyscale: Boolean,
    val isBackGreyscale: Boolean,
    val expired: Boolean,
    val reviewRequired: List<String>?
) {
    val isExpired: Boolean get() = expired
}

/** `advancedConfidence`: manipulation zones, 0 green, 1 yellow (review), 2 red (fraud). */
data class AdvancedConfidence(
    val fraudDetectionZone: Int?,
    val fraudDetectionDetails: FraudDetails,
    val anomalyDetectionZone: Int?,
    val anomalyDetectionDetails: AnomalyDetails?
) {
    data class FraudDetails(
        val isCracked: Boolean?,
        val isCrackedConfidence: Double?,
        val faceFraudZone: Int?,
        val faceFraudConfidence: Double?,
        val frontImageManipulationZone: Int?,
        val frontImageManipulationConfidence: Double?
    )

    data class AnomalyDetails(
        val frontImageAnomalyZone: Int?,
        val frontImageAnomalyConfidence: Double?,
        val frontTextManipulation: Boolean?,
        val backImageAnomalyZone: Int?,
        val backImageAnomalyConfidence: Double?,
        val backTextManipulation: Boolean?
    )

    /** The specification's shortcuts: 0 when not measured. */
    val faceFraudZone: Int get() = fraudDetectionDetails.faceFraudZone ?: 0
    val frontImageManipulationZone: Int get() = fraudDetectionDetails.frontImageManipulationZone ?: 0
}

/** `ocrResult`: what the card says, front and back combined. */
data class OcrResult(
    val firstName: String?, val fullName: String?, val religion: String?, val gender: String?, val dateOfBirth: String?, val age: Int?,
    val maritalStatus: String?, val husbandName: String?, val street: String?, val birthGovernorate: String?, val policeStation: String?,
    val governorate: String?, val profession: String?, val releaseDate: String?, val expiryDate: String?, val serialNumber: String?,
    val frontNid: String?, val backNid: String?, val isRootOfTrustCompatible: Boolean, val transactionIdFront: String,
    val transactionIdBack: String, val combinationID: String, val documentVerificationPlus: DocumentVerificationPlus,
    val advancedConfidence: AdvancedConfidence?
)

/** One signed answer: the raw JSON as signed, its HMAC-SHA256 (hex) and its Ed25519 signature (base64). */
data class HmacData(val serviceID: String, val rawResponse: String, val hmacDigest: String, val signature: String)

/** The session's three keys, as the specification's `decryptionKeys` carries them. */
data class DecryptionKeys(val nationalIdFrontRequestKey: ByteArray, val nationalIdBackRequestKey: ByteArray, val combineResponseKey: ByteArray)

/** The card's images the service returns when the environment asks for them (base64). */
data class Captures(val nationalIdFront: String, val nationalIdBack: String)

/** `VIDVOCRResult`: the first-level object, with everything read so far. */
data class VIDVOCRResult(
    val sessionID: String,
    val ocrResult: OcrResult? = null,
    /** `documentVerificationResult.success`: whether the card meets the service's requirements. */
    val documentVerificationSuccess: Boolean? = null,
    val captures: Captures? = null,
    val hmacDataList: List<HmacData> = emptyList(),
    val decryptionKeys: DecryptionKeys? = null
) {
    fun getData(): VIDVOCRResult = this
}

/** What a read ends with, or reports on the way (`onOCRResult`'s cases). */
sealed class VIDVOCRResponse {
    data class Success(val data: VIDVOCRResult) : VIDVOCRResponse()
    data class CapturedImages(val nationalIDLabel: String, val nationalIdImage: String) : VIDVOCRResponse()
    data class UserExit(val step: String, val data: VIDVOCRResult?) : VIDVOCRResponse()
    data class ServiceFailure(val code: String, val message: String, val data: VIDVOCRResult?) : VIDVOCRResponse()
    data class BuilderError(val code: String, val message: String) : VIDVOCRResponse()
}

internal object OcrShapes {
    private val optionalInt = Shapes.optional(Shapes.int)
    private val optionalDouble = Shapes.optional(Shapes.double)
    private val optionalBoolean = Shapes.optional(Shapes.boolean)
    private val optionalString = Shapes.optional(Shapes.string)

    val hmacData: ObjectShape<HmacData> = objectShape("HMACData") {
        val service = field("serviceID", Shapes.string) { it.serviceID }
        val raw = field("rawResponse", Shapes.string) { it.rawResponse }
        val digest = field("hmacDigest", Shapes.string) { it.hmacDigest }
        val signature = field("signature", Shapes.string) { it.signature }
        construct { read -> HmacData(read[service], read[raw], read[digest], read[signature]) }
    }

    private val plus: ObjectShape<DocumentVerificationPlus> = objectShape("documentVerificationPlus") {
        val frontValid = field("frontDataValidity", Shapes.boolean) { it.frontDataValidity }
        val backValid = field("backDataValidity", Shapes.boolean) { it.backDataValidity }
        val frontConfidence = field("frontConfidence", Shapes.int) { it.frontConfidence }
        val backConfidence = field("backConfidence", Shapes.int) { it.backConfidence }
        val frontGrey = field("isFrontGreyscale", Shapes.boolean) { it.isFrontGreyscale }
        val backGrey = field("isBackGreyscale", Shapes.boolean) { it.isBackGreyscale }
        val expired = field("expired", Shapes.boolean) { it.expired }
        val review = field("reviewRequired", Shapes.optional(Shapes.list(Shapes.string))) { it.reviewRequired }
        construct { read ->
            DocumentVerificationPlus(read[frontValid], read[backValid], read[frontConfidence], read[backConfidence], read[frontGrey], read[backGrey],
                read[expired], read[review])
        }
    }

    private val fraud: ObjectShape<AdvancedConfidence.FraudDetails> = objectShape("fraud_detection_details") {
        val cracked = field("is_cracked", optionalBoolean) { it.isCracked }
        val crackedConfidence = field("is_cracked_confidence", optionalDouble) { it.isCrackedConfidence }
        val faceZone = field("face_fraud_zone", optionalInt) { it.faceFraudZone }
        val faceConfidence = field("face_fraud_confidence", optionalDouble) { it.faceFraudConfidence }
        val frontZone = field("front_image_manipulation_zone", optionalInt) { it.frontImageManipulationZone }
        val frontConfidence = field("front_image_manipulation_confidence", optionalDouble) { it.frontImageManipulationConfidence }
        construct { read ->
            AdvancedConfidence.FraudDetails(read[cracked], read[crackedConfidence], read[faceZone], read[faceConfidence], read[frontZone],
                read[frontConfidence])
        }
    }

    private val anomaly: ObjectShape<AdvancedConfidence.AnomalyDetails> = objectShape("anomaly_detection_details") {
        val frontZone = field("front_image_anomaly_zone", optionalInt) { it.frontImageAnomalyZone }
        val frontConfidence = field("front_image_anomaly_confidence", optionalDouble) { it.frontImageAnomalyConfidence }
        val frontText = field("front_text_manipulation", optionalBoolean) { it.frontTextManipulation }
        val backZone = field("back_image_anomaly_zone", optionalInt) { it.backImageAnomalyZone }
        val backConfidence = field("back_image_anomaly_confidence", optionalDouble) { it.backImageAnomalyConfidence }
        val backText = field("back_text_manipulation", optionalBoolean) { it.backTextManipulation }
        construct { read ->
            AdvancedConfidence.AnomalyDetails(read[frontZone], read[frontConfidence], read[frontText], read[backZone], read[backConfidence], read[backText])
        }
    }

    private val advanced: ObjectShape<AdvancedConfidence> = objectShape("advanced_confidence") {
        val fraudZone = field("fraud_detection_zone", optionalInt) { it.fraudDetectionZone }
        val fraudDetails = field("fraud_detection_details", fraud) { it.fraudDetectionDetails }
        val anomalyZone = field("anomaly_detection_zone", optionalInt) { it.anomalyDetectionZone }
        val anomalyDetails = field("anomaly_detection_details", Shapes.optional(anomaly)) { it.anomalyDetectionDetails }
        construct { read -> AdvancedConfidence(read[fraudZone], read[fraudDetails], read[anomalyZone], read[anomalyDetails]) }
    }

    val ocrResult: ObjectShape<OcrResult> = objectShape("ocrResult") {
        val firstName = field("firstName", optionalString) { it.firstName }
        val fullName = field("fullName", optionalString) { it.fullName }
        val religion = field("religion", optionalString) { it.religion }
        val gender = field("gender", optionalString) { it.gender }
        val dateOfBirth = field("dateOfBirth", optionalString) { it.dateOfBirth }
        val age = field("age", optionalInt) { it.age }
        val maritalStatus = field("maritalStatus", optionalString) { it.maritalStatus }
        val husbandName = field("husbandName", optionalString) { it.husbandName }
        val street = field("street", optionalString) { it.street }
        val birthGovernorate = field("birthGovernorate", optionalString) { it.birthGovernorate }
        val policeStation = field("policeStation", optionalString) { it.policeStation }
        val governorate = field("governorate", optionalString) { it.governorate }
        val profession = field("profession", optionalString) { it.profession }
        val releaseDate = field("releaseDate", optionalString) { it.releaseDate }
        val expiryDate = field("expiryDate", optionalString) { it.expiryDate }
        val serialNumber = field("serialNumber", optionalString) { it.serialNumber }
        val frontNid = field("frontNid", optionalString) { it.frontNid }
        val backNid = field("backNid", optionalString) { it.backNid }
        val root = field("isRootOfTrustCompatible", Shapes.boolean) { it.isRootOfTrustCompatible }
        val front = field("transactionIdFront", Shapes.string) { it.transactionIdFront }
        val back = field("transactionIdBack", Shapes.string) { it.transactionIdBack }
        val combination = field("combinationID", Shapes.string) { it.combinationID }
        val checks = field("documentVerificationPlus", plus) { it.documentVerificationPlus }
        val confidence = field("advanced_confidence", Shapes.optional(advanced)) { it.advancedConfidence }
        construct { read ->
            OcrResult(read[firstName], read[fullName], read[religion], read[gender], read[dateOfBirth], read[age], read[maritalStatus],
                read[husbandName], read[street], read[birthGovernorate], read[policeStation], read[governorate], read[profession],
                read[releaseDate], read[expiryDate], read[serialNumber], read[frontNid], read[backNid], read[root], read[front], read[back],
                read[combination], read[checks], read[confidence])
        }
    }

    /** The signed raw answer of a combination: what is mapped, never the fields beside it. */
    class RawCombination(val sessionID: String, val ocrResult: OcrResult, val success: Boolean)

    val rawCombination: ObjectShape<RawCombination> = objectShape("RawCombination") {
        val session = field("sessionID", Shapes.string) { it.sessionID }
        val result = field("ocrResult", ocrResult) { it.ocrResult }
        val verification = field("documentVerificationResult", objectShape<Boolean>("documentVerificationResult") {
            val success = field("success", Shapes.boolean) { it }
            construct { read -> read[success] }
        }) { it.success }
        construct { read -> RawCombination(read[session], read[result], read[verification]) }
    }

    /** The combined answer once opened: the signed list and the images; the rest is read from the signed raw answer. */
    class CombinedBody(val sessionID: String, val captures: Captures?, val hmacDataList: List<HmacData>)

    val combinedBody: ObjectShape<CombinedBody> = objectShape("VIDVOCRResultBody") {
        val session = field("sessionID", Shapes.string) { it.sessionID }
        val captures = field("captures", Shapes.optional(objectShape<Captures>("OCRCaptures") {
            val front = field("nationalIdFront", Shapes.string) { it.nationalIdFront }
            val back = field("nationalIdBack", Shapes.string) { it.nationalIdBack }
            construct { read -> Captures(read[front], read[back]) }
        })) { it.captures }
        val list = field("hmacDataList", Shapes.list(hmacData)) { it.hmacDataList }
        construct { read -> CombinedBody(read[session], read[captures], read[list]) }
    }
}
