package com.verity.sdk.identity

import com.verity.sdk.wire.ObjectShape
import com.verity.sdk.wire.Shapes
import com.verity.sdk.wire.objectShape

// The identity API's values, named as `identity-verification.md` and
// `consent.txt` name them, each with the shape it has on the wire. Enum
// constants are spelled as their wire values (`IdDocumentType.driverLicense`,
// as the specification's Kotlin writes it).

/** The level of verification a user reached, or must reach. */
enum class VerificationMethod { NONE, KNOWLEDGE_OF_PII, GOVERNMENT_ID }

/** A government ID's kind. */
@Suppress("EnumEntryName")
enum class IdDocumentType { driverLicense, passport, idCard }

/** Where document verification stands: the specification's eleven values. */
@Suppress("EnumEntryName")
enum class DocumentVerificationStatus {
    notRequired, notAttempted, captureInitiated, captureLinkOpened, captureRetryLimitExceeded, captureLinkTimeout,
    captureLinkExpired, pending, documentUnreadable, succeeded, failed;

    /** Whether the status will not change without a new submission. */
    val isFinal: Boolean get() = this == succeeded || this == failed || this == documentUnreadable
}

/** A document check's own state: `review` while a person decides, `withdrawn` when the user was reset. */
@Suppress("EnumEntryName")
enum class DocumentCheckStatus { pending, review, succeeded, failed, unreadable, withdrawn }

/** Where an answer may come from: the service every time, or a remembered answer first. */
enum class QueryOption { REMOTE_ONLY, CACHED_OR_REMOTE }

/** The name, address and date of birth (`yyyy-mm-dd`) a user gives; `city` and `state` are optional. */
data class VerifyIdentityInput(
    val firstName: String,
    val lastName: String,
    val address: String,
    val city: String? = null,
    val state: String? = null,
    val postalCode: String,
    /** ISO 3166-1 alpha-2, from `listSupportedCountries()`. */
    val country: String,
    val dateOfBirth: String
)

/** The user's latest document check, summarised. */
data class DocumentCheckSummary(
    val checkId: String,
    val status: DocumentCheckStatus,
    /** `verification` or `capture`. */
    val flow: String,
    val documentType: IdDocumentType,
    val country: String,
    /** Why it failed, what to fix, or why it waits for a reviewer. */
    val reasons: List<String>,
    val submittedAtEpochMs: Long,
    /** 0 until it ends. */
    val completedAtEpochMs: Long
)

/** A user's verification state, as verify and check return it. */
data class VerifiedIdentity(
    val owner: String,
    val verified: Boolean,
    /** When verification succeeded; 0 when not verified. */
    val verifiedAtEpochMs: Long,
    val verificationMethod: VerificationMethod,
    val canAttemptVerificationAgain: Boolean,
    val attemptsRemaining: Int,
    val requiredVerificationMethod: VerificationMethod,
    /** 0 if never attempted (or not since a reset). */
    val verificationLastAttemptedAtEpochMs: Long,
    /** The capture page for this user, when the environment offers one. */
    val idScanUrl: String?,
    val consented: Boolean,
    /** The documents accepted when [requiredVerificationMethod] is `GOVERNMENT_ID`. */
    val acceptableDocumentTypes: List<IdDocumentType>,
    val documentVerificationStatus: DocumentVerificationStatus,
    /** The latest document check; null before any. */
    val documentCheck: DocumentCheckSummary? = null
)

/** A government ID's images, base64 (JPEG, PNG or GIF, at most 5 MB each before encoding). */
data class VerifyIdentityDocumentInput(
    val documentType: IdDocumentType,
    /** ISO 3166-1 alpha-2 country that issued the document. */
    val country: String,
    /** The front (a passport's photo page). */
    val imageBase64: String,
    /** The back; for a passport, the photo page again. */
    val backImageBase64: String,
    /** A selfie, only when `isFaceImageRequiredWith…()` says so: the server refuses one it did not ask for. */
    val faceImageBase64: String? = null,
    /** The document's chip as the app read it over NFC (docs/chip.md). */
    val chip: ChipEvidenceInput? = null
)

