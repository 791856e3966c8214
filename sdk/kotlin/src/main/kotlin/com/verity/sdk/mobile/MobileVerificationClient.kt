package com.verity.sdk.mobile

import com.verity.sdk.transport.ServiceFailure
import com.verity.sdk.transport.Transport
import com.verity.sdk.transport.TransportOptions
import com.verity.sdk.wire.Credential
import com.verity.sdk.wire.Endpoint
import com.verity.sdk.wire.Verb
import com.verity.sdk.wire.WireHeader

/**
 * Every failure of [MobileVerificationClient]: the stable [code]
 * (`mobile-api.txt`'s error table, or the SDK's own `NETWORK_ERROR`,
 * `TIMEOUT`, `INVALID_RESPONSE`), the field at fault, whether a later try may
 * succeed (the client already retried with backoff), the wait the service
 * asked for, and the session the error is about.
 */
class MobileVerificationException internal constructor(failure: ServiceFailure) : Exception(failure.message) {
    val code: String = failure.code
    val field: String? = failure.field
    val retryable: Boolean = failure.retryable
    /** The HTTP status; 0 when the service was not reached. */
    val httpStatus: Int = failure.httpStatus
    /** Seconds the service asked to wait (`Retry-After`). */
    val retryAfterSeconds: Int? = failure.retryAfterSeconds
    val sessionId: String? = failure.sessionId

    override fun toString(): String = "MobileVerificationException($code${field?.let { ", $it" } ?: ""}): $message"
}

/**
 * The mobile API from an Android app (or any JVM) with a publishable client
 * key (`vhk_live_…`, `vhk_test_…`, `pk_demo_…`), safe to ship in the app.
 * Every answer is the API's envelope. Each call of a session is offered one
 * by one beside whole-flow helpers that follow `next_step` themselves.
 * Retryable errors (`RATE_LIMITED`, `SYSTEM_ERROR`, an unreachable or silent
 * service) are retried after 1, 3 and 9 s (or the `Retry-After` asked for) with
 * the same `Idempotency-Key`, so a retried submit is never charged twice.
 * Failures throw [MobileVerificationException].
 */
class MobileVerificationClient(options: TransportOptions, private val clientKey: String) {
    private val transport: Transport = try {
        require(clientKey.isNotBlank())
        Transport(options)
    } catch (failure: ServiceFailure) {
        throw MobileVerificationException(failure)
    } catch (error: IllegalArgumentException) {
        throw MobileVerificationException(ServiceFailure.client(ServiceFailure.INVALID_INPUT, "give the app's publishable client key", field = "clientKey"))
    }

    // VerifyHuman (1 credit)

    /** One selfie (base64): a single live-looking human face passes, with a token for your backend in `data.token`. */
    suspend fun verifyHuman(image: String): MobileEnvelope<HumanData> = call(VERIFY_HUMAN, body("selfie_b64" to image))

    suspend fun verifyHumanStatus(verificationId: String): MobileEnvelope<HumanData> =
        call(VERIFY_HUMAN_STATUS, parameters = mapOf("verification_id" to verificationId))

    // VerifyAge (10 credits), step by step

    suspend fun verifyAgeRules(): MobileEnvelope<AgeRules> = call(AGE_RULES)
    suspend fun startAgeSession(): MobileEnvelope<AgeData> = call(AGE_SESSION, body())
    /** Step 1: the claimed date of birth, `YYYY-MM-DD`. */
    suspend fun submitDateOfBirth(sessionId: String, dateOfBirth: String): MobileEnvelope<AgeData> =
        call(AGE_STEP1, body("date_of_birth" to dateOfBirth), session = sessionId)
    /** Step 2: the selfie, base64. */
    suspend fun submitAgeSelfie(sessionId: String, selfie: String): MobileEnvelope<AgeData> =
        call(AGE_STEP2, body("selfie_b64" to selfie), session = sessionId)
    /** Step 3, only when step 2 asked for it: the document. */
    suspend fun submitAgeDocument(sessionId: String, document: MobileDocument): MobileEnvelope<AgeData> = call(AGE_STEP3,
        body("id_front_b64" to document.front, "id_back_b64" to document.back, "document_type" to document.documentType?.name,
            "country" to document.country), session = sessionId)
    suspend fun ageStatus(sessionId: String): MobileEnvelope<AgeData> = call(AGE_STATUS, parameters = mapOf("session_id" to sessionId))

    /** The whole VerifyAge flow: date of birth, selfie, and [document] only if asked (once more if it was unreadable). */
    suspend fun verifyAge(dateOfBirth: String, selfie: String, document: (suspend () -> MobileDocument)? = null): MobileEnvelope<AgeData> {
        val id = sessionOf(startAgeSession())
        var answer = submitDateOfBirth(id, dateOfBirth)
        if (answer.nextStep == MobileStep.STEP2) answer = submitAgeSelfie(id, selfie)
        var tries = 0
        while (answer.nextStep == MobileStep.STEP3 && tries < 2 && document != null) {
            answer = submitAgeDocument(id, document())
            tries += 1
        }
        return answer
    }

