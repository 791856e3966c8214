package com.verity.sdk.live

import com.sun.net.httpserver.HttpServer
import com.verity.sdk.identity.IdentityDataProcessingConsentContentInput
import com.verity.sdk.identity.IdentityDataProcessingConsentInput
import com.verity.sdk.identity.IdentityVerificationClient
import com.verity.sdk.identity.VerifyIdentityInput
import com.verity.sdk.transport.TransportOptions
import com.verity.sdk.webhooks.Webhook
import com.verity.sdk.webhooks.WebhookVerificationException
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Test
import java.net.InetSocketAddress
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit

/** A delivery the server signed, checked by the Kotlin `Webhook.verify` in a JDK receiver. */
class WebhookLiveTest {
    private class Delivery(val body: ByteArray, val header: String?)

    @Test
    fun aDeliveryIsVerifiedWithTheEndpointsSecretAndATamperedOneRefused() = runBlocking<Unit> {
        val deliveries = LinkedBlockingQueue<Delivery>()
        val receiver = HttpServer.create(InetSocketAddress("127.0.0.1", 0), 0)
        receiver.createContext("/verity") { exchange ->
            deliveries.add(Delivery(exchange.requestBody.readBytes(), exchange.requestHeaders.getFirst("Verity-Signature")))
            exchange.sendResponseHeaders(204, -1)
            exchange.close()
        }
        receiver.start()
        var endpointId: String? = null
        try {
            val registered = LiveServer.backend("POST", "/admin/v1/webhooks",
                mapOf("url" to "http://127.0.0.1:${receiver.address.port}/verity", "events" to listOf("identity_verification.decided")))
            val secret = registered["secret"] as String
            endpointId = (registered["endpoint"] as Map<*, *>)["id"] as String

            val userRef = LiveServer.newUserRef("kt-webhook")
            val client = IdentityVerificationClient(TransportOptions(LiveServer.url), LiveServer.userToken(userRef))
            val text = client.getIdentityDataProcessingConsentContent(IdentityDataProcessingConsentContentInput("text/plain", "en-US"))
            client.provideIdentityDataProcessingConsent(IdentityDataProcessingConsentInput(text.content, text.contentType, text.locale))
            client.verifyIdentity(VerifyIdentityInput(firstName = "John", lastName = "Smith", address = "222333 Peachtree Place",
                postalCode = "30318", country = "US", dateOfBirth = "1975-02-28"))

            var delivery: Delivery? = null
            val ends = System.currentTimeMillis() + 60_000
            while (delivery == null && System.currentTimeMillis() < ends) {
                delivery = deliveries.poll(1, TimeUnit.SECONDS)?.takeIf { String(it.body).contains(userRef) }
            }
            val received = delivery ?: throw AssertionError("no delivery for $userRef within a minute")
            val event = Webhook.verify(received.body, received.header, listOf(secret))
            assertEquals("identity_verification.decided", event.type)
            assertEquals(userRef, event.userRef)
            assertEquals("verified", event.data["decision"])
            assertEquals("KNOWLEDGE_OF_PII", event.data["verificationMethod"])

            val tampered = String(received.body).replace("\"decision\":\"verified\"", "\"decision\":\"failed\"")
            assertEquals("INVALID_SIGNATURE", assertThrows(WebhookVerificationException::class.java) {
                Webhook.verify(tampered, received.header, secret)
            }.code)
        } finally {
            endpointId?.let { LiveServer.backend("POST", "/admin/v1/webhooks/$it/disable") }
            receiver.stop(0)
        }
    }
}
