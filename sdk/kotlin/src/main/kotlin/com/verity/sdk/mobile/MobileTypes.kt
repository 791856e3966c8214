package com.verity.sdk.mobile

import com.verity.sdk.identity.IdDocumentType
import com.verity.sdk.wire.ObjectShape
import com.verity.sdk.wire.Shape
import com.verity.sdk.wire.Shapes
import com.verity.sdk.wire.objectShape

// The mobile API's values (`mobile-api.txt`): the envelope every answer is,
// and each product's `data`. Properties are camelCase; the shapes carry the
// wire's snake_case names.

enum class MobileProduct(val wire: String) { VERIFY_HUMAN("verifyhuman"), VERIFY_AGE("verifyage"), VERIFY_IDENTITY("verifyidentity"), VERIFY_COMPLIANCE("verifycompliance") }

/** The two products that read a document: the same steps under each one's path. */
enum class MobileDocumentProduct(val wire: String) { VERIFY_IDENTITY("verifyidentity"), VERIFY_COMPLIANCE("verifycompliance") }

enum class MobileOutcome(val wire: String) { PASS("pass"), FAIL("fail"), UNDETERMINED("undetermined") }

enum class MobileStep(val wire: String) {
    STEP1("step1"), STEP2("step2"), STEP3("step3"), UPLOAD_SELFIE("upload_selfie"), UPLOAD_ID_FRONT("upload_id_front"),
    UPLOAD_ID_BACK("upload_id_back"), SUBMIT("submit")
}

/** Environment (`test`, `live`, `demo`) and the session's current step. */
data class MobileMeta(val environment: String, val step: String?)

/** Every answer of the mobile API: `success`, the session, the outcome once terminal, the next step, the step's data. */
data class MobileEnvelope<D>(
    val success: Boolean,
    val sessionId: String?,
    /** The verification the session resolved to (after submit). */
    val verificationId: String?,
    val product: MobileProduct,
    /** Set once the flow is terminal. */
    val outcome: MobileOutcome?,
    /** The step to drive next; null when terminal. */
    val nextStep: MobileStep?,
    val data: D,
    val meta: MobileMeta
)

/** VerifyHuman's `data`. */
data class HumanData(
    /** A pass's single-use token: send it to your backend, which redeems it (`POST /admin/v1/mobile/tokens/verify`). */
    val token: String?,
    val tokenExpiresAt: Long?,
    /** `NO_FACE`, `MULTIPLE_FACES`, `RECAPTURE_PATTERN`, `FRAME_AROUND_FACE`. */
    val reasons: List<String>,
    val faces: Int
)

/** VerifyAge's `data` on every step. */
data class AgeData(val minimumAge: Int, val reasons: List<String>, val ageEstimate: Double?, val credits: Int?)

/** What the environment asks before an age session opens. */
data class AgeRules(val minimumAge: Int, val ageMargin: Double, val credits: Int, val steps: List<String>)

/** A sanctions list entry the name resembled (VerifyCompliance). */
data class SanctionsMatch(
    /** The list the entry is on: `ofac-sdn`, `un-consolidated`, `us-bis-dpl`, `watchlist:<name>`. */
    val list: String,
    /** The list's version the entry was matched in. */
    val listVersion: ListVersion?,
    /** The entry's number within its list (OFAC's `ent_num`, the UN's `DATAID`). */
    val entryId: Long,
    /** The entry's reference as its list writes it (the UN's `QDi.006`, OFAC's `ent_num`). */
    val reference: String,
    val listedName: String,
    val matchedName: String,
    val kind: String,
    val programs: List<String>,
    val score: Double,
    val reasons: List<String>,
    /** `agrees`, `withinAYear` or `differs`, when both dates are known. */
    val dateOfBirth: String?
)

/** A list's version: its publication date (null when the file gives none) and the imported file's SHA-256. */
data class ListVersion(val published: String?, val sha256: String)

/** [match] and [distance] are null when no face could be compared. */
data class FaceMatch(val match: Boolean?, val distance: Double?, val threshold: Double)
data class Liveness(val attackSuspected: Boolean?, val reasons: List<String>)
data class Screening(val name: String, val matches: List<SanctionsMatch>)

