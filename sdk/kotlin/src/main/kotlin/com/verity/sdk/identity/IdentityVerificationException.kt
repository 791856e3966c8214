package com.verity.sdk.identity

import com.verity.sdk.transport.ServiceFailure

/**
 * Every failure of [IdentityVerificationClient]: the service's stable [code],
 * its message (which may change between versions), the [field] at fault, and
 * whether the same call may succeed later (the client already retried). A
 * subclass per kind of failure, as the specification's Kotlin catches them:
 *
 * ```
 * try { client.verifyIdentity(input) }
 * catch (e: IdentityVerificationException.ConsentRequiredException) { … }
 * catch (e: SudoIdentityVerificationException) { … e.code … }
 * ```
 */
open class IdentityVerificationException(
    /** The stable code, e.g. `CONSENT_REQUIRED`. */
    val code: String,
    message: String,
    val field: String? = null,
    val retryable: Boolean = false,
    /** The HTTP status; 0 when the service was not reached. */
    val httpStatus: Int = 0
) : Exception(message) {
    /** Consent must be given before verification in this environment (`consent.txt`). */
    class ConsentRequiredException(failure: ServiceFailure) : IdentityVerificationException(failure)
    /** The consent given is not the text that was served (`CONSENT_CONTENT_MISMATCH`), or none is published (`CONSENT_CONTENT_NOT_FOUND`). */
    class ConsentContentException(failure: ServiceFailure) : IdentityVerificationException(failure)
    /** A field is missing, empty, too long or malformed: see [field]. */
    class InvalidInputException(failure: ServiceFailure) : IdentityVerificationException(failure)
    /** The country is not one of `listSupportedCountries()`. */
    class UnsupportedCountryException(failure: ServiceFailure) : IdentityVerificationException(failure)
    /** An image is not a JPEG/PNG still, too large, or malformed (`INVALID_IMAGE`, `IMAGE_TOO_LARGE`, `UNSUPPORTED_IMAGE`, `PAYLOAD_TOO_LARGE`). */
    class InvalidImageException(failure: ServiceFailure) : IdentityVerificationException(failure)
    /** The user's token is missing, expired or revoked (`NOT_AUTHORIZED`, `INVALID_TOKEN`): get a new one from your backend. */
    class AuthenticationException(failure: ServiceFailure) : IdentityVerificationException(failure)
    /**
     * The call does not fit where the user is: a document before a PII attempt
     * (`PII_VERIFICATION_REQUIRED`), one while a check runs (`DOCUMENT_CHECK_PENDING`),
     * after verification ended (`DOCUMENT_VERIFICATION_CLOSED`), an unusable
     * capture link (`CAPTURE_LINK_UNUSABLE`), or nothing there (`NOT_FOUND`).
     */
    class VerificationStateException(failure: ServiceFailure) : IdentityVerificationException(failure)
    /** Too many requests (`RATE_LIMITED`), after the client's own retries. */
    class RateLimitedException(failure: ServiceFailure) : IdentityVerificationException(failure)
    /** The service or its data source failed or is down (`SERVICE_UNAVAILABLE`, `SYSTEM_ERROR`), after the retries. */
    class ServiceUnavailableException(failure: ServiceFailure) : IdentityVerificationException(failure)
    /** No answer: the service could not be reached (`NETWORK_ERROR`) or did not answer in time (`TIMEOUT`), after the retries. */
    class NetworkException(failure: ServiceFailure) : IdentityVerificationException(failure) {
        val timedOut: Boolean get() = code == ServiceFailure.TIMEOUT
    }
    /** An answer the SDK cannot read (`INVALID_RESPONSE`); the message names the field. */
    class InvalidResponseException(failure: ServiceFailure) : IdentityVerificationException(failure)
    /** A code this SDK does not know yet; [code] holds it. */
    class UnknownException(failure: ServiceFailure) : IdentityVerificationException(failure)

    internal constructor(failure: ServiceFailure) : this(failure.code, failure.message, failure.field, failure.retryable, failure.httpStatus)

    override fun toString(): String = "${javaClass.simpleName}($code${field?.let { ", $it" } ?: ""}): $message"

    companion object {
        /** The exception of [failure]'s kind. */
        internal fun of(failure: ServiceFailure): IdentityVerificationException = when (failure.code) {
            "CONSENT_REQUIRED" -> ConsentRequiredException(failure)
            "CONSENT_CONTENT_MISMATCH", "CONSENT_CONTENT_NOT_FOUND" -> ConsentContentException(failure)
            "INVALID_INPUT" -> InvalidInputException(failure)
            "UNSUPPORTED_COUNTRY" -> UnsupportedCountryException(failure)
            "INVALID_IMAGE", "IMAGE_TOO_LARGE", "UNSUPPORTED_IMAGE", "PAYLOAD_TOO_LARGE" -> InvalidImageException(failure)
            "NOT_AUTHORIZED", "INVALID_TOKEN" -> AuthenticationException(failure)
            "PII_VERIFICATION_REQUIRED", "DOCUMENT_CHECK_PENDING", "DOCUMENT_VERIFICATION_CLOSED", "CAPTURE_LINK_UNUSABLE", "NOT_FOUND",
            "CHIP_REQUIRED", "CHIP_CHALLENGE_INVALID" ->
                VerificationStateException(failure)
            "RATE_LIMITED" -> RateLimitedException(failure)
            "SERVICE_UNAVAILABLE", "SYSTEM_ERROR" -> ServiceUnavailableException(failure)
            ServiceFailure.NETWORK_ERROR, ServiceFailure.TIMEOUT -> NetworkException(failure)
            ServiceFailure.INVALID_RESPONSE -> InvalidResponseException(failure)
            else -> UnknownException(failure)
        }
    }
}

/** The specification's name for the family (`catch (e: SudoIdentityVerificationException)`). */
typealias SudoIdentityVerificationException = IdentityVerificationException
