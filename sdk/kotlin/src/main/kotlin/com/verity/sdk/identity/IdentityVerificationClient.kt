package com.verity.sdk.identity

import com.verity.sdk.transport.ServiceFailure
import com.verity.sdk.transport.Transport
import com.verity.sdk.transport.TransportOptions
import com.verity.sdk.wire.Credential
import com.verity.sdk.wire.Endpoint
import com.verity.sdk.wire.Verb
import java.util.concurrent.ConcurrentHashMap

/**
 * Verifies one end user's identity against a Verity server, with the calls of
 * `identity-verification.md` and `consent.txt` as suspend functions. Every
 * call throws an [IdentityVerificationException]. A call that failed but may
 * succeed later (`RATE_LIMITED`, `SERVICE_UNAVAILABLE`, an unreachable or
 * silent service) is tried again after 1, 3 and 9 s; a POST keeps one
 * `Idempotency-Key` for all its tries, so a retry after a lost answer gets that
 * answer instead of verifying twice.
 *
 * ```
 * val identityVerificationClient = IdentityVerificationClient(TransportOptions("https://verity.example.com")) { backend.verityToken() }
 * val verifiedIdentity = identityVerificationClient.verifyIdentity(VerifyIdentityInput(firstName = "John", …))
 * ```
 *
 * @param tokenProvider the end user's current token, minted by your backend
 *   (`POST /admin/v1/users/{userRef}/token`); asked before each call.
 */
class IdentityVerificationClient(options: TransportOptions, private val tokenProvider: suspend () -> String) {
    /** A client that always sends [token]. */
    constructor(options: TransportOptions, token: String) : this(options, { token })

    private val transport: Transport = try {
        Transport(options)
    } catch (failure: ServiceFailure) {
        throw IdentityVerificationException.of(failure)
    }

    /** Answers kept for [QueryOption.CACHED_OR_REMOTE], by document flow. */
    private val faceImageAnswers = ConcurrentHashMap<String, Boolean>()

    /** ISO 3166-1 alpha-2 codes of the countries whose identities can be verified. */
    suspend fun listSupportedCountries(): List<String> = call(SUPPORTED_COUNTRIES)

    /**
     * Verifies the user from their name, address and date of birth. Check
     * `verified`, then `canAttemptVerificationAgain` and
     * `requiredVerificationMethod` to guide the user. Throws
     * [IdentityVerificationException.ConsentRequiredException] when the
     * environment requires consent not given.
     */
    suspend fun verifyIdentity(input: VerifyIdentityInput): VerifiedIdentity = call(VERIFY, body = input)

    /** The user's current verification state (poll it while `documentVerificationStatus` is `pending`). */
    suspend fun checkIdentityVerification(): VerifiedIdentity = call(VERIFICATION)

    /** Whether [verifyIdentityDocument] needs a face image beside the document (and must not get one when false). */
    suspend fun isFaceImageRequiredWithDocumentVerification(option: QueryOption = QueryOption.REMOTE_ONLY): Boolean =
        faceImageRequired("verification", option)

    /** Whether [captureAndVerifyIdentityDocument] needs a face image beside the document. */
    suspend fun isFaceImageRequiredWithDocumentCapture(option: QueryOption = QueryOption.REMOTE_ONLY): Boolean =
        faceImageRequired("capture", option)

    /** The specification's short spelling (its capture section): the same as [isFaceImageRequiredWithDocumentCapture]. */
    suspend fun isFaceImageRequired(option: QueryOption = QueryOption.REMOTE_ONLY): Boolean = isFaceImageRequiredWithDocumentCapture(option)

    /**
     * Verifies the user with a government ID after a PII attempt. Answers once
     * the check ends, or with `documentVerificationStatus == pending`: then call
     * [checkIdentityVerification] until it settles.
     */
    suspend fun verifyIdentityDocument(input: VerifyIdentityDocumentInput): VerifiedIdentity = call(VERIFY_DOCUMENT, body = input)

    /** Verifies the user from a driver's licence or ID card alone, without a PII attempt first. */
    suspend fun captureAndVerifyIdentityDocument(input: VerifyIdentityDocumentInput): VerifiedIdentity =
        call(CAPTURE_AND_VERIFY_DOCUMENT, body = input)

    /** A link to the capture page, where the user photographs their document in a browser; it replaces any earlier link. */
    suspend fun initiateIdentityDocumentCapture(): IdDocumentCaptureInitiationInfo = call(INITIATE_DOCUMENT_CAPTURE)

    /**
     * A challenge for the passport's chip to sign (Active Authentication, docs/chip.md): send its bytes to the chip
     * (JMRTD's `doAA`), then the answer with the document ([ChipEvidenceInput.activeAuthentication]). Single use, five minutes.
     */
    suspend fun chipChallenge(): ChipChallenge = call(CHIP_CHALLENGE)

    /** Whether this environment requires consent before verification. */
    suspend fun isConsentRequiredForVerification(): Boolean = call(CONSENT_REQUIRED)

    /** The user's consent status, with the text they agreed to. */
    suspend fun getIdentityDataProcessingConsentStatus(): IdentityDataProcessingConsentStatus = call(CONSENT)