/** A document session's result: the document's fields and decision, the face checks, the screening. */
data class IdentityResult(
    val decision: MobileOutcome,
    val reasons: List<String>,
    val documentType: String,
    val country: String,
    /** What the document named rather than the client's hints (`document_type`, `country`). */
    val detected: List<String>?,
    val fields: Map<String, String>,
    val faceMatch: FaceMatch,
    val liveness: Liveness,
    /** VerifyCompliance only. */
    val screening: Screening?,
    /** When the app sent the chip ([MobileVerificationClient.uploadChip]): its outcome. */
    val chip: MobileChipResult? = null
)

/** VerifyIdentity's and VerifyCompliance's `data`. */
data class IdentityData(val reasons: List<String>, val credits: Int?, val result: IdentityResult?)

/** A document for a session: base64 images and optional hints (without them the server reads both from the document). */
data class MobileDocument(
    val front: String,
    /** Not for a passport (its photo page is both sides). */
    val back: String? = null,
    val documentType: IdDocumentType? = null,
    /** ISO 3166-1 alpha-2 issuing country. */
    val country: String? = null
)

/** A request body: the wire's fields (images in base64), made by the client's calls. */
class Body internal constructor(internal val fields: Map<String, String?>)

internal object MobileShapes {
    private val outcome = Shapes.oneOf(MobileOutcome.values()) { it.wire }
    private val step = Shapes.oneOf(MobileStep.values()) { it.wire }
    private val product = Shapes.oneOf(MobileProduct.values()) { it.wire }
    private val strings = Shapes.list(Shapes.string)

    private val meta: ObjectShape<MobileMeta> = objectShape("MobileMeta") {
        val environment = field("environment", Shapes.oneOf("test", "live", "demo")) { it.environment }
        val current = field("step", Shapes.optional(Shapes.string)) { it.step }
        construct { read -> MobileMeta(read[environment], read[current]) }
    }

    fun <D> envelope(name: String, data: Shape<D>): ObjectShape<MobileEnvelope<D>> = objectShape(name) {
        val success = field("success", Shapes.boolean) { it.success }
        val session = field("session_id", Shapes.optional(Shapes.string)) { it.sessionId }
        val verification = field("verification_id", Shapes.optional(Shapes.string)) { it.verificationId }
        val productField = field("product", product) { it.product }
        val outcomeField = field("outcome", Shapes.optional(outcome)) { it.outcome }
        val next = field("next_step", Shapes.optional(step)) { it.nextStep }
        val dataField = field("data", data) { it.data }
        val metaField = field("meta", meta) { it.meta }
        construct { read ->
            MobileEnvelope(read[success], read[session], read[verification], read[productField], read[outcomeField], read[next], read[dataField],
                read[metaField])
        }
    }

    val human: ObjectShape<HumanData> = objectShape("VerifyHumanEnvelope.data") {
        val token = field("token", Shapes.optional(Shapes.string)) { it.token }
        val expires = field("token_expires_at", Shapes.optional(Shapes.long)) { it.tokenExpiresAt }
        val reasons = field("reasons", strings) { it.reasons }
        val faces = field("faces", Shapes.int) { it.faces }
        construct { read -> HumanData(read[token], read[expires], read[reasons], read[faces]) }
    }

    val age: ObjectShape<AgeData> = objectShape("VerifyAgeEnvelope.data") {
        val minimum = field("minimum_age", Shapes.int) { it.minimumAge }
        val reasons = field("reasons", strings) { it.reasons }
        val estimate = field("age_estimate", Shapes.optional(Shapes.double)) { it.ageEstimate }
        val credits = field("credits", Shapes.optional(Shapes.int)) { it.credits }
        construct { read -> AgeData(read[minimum], read[reasons], read[estimate], read[credits]) }
    }

    val ageRules: ObjectShape<AgeRules> = objectShape("verifyAgeRules.data") {
        val minimum = field("minimum_age", Shapes.int) { it.minimumAge }
        val margin = field("age_margin", Shapes.double) { it.ageMargin }
        val credits = field("credits", Shapes.int) { it.credits }
        val steps = field("steps", strings) { it.steps }
        construct { read -> AgeRules(read[minimum], read[margin], read[credits], read[steps]) }
    }