    // VerifyIdentity (40 credits) and VerifyCompliance (60 credits), step by step

    suspend fun startSession(product: MobileDocumentProduct): MobileEnvelope<IdentityData> = call(calls(product).session, body())
    suspend fun uploadSelfie(product: MobileDocumentProduct, sessionId: String, selfie: String): MobileEnvelope<IdentityData> =
        call(calls(product).uploadSelfie, body("selfie_b64" to selfie), session = sessionId)
    suspend fun uploadIdFront(product: MobileDocumentProduct, sessionId: String, document: MobileDocument): MobileEnvelope<IdentityData> =
        call(calls(product).uploadIdFront, body("id_front_b64" to document.front, "document_type" to document.documentType?.name,
            "country" to document.country), session = sessionId)
    suspend fun uploadIdBack(product: MobileDocumentProduct, sessionId: String, back: String): MobileEnvelope<IdentityData> =
        call(calls(product).uploadIdBack, body("id_back_b64" to back), session = sessionId)
    /** A challenge for the passport chip's Active Authentication, bound to this session for five minutes (docs/chip.md). */
    suspend fun chipChallenge(product: MobileDocumentProduct, sessionId: String): ChipChallengeData =
        call(calls(product).chipChallenge, body(), session = sessionId).data
    /** The chip's files as read (NFC), any time before [submit], which checks them; the step due does not move. */
    suspend fun uploadChip(product: MobileDocumentProduct, sessionId: String, chip: ChipUpload): MobileEnvelope<IdentityData> =
        call(calls(product).uploadChip, chip, session = sessionId)
    suspend fun submit(product: MobileDocumentProduct, sessionId: String): MobileEnvelope<IdentityData> =
        call(calls(product).submit, body(), session = sessionId)
    suspend fun status(product: MobileDocumentProduct, sessionId: String): MobileEnvelope<IdentityData> =
        call(calls(product).status, parameters = mapOf("session_id" to sessionId))
    /** The ended session's result in `data.result`: the document's fields and decision, the face checks, the screening. */
    suspend fun result(product: MobileDocumentProduct, sessionId: String): MobileEnvelope<IdentityData> =
        call(calls(product).result, parameters = mapOf("session_id" to sessionId))

    /**
     * The whole VerifyIdentity flow: selfie, document, submit. An unreadable
     * document answers with `nextStep == UPLOAD_ID_FRONT` and the reasons:
     * take it again and call [retakeDocument].
     *
     * With [readChip], the passport's chip too: given the session's Active
     * Authentication challenge, it reads the chip over NFC (JMRTD: docs/chip.md)
     * and returns what it read; the client sends it before the submit.
     */
    suspend fun verifyIdentity(selfie: String, document: MobileDocument,
                               readChip: (suspend (ChipChallengeData) -> ChipUpload)? = null): MobileEnvelope<IdentityData> =
        documentFlow(MobileDocumentProduct.VERIFY_IDENTITY, selfie, document, readChip)

    /** VerifyIdentity plus the name read from the document screened against the sanctions list (`SANCTIONS_MATCH` fails it). */
    suspend fun verifyCompliance(selfie: String, document: MobileDocument,
                                 readChip: (suspend (ChipChallengeData) -> ChipUpload)? = null): MobileEnvelope<IdentityData> =
        documentFlow(MobileDocumentProduct.VERIFY_COMPLIANCE, selfie, document, readChip)

    /** Sends the document again into a session that asked for it, and submits. */
    suspend fun retakeDocument(product: MobileDocumentProduct, sessionId: String, document: MobileDocument): MobileEnvelope<IdentityData> =
        uploadDocument(product, sessionId, document, status(product, sessionId))

    private suspend fun documentFlow(product: MobileDocumentProduct, selfie: String, document: MobileDocument,
                                     readChip: (suspend (ChipChallengeData) -> ChipUpload)?): MobileEnvelope<IdentityData> {
        val id = sessionOf(startSession(product))
        if (readChip != null) uploadChip(product, id, readChip(chipChallenge(product, id)))
        return uploadDocument(product, id, document, uploadSelfie(product, id, selfie))
    }

    private suspend fun uploadDocument(product: MobileDocumentProduct, id: String, document: MobileDocument,
                                       previous: MobileEnvelope<IdentityData>): MobileEnvelope<IdentityData> {
        var answer = previous
        if (answer.nextStep == MobileStep.UPLOAD_ID_FRONT) answer = uploadIdFront(product, id, document)
        if (answer.nextStep == MobileStep.UPLOAD_ID_BACK) {
            val back = document.back ?: throw MobileVerificationException(
                ServiceFailure("MISSING_REQUIRED_FIELD", "this document needs its back", "back", sessionId = id))
            answer = uploadIdBack(product, id, back)
        }
        if (answer.nextStep == MobileStep.SUBMIT) answer = submit(product, id)
        return answer
    }

