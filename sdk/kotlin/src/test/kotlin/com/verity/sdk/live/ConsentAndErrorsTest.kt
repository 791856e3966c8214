package com.verity.sdk.live

import com.verity.sdk.identity.IdentityDataProcessingConsentContentInput
import com.verity.sdk.identity.IdentityDataProcessingConsentInput
import com.verity.sdk.identity.IdentityVerificationClient
import com.verity.sdk.identity.IdentityVerificationException
import com.verity.sdk.identity.IdDocumentType
import com.verity.sdk.identity.VerifyIdentityDocumentInput
import com.verity.sdk.identity.VerifyIdentityInput
import com.verity.sdk.transport.Retries
import com.verity.sdk.transport.TransportOptions
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/**
 * consent.txt's calls in its order, through the Kotlin client against a live
 * server whose environment requires consent (`scripts/sdk-tests.sh` sets it),
 * and the service's refusals reaching the caller as their exceptions.
 */
class ConsentAndErrorsTest {
    private val john = VerifyIdentityInput(firstName = "John", lastName = "Smith", address = "222333 Peachtree Place", city = "Atlanta",
        state = "GA", postalCode = "30318", country = "US", dateOfBirth = "1975-02-28")

    private inline fun <reified E : Throwable> thrown(block: () -> Unit): E {
        try {
            block()
        } catch (error: Throwable) {
            if (error is E) return error
            throw AssertionError("wanted ${E::class.java.simpleName}, got $error", error)
        }
        throw AssertionError("wanted ${E::class.java.simpleName}, the call succeeded")
    }

    @Test
    fun consentIsRequiredRefusedBeforeGivenRecordedThenWithdrawn() = runBlocking<Unit> {
        val client = IdentityVerificationClient(TransportOptions(LiveServer.url), LiveServer.userToken(LiveServer.newUserRef("kt-consent")))
        assertTrue(client.isConsentRequiredForVerification())
        val refused = thrown<IdentityVerificationException.ConsentRequiredException> { runBlocking { client.verifyIdentity(john) } }
        assertEquals("CONSENT_REQUIRED", refused.code)
        assertEquals(403, refused.httpStatus)

        val before = client.getIdentityDataProcessingConsentStatus()
        assertFalse(before.consented)
        assertNull(before.consentedAtEpochMs)

        val text = client.getIdentityDataProcessingConsentContent(IdentityDataProcessingConsentContentInput("text/plain", "en-US"))
        assertTrue(text.content.isNotEmpty())
        val mismatch = thrown<IdentityVerificationException.ConsentContentException> {
            runBlocking { client.provideIdentityDataProcessingConsent(IdentityDataProcessingConsentInput("something else", text.contentType, text.locale)) }
        }
        assertEquals("CONSENT_CONTENT_MISMATCH", mismatch.code)

        val given = client.provideIdentityDataProcessingConsent(IdentityDataProcessingConsentInput(text.content, text.contentType, text.locale))
        assertTrue(given.consented)
        assertTrue((given.consentedAtEpochMs ?: 0) > 0)
        assertTrue(client.verifyIdentity(john).verified)

        val withdrawn = client.withdrawIdentityDataProcessingConsent()
        assertFalse(withdrawn.consented)
        assertTrue((withdrawn.consentWithdrawnAtEpochMs ?: 0) > 0)
        assertTrue(client.checkIdentityVerification().verified, "withdrawing does not undo the verification")
    }

    @Test
    fun refusalsReachTheCallerAsTheirExceptions() = runBlocking<Unit> {
        val client = IdentityVerificationClient(TransportOptions(LiveServer.url), LiveServer.userToken(LiveServer.newUserRef("kt-errors")))
        val text = client.getIdentityDataProcessingConsentContent(IdentityDataProcessingConsentContentInput("text/plain", "en-US"))
        client.provideIdentityDataProcessingConsent(IdentityDataProcessingConsentInput(text.content, text.contentType, text.locale))

        val badDate = thrown<IdentityVerificationException.InvalidInputException> { runBlocking { client.verifyIdentity(john.copy(dateOfBirth = "28/02/1975")) } }
        assertEquals("dateOfBirth", badDate.field)
        client.verifyIdentity(john.copy(postalCode = "30319"))   // a PII attempt first, which documents follow
        val image = thrown<IdentityVerificationException.InvalidImageException> {
            runBlocking { client.verifyIdentityDocument(VerifyIdentityDocumentInput(IdDocumentType.passport, "US", "bm90IGFuIGltYWdl", "bm90IGFuIGltYWdl")) }
        }
        assertEquals("INVALID_IMAGE", image.code)
        assertEquals("imageBase64", image.field)

        val stranger = IdentityVerificationClient(TransportOptions(LiveServer.url, retries = Retries.NEVER), "not-a-token")
        val token = thrown<IdentityVerificationException.AuthenticationException> { runBlocking { stranger.checkIdentityVerification() } }
        assertEquals("INVALID_TOKEN", token.code)
        assertEquals(401, token.httpStatus)

        val nobody = IdentityVerificationClient(TransportOptions("http://127.0.0.1:9", retries = Retries.NEVER, requestTimeoutMillis = 2_000), "t")
        val unreachable = thrown<IdentityVerificationException.NetworkException> { runBlocking { nobody.checkIdentityVerification() } }
        assertEquals("NETWORK_ERROR", unreachable.code)
        assertFalse(unreachable.timedOut)
    }
}
