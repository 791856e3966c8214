package com.verity.sdk

import com.verity.sdk.webhooks.Webhook
import com.verity.sdk.webhooks.WebhookVerificationException
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import javax.crypto.Mac
import javax.crypto.spec.SecretKeySpec

/** Each refusal, with deliveries signed here the same way (the live test checks one the server signed). */
class WebhookTest {
    private val secret = "whsec_0123456789abcdefghijklmnopqrstuvwxyzABCD"
    private val now = 1_764_000_000_000L
    private val event = """{"id":"evt_1","type":"identity_verification.decided","createdAtEpochMs":$now,"environment":"test","userRef":"customer-4711","data":{"verified":true,"attemptsRemaining":2}}"""

    private fun header(body: String, timestamp: Long, vararg secrets: String): String = (listOf("t=$timestamp") + secrets.map { key ->
        val mac = Mac.getInstance("HmacSHA256").apply { init(SecretKeySpec(key.toByteArray(), "HmacSHA256")) }
        "v1=" + mac.doFinal("$timestamp.$body".toByteArray()).joinToString("") { String.format("%02x", it) }
    }).joinToString(",")

    private fun refused(body: String, header: String?, secrets: List<String>): String = try {
        Webhook.verify(body.toByteArray(), header, secrets, nowMillis = now)
        "accepted"
    } catch (error: WebhookVerificationException) {
        error.code
    }

    @Test
    fun aSignedDeliveryIsReadAndEitherSecretWorksDuringARotation() {
        val read = Webhook.verify(event, header(event, now / 1000, secret), secret, nowMillis = now)
        assertEquals("identity_verification.decided", read.type)
        assertEquals("customer-4711", read.userRef)
        assertEquals(true, read.data["verified"])
        assertEquals(2L, read.data["attemptsRemaining"])
        val previous = "whsec_previous"
        assertEquals("accepted", refused(event, header(event, now / 1000, previous), listOf(secret, previous)))
        assertEquals("accepted", refused(event, header(event, now / 1000, secret, previous), listOf(previous)))
    }

    @Test
    fun eachWayADeliveryCanBeWrongIsRefusedWithItsCode() {
        val signed = header(event, now / 1000, secret)
        assertEquals("MISSING_HEADER", refused(event, null, listOf(secret)))
        assertEquals("NO_SECRET", refused(event, signed, emptyList()))
        assertEquals("INVALID_SIGNATURE", refused(event.replace("true", "false"), signed, listOf(secret)))
        assertEquals("INVALID_SIGNATURE", refused(event, signed, listOf("whsec_someone_else")))
        assertEquals("TIMESTAMP_OUTSIDE_TOLERANCE", refused(event, header(event, now / 1000 - 301, secret), listOf(secret)))
        assertEquals("TIMESTAMP_OUTSIDE_TOLERANCE", refused(event, header(event, now / 1000 + 301, secret), listOf(secret)))
        assertEquals("MALFORMED_HEADER", refused(event, "v1=" + "a".repeat(64), listOf(secret)))
        assertEquals("MALFORMED_HEADER", refused(event, "t=soon,v1=" + "a".repeat(64), listOf(secret)))
        assertEquals("MALFORMED_HEADER", refused(event, "t=${now / 1000},v1=abc", listOf(secret)))
        val notAnEvent = """{"hello":"world"}"""
        assertEquals("UNDECODABLE_EVENT", refused(notAnEvent, header(notAnEvent, now / 1000, secret), listOf(secret)))
    }
}