    private suspend fun <B, A> call(endpoint: Endpoint<B, A>, body: B? = null, parameters: Map<String, String> = emptyMap(),
                                 session: String? = null): A {
        val headers = if (session != null) mapOf(WireHeader.MOBILE_SESSION to session) else emptyMap()
        try {
            return transport.send(endpoint, clientKey, body = body, parameters = parameters, headers = headers)
        } catch (failure: ServiceFailure) {
            throw MobileVerificationException(failure)
        }
    }

    private fun sessionOf(answer: MobileEnvelope<*>): String = answer.sessionId
        ?: throw MobileVerificationException(ServiceFailure.client(ServiceFailure.INVALID_RESPONSE, "no session was opened"))

    private fun body(vararg fields: Pair<String, String?>) = Body(fields.toMap())

    /** One document product's calls. */
    class DocumentCalls internal constructor(product: MobileDocumentProduct) {
        private val prefix = "$PREFIX/${product.wire}"
        private val identity = MobileShapes.envelope("VerifyIdentityEnvelope", MobileShapes.identity)
        val session = Endpoint(Verb.POST, "$prefix/session", KEY, identity, EMPTY)
        val uploadSelfie = Endpoint(Verb.POST, "$prefix/upload/selfie", KEY, identity, SELFIE)
        val uploadIdFront = Endpoint(Verb.POST, "$prefix/upload/id-front", KEY, identity,
            MobileShapes.body("id_front", listOf("id_front_b64"), listOf("document_type", "country")))
        val uploadIdBack = Endpoint(Verb.POST, "$prefix/upload/id-back", KEY, identity, MobileShapes.body("id_back", listOf("id_back_b64")))
        val uploadChip = Endpoint(Verb.POST, "$prefix/upload/chip", KEY, identity, MobileChipShapes.upload)
        val chipChallenge = Endpoint(Verb.POST, "$prefix/chip-challenge", KEY,
            MobileShapes.envelope("ChipChallengeEnvelope", MobileChipShapes.challenge), EMPTY)
        val submit = Endpoint(Verb.POST, "$prefix/submit", KEY, identity, EMPTY)
        val status = Endpoint<Body, MobileEnvelope<IdentityData>>(Verb.GET, "$prefix/status/{session_id}", KEY, identity)
        val result = Endpoint<Body, MobileEnvelope<IdentityData>>(Verb.GET, "$prefix/result/{session_id}", KEY, identity)

        val all: List<Endpoint<*, *>> get() = listOf(session, uploadSelfie, uploadIdFront, uploadIdBack, uploadChip, chipChallenge, submit, status, result)
    }

    /** The mobile API's calls (`/api/mobile/v1`), each declared once; the client key on each, `X-Mobile-Session` on a session's steps. */
    companion object Endpoints {
        private const val PREFIX = "/api/mobile/v1"
        private val KEY = Credential.CLIENT_KEY
        private val EMPTY = MobileShapes.body("empty", emptyList())
        private val SELFIE = MobileShapes.body("selfie", listOf("selfie_b64"))
        private val HUMAN = MobileShapes.envelope("VerifyHumanEnvelope", MobileShapes.human)
        private val AGE = MobileShapes.envelope("VerifyAgeEnvelope", MobileShapes.age)

        val VERIFY_HUMAN = Endpoint(Verb.POST, "$PREFIX/verifyhuman/verify", KEY, HUMAN, SELFIE)
        val VERIFY_HUMAN_STATUS = Endpoint<Body, MobileEnvelope<HumanData>>(Verb.GET, "$PREFIX/verifyhuman/status/{verification_id}", KEY, HUMAN)
        val AGE_RULES = Endpoint<Body, MobileEnvelope<AgeRules>>(Verb.GET, "$PREFIX/verifyage/rules", KEY,
            MobileShapes.envelope("verifyAgeRules", MobileShapes.ageRules))
        val AGE_SESSION = Endpoint(Verb.POST, "$PREFIX/verifyage/session", KEY, AGE, EMPTY)
        val AGE_STEP1 = Endpoint(Verb.POST, "$PREFIX/verifyage/step1", KEY, AGE, MobileShapes.body("date_of_birth", listOf("date_of_birth")))
        val AGE_STEP2 = Endpoint(Verb.POST, "$PREFIX/verifyage/step2", KEY, AGE, SELFIE)
        val AGE_STEP3 = Endpoint(Verb.POST, "$PREFIX/verifyage/step3", KEY, AGE,
            MobileShapes.body("step3", listOf("id_front_b64"), listOf("id_back_b64", "document_type", "country")))
        val AGE_STATUS = Endpoint<Body, MobileEnvelope<AgeData>>(Verb.GET, "$PREFIX/verifyage/status/{session_id}", KEY, AGE)

        private val documentCalls = MobileDocumentProduct.values().associate { it to DocumentCalls(it) }
        fun calls(product: MobileDocumentProduct): DocumentCalls = documentCalls.getValue(product)

        /** Every call, for the contract test. */
        val ALL: List<Endpoint<*, *>> get() = listOf(VERIFY_HUMAN, VERIFY_HUMAN_STATUS, AGE_RULES, AGE_SESSION, AGE_STEP1, AGE_STEP2, AGE_STEP3,
            AGE_STATUS) + documentCalls.values.flatMap { it.all }
    }
}
