package com.verity.sdk.webhooks

import com.verity.sdk.wire.Json
import java.security.MessageDigest
import javax.crypto.Mac
import javax.crypto.spec.SecretKeySpec

/** One delivery (`docs/webhooks.md`): deduplicate on [id], a delivery can come more than once. */
data class WebhookEvent(
    val id: String,
    /** `identity_verification.decided`, `document_check.completed`, … */
    val type: String,
    /** When the outcome happened; deliveries are not ordered, this is. */
    val createdAtEpochMs: Long,
    /** `test` or `live`. */
    val environment: String,
    /** Your own reference for the user, when the event has one. */
    val userRef: String?,
    /** What happened, by event type: statuses, outcomes, ids; never PII. Strings, `Long`s and `Boolean`s. */
    val data: Map<String, Any>
)

/** Why a delivery was refused: answer it 400 and do not act on it. */
class WebhookVerificationException(val code: String, message: String) : Exception(message)

/**
 * For a JVM backend: a delivery checked before it is trusted, by the same
 * rules as the Swift SDK's `WebhookSignature.verify` and the TypeScript
 * SDK's `Webhook.verify`: signed with one of the secrets (both while
 * rotating) at most [toleranceSeconds] ago, compared in constant time.
 */
object Webhook {
    const val SIGNATURE_HEADER = "Verity-Signature"

    val EVENT_TYPES = setOf(
        "identity_verification.decided", "document_check.completed", "document_check.review_required", "document_check.decided",
        "capture_link.opened", "capture_link.expired", "mobile_session.completed", "mobile_session.decided", "ocr.combination_completed",
        "ocr.combination_decided", "accreditation.requested", "accreditation.approved", "accreditation.rejected", "certificate.issued",
        "certificate.revoked", "screening.match_found", "screening.match_decided"
    )

    /** [payload] is the request's body exactly as received. Throws [WebhookVerificationException]. */
    @JvmOverloads
    fun verify(payload: ByteArray, header: String?, secrets: List<String>, toleranceSeconds: Long = 300,
               nowMillis: Long = System.currentTimeMillis()): WebhookEvent {
        if (header.isNullOrEmpty()) throw WebhookVerificationException("MISSING_HEADER", "no $SIGNATURE_HEADER header")
        val keys = secrets.filter { it.isNotEmpty() }
        if (keys.isEmpty()) throw WebhookVerificationException("NO_SECRET", "no secret to check the signature with")
        var timestamp: Long? = null
        val signatures = ArrayList<ByteArray>()
        for (part in header.split(',')) {
            val at = part.indexOf('=')
            if (at < 0) continue
            val key = part.substring(0, at).trim()
            val value = part.substring(at + 1).trim()
            if (key == "t") {
                timestamp = value.takeIf { it.matches(Regex("-?\\d{1,18}")) }?.toLong()
                    ?: throw WebhookVerificationException("MALFORMED_HEADER", "t= is not a number")
            } else if (key == "v1") {
                if (!value.matches(Regex("[0-9a-fA-F]{64}"))) throw WebhookVerificationException("MALFORMED_HEADER", "v1= is not 64 hex digits")
                signatures.add(ByteArray(32) { index -> value.substring(index * 2, index * 2 + 2).toInt(16).toByte() })
            }
        }
        val signedAt = timestamp
        if (signedAt == null || signatures.isEmpty()) throw WebhookVerificationException("MALFORMED_HEADER", "the header needs t= and at least one v1=")
        if (Math.abs(nowMillis / 1000.0 - signedAt) > toleranceSeconds) {
            throw WebhookVerificationException("TIMESTAMP_OUTSIDE_TOLERANCE", "signed too long ago or in the future: possibly a replay")
        }
        val signed = "$signedAt.".toByteArray(Charsets.UTF_8) + payload
        val matched = keys.any { secret ->
            val mac = Mac.getInstance("HmacSHA256")
            mac.init(SecretKeySpec(secret.toByteArray(Charsets.UTF_8), "HmacSHA256"))
            val expected = mac.doFinal(signed)
            signatures.any { MessageDigest.isEqual(it, expected) }
        }
        if (!matched) throw WebhookVerificationException("INVALID_SIGNATURE", "not signed with any of the secrets")
        return readEvent(String(payload, Charsets.UTF_8))
    }

    /** [verify] for a body held as text (it must be the exact text received). */
    @JvmOverloads
    fun verify(payload: String, header: String?, secret: String, toleranceSeconds: Long = 300, nowMillis: Long = System.currentTimeMillis()) =
        verify(payload.toByteArray(Charsets.UTF_8), header, listOf(secret), toleranceSeconds, nowMillis)

    private fun readEvent(text: String): WebhookEvent {
        val undecodable = WebhookVerificationException("UNDECODABLE_EVENT", "signed, but not an event this SDK can read")
        val event = (try { Json.parse(text) } catch (error: Exception) { null }) as? Map<*, *> ?: throw undecodable
        val id = event["id"] as? String ?: throw undecodable
        val type = (event["type"] as? String)?.takeIf { it in EVENT_TYPES } ?: throw undecodable
        val createdAt = event["createdAtEpochMs"] as? Long ?: throw undecodable
        val environment = event["environment"] as? String ?: throw undecodable
        val userRef = event["userRef"]
        if (userRef != null && userRef !is String) throw undecodable
        val data = event["data"] as? Map<*, *> ?: throw undecodable
        val values = data.entries.associate { (key, value) ->
            if (value !is String && value !is Long && value !is Boolean) throw undecodable
            key as String to value
        }
        return WebhookEvent(id, type, createdAt, environment, userRef as String?, values)
    }
}
