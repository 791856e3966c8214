package com.verity.sdk.transport

import com.verity.sdk.wire.Json

/**
 * A failed call, decoded once: the service's error body (the `/v1`
 * surfaces' `{"error": {…}}` or the mobile API's flat `success: false` body),
 * or what the SDK saw when there was none. Each client turns it into its own
 * exception family, so a caller catches one family per client.
 */
class ServiceFailure(
    val code: String,
    override val message: String,
    val field: String? = null,
    val retryable: Boolean = false,
    /** The HTTP status; 0 when the service was not reached. */
    val httpStatus: Int = 0,
    /** Seconds the service asked to wait (`Retry-After`). */
    val retryAfterSeconds: Int? = null,
    /** The mobile API's session, when the error names it. */
    val sessionId: String? = null
) : Exception(message) {
    companion object {
        /** Codes the SDK raises itself, when the service said nothing it could read. */
        const val INVALID_INPUT = "INVALID_INPUT"
        /** The service could not be reached (refused, reset, DNS, TLS): retried. */
        const val NETWORK_ERROR = "NETWORK_ERROR"
        /** The service did not answer within the request timeout: retried. */
        const val TIMEOUT = "TIMEOUT"
        /** The service answered something the SDK cannot read. */
        const val INVALID_RESPONSE = "INVALID_RESPONSE"
        /** A 5xx without an error body (a proxy's page): retried. */
        const val SERVICE_UNAVAILABLE = "SERVICE_UNAVAILABLE"

        fun client(code: String, message: String, httpStatus: Int = 0, field: String? = null) = ServiceFailure(
            code, message, field, retryable = code == NETWORK_ERROR || code == TIMEOUT || code == SERVICE_UNAVAILABLE, httpStatus = httpStatus
        )

        /** A non-2xx answer: its error body in either shape, or the status alone. */
        fun fromAnswer(text: String, status: Int, retryAfter: String?): ServiceFailure {
            val wait = retryAfter?.trim()?.takeIf { it.matches(Regex("\\d{1,6}")) }?.toInt()
            val body = try { Json.parse(text) } catch (error: Exception) { null }
            val outer = body as? Map<*, *>
            val envelope = outer?.get("error") as? Map<*, *> ?: outer
            val code = envelope?.get("code") as? String
            if (envelope != null && code != null && code.matches(Regex("[A-Z_]+"))) {
                return ServiceFailure(
                    code, envelope["message"] as? String ?: "the service answered HTTP $status", envelope["field"] as? String,
                    envelope["retryable"] == true, status, wait, envelope["session_id"] as? String
                )
            }
            val fallback = client(if (status >= 500) SERVICE_UNAVAILABLE else INVALID_RESPONSE, "the service answered HTTP $status", status)
            return ServiceFailure(fallback.code, fallback.message, null, fallback.retryable, status, wait)
        }
    }
}