    /** The consent text closest to the preferred content type and locale. */
    suspend fun getIdentityDataProcessingConsentContent(input: IdentityDataProcessingConsentContentInput): IdentityDataProcessingConsentContent =
        call(CONSENT_CONTENT, query = mapOf("preferredContentType" to input.preferredContentType, "preferredLocale" to input.preferredLocale))

    /** Records that the user agreed to [input], exactly as [getIdentityDataProcessingConsentContent] served it. */
    suspend fun provideIdentityDataProcessingConsent(input: IdentityDataProcessingConsentInput): IdentityDataProcessingConsentStatus =
        call(PROVIDE_CONSENT, body = input)

    /** Withdraws the user's consent; earlier verification stays valid. */
    suspend fun withdrawIdentityDataProcessingConsent(): IdentityDataProcessingConsentStatus = call(WITHDRAW_CONSENT)

    private suspend fun faceImageRequired(flow: String, option: QueryOption): Boolean {
        val known = faceImageAnswers[flow]
        if (option == QueryOption.CACHED_OR_REMOTE && known != null) return known
        val required = call(FACE_IMAGE_REQUIRED, query = mapOf("flow" to flow))
        faceImageAnswers[flow] = required
        return required
    }

    /** One call with the user's current token; any failure as an [IdentityVerificationException]. */
    private suspend fun <B, A> call(endpoint: Endpoint<B, A>, body: B? = null, query: Map<String, String> = emptyMap()): A {
        val token = try {
            tokenProvider()
        } catch (error: Exception) {
            throw IdentityVerificationException.AuthenticationException(
                ServiceFailure("NOT_AUTHORIZED", "the token provider failed: ${error.message ?: error.javaClass.simpleName}"))
        }
        try {
            return transport.send(endpoint, token, body = body, query = query)
        } catch (failure: ServiceFailure) {
            throw IdentityVerificationException.of(failure)
        }
    }

    /** The identity API's calls (`/v1/identity`), each declared once; one end user's token on each. */
    companion object Endpoints {
        private const val PREFIX = "/v1/identity"
        private val USER = Credential.USER_TOKEN
        val SUPPORTED_COUNTRIES = Endpoint<Unit, List<String>>(Verb.GET, "$PREFIX/supported-countries", USER, IdentityShapes.supportedCountries)
        val VERIFY = Endpoint(Verb.POST, "$PREFIX/verify", USER, IdentityShapes.verifiedIdentity, IdentityShapes.verifyIdentityInput)
        val VERIFICATION = Endpoint<Unit, VerifiedIdentity>(Verb.GET, "$PREFIX/verification", USER, IdentityShapes.verifiedIdentity)
        val CONSENT_REQUIRED = Endpoint<Unit, Boolean>(Verb.GET, "$PREFIX/consent/required", USER, IdentityShapes.consentRequirement)
        val CONSENT = Endpoint<Unit, IdentityDataProcessingConsentStatus>(Verb.GET, "$PREFIX/consent", USER, IdentityShapes.consentStatus)
        /** Query: `preferredContentType`, `preferredLocale`. */
        val CONSENT_CONTENT = Endpoint<Unit, IdentityDataProcessingConsentContent>(Verb.GET, "$PREFIX/consent/content", USER,
            IdentityShapes.consentContent)
        val PROVIDE_CONSENT = Endpoint(Verb.POST, "$PREFIX/consent", USER, IdentityShapes.consentStatus, IdentityShapes.consentInput)
        val WITHDRAW_CONSENT = Endpoint<Unit, IdentityDataProcessingConsentStatus>(Verb.DELETE, "$PREFIX/consent", USER,
            IdentityShapes.consentStatus)
        /** Query: `flow` (`verification` or `capture`). */
        val FACE_IMAGE_REQUIRED = Endpoint<Unit, Boolean>(Verb.GET, "$PREFIX/document/face-image-required", USER,
            IdentityShapes.faceImageRequirement)
        val VERIFY_DOCUMENT = Endpoint(Verb.POST, "$PREFIX/document/verify", USER, IdentityShapes.verifiedIdentity,
            IdentityShapes.verifyIdentityDocumentInput)
        val CAPTURE_AND_VERIFY_DOCUMENT = Endpoint(Verb.POST, "$PREFIX/document/capture-and-verify", USER, IdentityShapes.verifiedIdentity,
            IdentityShapes.verifyIdentityDocumentInput)
        val INITIATE_DOCUMENT_CAPTURE = Endpoint<Unit, IdDocumentCaptureInitiationInfo>(Verb.POST, "$PREFIX/document/capture", USER,
            IdentityShapes.captureInitiation)
        val CHIP_CHALLENGE = Endpoint<Unit, ChipChallenge>(Verb.POST, "$PREFIX/document/chip-challenge", USER, ChipShapes.challenge,
            status = 201)

        /** Every call, for the contract test. */
        val ALL: List<Endpoint<*, *>> get() = listOf(SUPPORTED_COUNTRIES, VERIFY, VERIFICATION, CONSENT_REQUIRED, CONSENT, CONSENT_CONTENT,
            PROVIDE_CONSENT, WITHDRAW_CONSENT, FACE_IMAGE_REQUIRED, VERIFY_DOCUMENT, CAPTURE_AND_VERIFY_DOCUMENT, INITIATE_DOCUMENT_CAPTURE,
            CHIP_CHALLENGE)
    }
}