/** The capture page's address for this user, and when it stops working. */
data class IdDocumentCaptureInitiationInfo(val documentCaptureUrl: String, val expiryEpochMs: Long)

/** Whether the user consents, and to which text. */
data class IdentityDataProcessingConsentStatus(
    val consented: Boolean,
    val consentedAtEpochMs: Long? = null,
    val consentWithdrawnAtEpochMs: Long? = null,
    val content: String? = null,
    val contentType: String? = null,
    val locale: String? = null
)

/** What to ask for: a content type (e.g. `text/plain`) and a locale (e.g. `en-US`). */
data class IdentityDataProcessingConsentContentInput(val preferredContentType: String, val preferredLocale: String)

/** The text to show, in the type and locale closest to the preferences. */
data class IdentityDataProcessingConsentContent(val content: String, val contentType: String, val locale: String)

/** The text the user agreed to, exactly as it was served. */
data class IdentityDataProcessingConsentInput(val content: String, val contentType: String, val locale: String)

/** The shapes of the identity API's values on the wire. */
internal object IdentityShapes {
    private val method = Shapes.oneOf(VerificationMethod.values()) { it.name }
    private val documentType = Shapes.oneOf(IdDocumentType.values()) { it.name }

    val verifyIdentityInput: ObjectShape<VerifyIdentityInput> = objectShape("VerifyIdentityInput") {
        val firstName = field("firstName", Shapes.string) { it.firstName }
        val lastName = field("lastName", Shapes.string) { it.lastName }
        val address = field("address", Shapes.string) { it.address }
        val city = field("city", Shapes.optional(Shapes.string)) { it.city }
        val state = field("state", Shapes.optional(Shapes.string)) { it.state }
        val postalCode = field("postalCode", Shapes.string) { it.postalCode }
        val country = field("country", Shapes.string) { it.country }
        val dateOfBirth = field("dateOfBirth", Shapes.string) { it.dateOfBirth }
        construct { read ->
            VerifyIdentityInput(read[firstName], read[lastName], read[address], read[city], read[state], read[postalCode], read[country],
                read[dateOfBirth])
        }
    }

    private val documentCheck: ObjectShape<DocumentCheckSummary> = objectShape("DocumentCheckSummary") {
        val checkId = field("checkId", Shapes.string) { it.checkId }
        val status = field("status", Shapes.oneOf(DocumentCheckStatus.values()) { it.name }) { it.status }
        val flow = field("flow", Shapes.oneOf("verification", "capture")) { it.flow }
        val type = field("documentType", documentType) { it.documentType }
        val country = field("country", Shapes.string) { it.country }
        val reasons = field("reasons", Shapes.list(Shapes.string)) { it.reasons }
        val submitted = field("submittedAtEpochMs", Shapes.long) { it.submittedAtEpochMs }
        val completed = field("completedAtEpochMs", Shapes.long) { it.completedAtEpochMs }
        construct { read ->
            DocumentCheckSummary(read[checkId], read[status], read[flow], read[type], read[country], read[reasons], read[submitted], read[completed])
        }
    }

    val verifiedIdentity: ObjectShape<VerifiedIdentity> = objectShape("VerifiedIdentity") {
        val owner = field("owner", Shapes.string) { it.owner }
        val verified = field("verified", Shapes.boolean) { it.verified }
        val verifiedAt = field("verifiedAtEpochMs", Shapes.long) { it.verifiedAtEpochMs }
        val verificationMethod = field("verificationMethod", method) { it.verificationMethod }
        val canAttemptAgain = field("canAttemptVerificationAgain", Shapes.boolean) { it.canAttemptVerificationAgain }
        val attemptsRemaining = field("attemptsRemaining", Shapes.int) { it.attemptsRemaining }
        val requiredMethod = field("requiredVerificationMethod", method) { it.requiredVerificationMethod }
        val lastAttempted = field("verificationLastAttemptedAtEpochMs", Shapes.long) { it.verificationLastAttemptedAtEpochMs }
        val idScanUrl = field("idScanUrl", Shapes.nullable(Shapes.string)) { it.idScanUrl }
        val consented = field("consented", Shapes.boolean) { it.consented }
        val acceptable = field("acceptableDocumentTypes", Shapes.list(documentType)) { it.acceptableDocumentTypes }
        val status = field("documentVerificationStatus", Shapes.oneOf(DocumentVerificationStatus.values()) { it.name }) {
            it.documentVerificationStatus
        }
        val check = field("documentCheck", Shapes.optional(documentCheck)) { it.documentCheck }
        construct { read ->
            VerifiedIdentity(read[owner], read[verified], read[verifiedAt], read[verificationMethod], read[canAttemptAgain],
                read[attemptsRemaining], read[requiredMethod], read[lastAttempted], read[idScanUrl], read[consented], read[acceptable],
                read[status], read[check])
        }
    }