    private val listVersion: ObjectShape<ListVersion> = objectShape("SanctionsMatch.list_version") {
        val published = field("published", Shapes.optional(Shapes.string)) { it.published }
        val sha256 = field("sha256", Shapes.string) { it.sha256 }
        construct { read -> ListVersion(read[published], read[sha256]) }
    }

    private val sanctionsMatch: ObjectShape<SanctionsMatch> = objectShape("SanctionsMatch") {
        val list = field("list", Shapes.string) { it.list }
        val version = field("list_version", Shapes.optional(listVersion)) { it.listVersion }
        val entry = field("entry_id", Shapes.long) { it.entryId }
        val reference = field("reference", Shapes.string) { it.reference }
        val listed = field("listed_name", Shapes.string) { it.listedName }
        val matched = field("matched_name", Shapes.string) { it.matchedName }
        val kind = field("kind", Shapes.string) { it.kind }
        val programs = field("programs", strings) { it.programs }
        val score = field("score", Shapes.double) { it.score }
        val reasons = field("reasons", strings) { it.reasons }
        val birth = field("date_of_birth", Shapes.optional(Shapes.oneOf("agrees", "withinAYear", "differs"))) { it.dateOfBirth }
        construct { read ->
            SanctionsMatch(read[list], read[version], read[entry], read[reference], read[listed], read[matched], read[kind], read[programs],
                read[score], read[reasons], read[birth])
        }
    }

    private val result: ObjectShape<IdentityResult> = objectShape("VerifyIdentityEnvelope.data.result") {
        val decision = field("decision", outcome) { it.decision }
        val reasons = field("reasons", strings) { it.reasons }
        val type = field("document_type", Shapes.string) { it.documentType }
        val country = field("country", Shapes.string) { it.country }
        val detected = field("detected", Shapes.optional(Shapes.list(Shapes.oneOf("document_type", "country")))) { it.detected }
        val fields = field("fields", Shapes.map(Shapes.string)) { it.fields }
        val face = field("face_match", objectShape<FaceMatch>("face_match") {
            val match = field("match", Shapes.optional(Shapes.boolean)) { it.match }
            val distance = field("distance", Shapes.optional(Shapes.double)) { it.distance }
            val threshold = field("threshold", Shapes.double) { it.threshold }
            construct { read -> FaceMatch(read[match], read[distance], read[threshold]) }
        }) { it.faceMatch }
        val liveness = field("liveness", objectShape<Liveness>("liveness") {
            val attack = field("attack_suspected", Shapes.optional(Shapes.boolean)) { it.attackSuspected }
            val signals = field("reasons", strings) { it.reasons }
            construct { read -> Liveness(read[attack], read[signals]) }
        }) { it.liveness }
        val screening = field("screening", Shapes.optional(objectShape<Screening>("screening") {
            val name = field("name", Shapes.string) { it.name }
            val matches = field("matches", Shapes.list(sanctionsMatch)) { it.matches }
            construct { read -> Screening(read[name], read[matches]) }
        })) { it.screening }
        val chip = field("chip", Shapes.optional(MobileChipShapes.result)) { it.chip }
        construct { read ->
            IdentityResult(read[decision], read[reasons], read[type], read[country], read[detected], read[fields], read[face], read[liveness],
                read[screening], read[chip])
        }
    }

    val identity: ObjectShape<IdentityData> = objectShape("VerifyIdentityEnvelope.data") {
        val reasons = field("reasons", strings) { it.reasons }
        val credits = field("credits", Shapes.optional(Shapes.int)) { it.credits }
        val resultField = field("result", Shapes.optional(result)) { it.result }
        construct { read -> IdentityData(read[reasons], read[credits], read[resultField]) }
    }

    /** A request body of string fields: `optional` ones are left out when null. Bodies are written, never read back. */
    fun body(name: String, required: List<String>, optional: List<String> = emptyList()): ObjectShape<Body> = objectShape(name) {
        for (key in required) field(key, Shapes.string) { body: Body -> body.fields[key] ?: "" }
        // The document's type goes as one of its names; the other fields as text.
        val documentTypes = Shapes.optional(Shapes.oneOf(*IdDocumentType.values().map { it.name }.toTypedArray()))
        for (key in optional) field(key, if (key == "document_type") documentTypes else Shapes.optional(Shapes.string)) { body: Body -> body.fields[key] }
        construct { Body(emptyMap()) }
    }
}
