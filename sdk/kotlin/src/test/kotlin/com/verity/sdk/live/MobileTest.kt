package com.verity.sdk.live

import com.verity.sdk.identity.IdDocumentType
import com.verity.sdk.mobile.MobileDocument
import com.verity.sdk.mobile.MobileDocumentProduct
import com.verity.sdk.mobile.MobileOutcome
import com.verity.sdk.mobile.MobileStep
import com.verity.sdk.mobile.MobileVerificationClient
import com.verity.sdk.mobile.MobileVerificationException
import com.verity.sdk.transport.Retries
import com.verity.sdk.transport.TransportOptions
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** The mobile API through the Kotlin client against a live server: a real face, the flows whole and step by step, the refusals. */
class MobileTest {
    private val client = MobileVerificationClient(TransportOptions(LiveServer.url), LiveServer.clientKey)

    @Test
    fun verifyHumanPassesARealFaceAndTheBackendRedeemsTheTokenOnce() = runBlocking<Unit> {
        val result = client.verifyHuman(LiveServer.fixture("john-smith-selfie.jpg"))
        assertEquals(MobileOutcome.PASS, result.outcome, "$result")
        assertEquals(1, result.data.faces)
        val token = result.data.token ?: throw AssertionError("a pass carries a token: $result")
        val redeemed = LiveServer.backend("POST", "/admin/v1/mobile/tokens/verify", mapOf("token" to token))
        assertEquals(true, redeemed["valid"])
        assertEquals(result.verificationId, redeemed["verificationId"])
        assertEquals("already_used", LiveServer.backend("POST", "/admin/v1/mobile/tokens/verify", mapOf("token" to token))["reason"])
        val status = client.verifyHumanStatus(result.verificationId!!)
        assertEquals(MobileOutcome.PASS, status.outcome)
        assertNull(status.data.token, "a status read never carries the token")
    }

    @Test
    fun verifyIdentityWholeThenItsResult() = runBlocking<Unit> {
        val answer = client.verifyIdentity(LiveServer.fixture("john-smith-selfie.jpg"),
            MobileDocument(front = LiveServer.fixture("john-smith-passport-front.png"), documentType = IdDocumentType.passport, country = "US"))
        assertEquals(MobileOutcome.PASS, answer.outcome, "$answer")
        val result = client.result(MobileDocumentProduct.VERIFY_IDENTITY, answer.sessionId!!).data.result!!
        assertEquals("passport", result.documentType)
        assertEquals(true, result.faceMatch.match)
        assertEquals("SMITH", result.fields["surname"])
    }

    @Test
    fun verifyComplianceStepByStep() = runBlocking<Unit> {
        val product = MobileDocumentProduct.VERIFY_COMPLIANCE
        val started = client.startSession(product)
        assertEquals(MobileStep.UPLOAD_SELFIE, started.nextStep)
        val id = started.sessionId!!
        assertEquals(MobileStep.UPLOAD_ID_FRONT, client.uploadSelfie(product, id, LiveServer.fixture("john-smith-selfie.jpg")).nextStep)
        val front = client.uploadIdFront(product, id, MobileDocument(LiveServer.fixture("john-smith-licence-front.png"), documentType = IdDocumentType.driverLicense, country = "US"))
        assertEquals(MobileStep.UPLOAD_ID_BACK, front.nextStep)
        assertEquals(MobileStep.SUBMIT, client.uploadIdBack(product, id, LiveServer.fixture("john-smith-licence-back.png")).nextStep)
        val submitted = client.submit(product, id)
        assertEquals(MobileOutcome.PASS, submitted.outcome, "$submitted")
        assertEquals(MobileOutcome.PASS, client.status(product, id).outcome)
        val screening = client.result(product, id).data.result?.screening
        assertNotNull(screening)
        assertTrue(screening!!.matches.isEmpty())
    }

    @Test
    fun verifyAgeWhole() = runBlocking<Unit> {
        assertTrue(client.verifyAgeRules().data.minimumAge > 0)
        val answer = client.verifyAge("1975-02-28", LiveServer.fixture("john-smith-selfie.jpg")) {
            MobileDocument(front = LiveServer.fixture("john-smith-passport-front.png"), documentType = IdDocumentType.passport)
        }
        assertEquals(MobileOutcome.PASS, answer.outcome, "$answer")
        assertEquals(MobileOutcome.PASS, client.ageStatus(answer.sessionId!!).outcome)
    }

    @Test
    fun refusalsReachTheAppWithTheirCodes() = runBlocking<Unit> {
        val stranger = MobileVerificationClient(TransportOptions(LiveServer.url, retries = Retries.NEVER), "vhk_test_notakey000000000000000000")
        val key = try { stranger.verifyHuman(LiveServer.fixture("john-smith-selfie.jpg")); null } catch (error: MobileVerificationException) { error }
        assertEquals("INVALID_CLIENT_KEY", key?.code)
        assertEquals(401, key?.httpStatus)

        val image = try { client.verifyHuman("bm90IGFuIGltYWdl"); null } catch (error: MobileVerificationException) { error }
        assertEquals("INVALID_IMAGE", image?.code)

        val started = client.startSession(MobileDocumentProduct.VERIFY_IDENTITY)
        val wrongStep = try { client.submit(MobileDocumentProduct.VERIFY_IDENTITY, started.sessionId!!); null } catch (error: MobileVerificationException) { error }
        assertEquals("SESSION_WRONG_STEP", wrongStep?.code)
        assertEquals(started.sessionId, wrongStep?.sessionId)
    }
}