    val verifyIdentityDocumentInput: ObjectShape<VerifyIdentityDocumentInput> = objectShape("VerifyIdentityDocumentInput") {
        val image = field("imageBase64", Shapes.string) { it.imageBase64 }
        val back = field("backImageBase64", Shapes.string) { it.backImageBase64 }
        val face = field("faceImageBase64", Shapes.optional(Shapes.string)) { it.faceImageBase64 }
        val country = field("country", Shapes.string) { it.country }
        val type = field("documentType", documentType) { it.documentType }
        val chip = field("chip", Shapes.optional(ChipShapes.evidence)) { it.chip }
        construct { read -> VerifyIdentityDocumentInput(read[type], read[country], read[image], read[back], read[face], read[chip]) }
    }

    val captureInitiation: ObjectShape<IdDocumentCaptureInitiationInfo> = objectShape("IdDocumentCaptureInitiationInfo") {
        val url = field("documentCaptureUrl", Shapes.string) { it.documentCaptureUrl }
        val expiry = field("expiryEpochMs", Shapes.long) { it.expiryEpochMs }
        construct { read -> IdDocumentCaptureInitiationInfo(read[url], read[expiry]) }
    }

    val supportedCountries: ObjectShape<List<String>> = objectShape("SupportedCountries") {
        val countries = field("countries", Shapes.list(Shapes.string)) { it }
        construct { read -> read[countries] }
    }

    val faceImageRequirement: ObjectShape<Boolean> = objectShape("FaceImageRequirement") {
        val required = field("faceImageRequired", Shapes.boolean) { it }
        construct { read -> read[required] }
    }

    val consentRequirement: ObjectShape<Boolean> = objectShape("ConsentRequirement") {
        val required = field("required", Shapes.boolean) { it }
        construct { read -> read[required] }
    }

    val consentStatus: ObjectShape<IdentityDataProcessingConsentStatus> = objectShape("ConsentStatus") {
        val consented = field("consented", Shapes.boolean) { it.consented }
        val at = field("consentedAtEpochMs", Shapes.optional(Shapes.long)) { it.consentedAtEpochMs }
        val withdrawnAt = field("consentWithdrawnAtEpochMs", Shapes.optional(Shapes.long)) { it.consentWithdrawnAtEpochMs }
        val content = field("content", Shapes.optional(Shapes.string)) { it.content }
        val contentType = field("contentType", Shapes.optional(Shapes.string)) { it.contentType }
        val locale = field("locale", Shapes.optional(Shapes.string)) { it.locale }
        construct { read ->
            IdentityDataProcessingConsentStatus(read[consented], read[at], read[withdrawnAt], read[content], read[contentType], read[locale])
        }
    }

    val consentContent: ObjectShape<IdentityDataProcessingConsentContent> = objectShape("ConsentContent") {
        val content = field("content", Shapes.string) { it.content }
        val contentType = field("contentType", Shapes.string) { it.contentType }
        val locale = field("locale", Shapes.string) { it.locale }
        construct { read -> IdentityDataProcessingConsentContent(read[content], read[contentType], read[locale]) }
    }

    val consentInput: ObjectShape<IdentityDataProcessingConsentInput> = objectShape("ConsentInput") {
        val content = field("content", Shapes.string) { it.content }
        val contentType = field("contentType", Shapes.string) { it.contentType }
        val locale = field("locale", Shapes.string) { it.locale }
        construct { read -> IdentityDataProcessingConsentInput(read[content], read[contentType], read[locale]) }
    }
}
