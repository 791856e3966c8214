package com.verity.sdk

import com.verity.sdk.identity.IdentityVerificationClient
import com.verity.sdk.identity.IdentityVerificationException
import com.verity.sdk.identity.VerifyIdentityInput
import com.verity.sdk.mobile.MobileDocumentProduct
import com.verity.sdk.mobile.MobileVerificationClient
import com.verity.sdk.mobile.MobileVerificationException
import com.verity.sdk.transport.HttpAnswer
import com.verity.sdk.transport.HttpExchange
import com.verity.sdk.transport.HttpRequest
import com.verity.sdk.transport.NoAnswerException
import com.verity.sdk.transport.Retries
import com.verity.sdk.transport.TransportOptions
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.io.IOException
import java.net.SocketTimeoutException

/** The transport's rules against a scripted exchange: the live tests then run the same calls against a real server. */
class TransportTest {
    private sealed class Scripted {
        class Answer(val status: Int, val body: String, val headers: Map<String, String> = emptyMap()) : Scripted()
        object Unreachable : Scripted()
        object Silent : Scripted()
    }

    private class ScriptedExchange(vararg script: Scripted) : HttpExchange {
        private val script = script.toMutableList()
        val sent = ArrayList<HttpRequest>()
        override fun exchange(request: HttpRequest): HttpAnswer {
            sent.add(request)
            return when (val next = if (script.isEmpty()) Scripted.Unreachable else script.removeAt(0)) {
                is Scripted.Answer -> HttpAnswer(next.status, next.headers, next.body.toByteArray())
                Scripted.Unreachable -> throw NoAnswerException(false, IOException("Connection refused"))
                Scripted.Silent -> throw NoAnswerException(true, SocketTimeoutException("Read timed out"))
            }
        }
    }

    private val verified = """{"owner":"u1","verified":true,"verifiedAtEpochMs":1764000000000,"verificationMethod":"KNOWLEDGE_OF_PII",
        "canAttemptVerificationAgain":false,"attemptsRemaining":2,"requiredVerificationMethod":"KNOWLEDGE_OF_PII",
        "verificationLastAttemptedAtEpochMs":1764000000000,"idScanUrl":null,"consented":true,"acceptableDocumentTypes":["passport"],
        "documentVerificationStatus":"notRequired","documentCheck":null,"addedLater":1}"""
    private val john = VerifyIdentityInput(firstName = "John", lastName = "Smith", address = "222333 Peachtree Place", postalCode = "30318",
        country = "US", dateOfBirth = "1975-02-28")
    private val quick = Retries(listOf(5, 5, 5), 1_000, 2_000)

    private fun identity(exchange: HttpExchange, retries: Retries = quick) =
        IdentityVerificationClient(TransportOptions("http://127.0.0.1:9/", retries = retries, http = exchange), "user-token")

    private fun failure(block: suspend () -> Unit): IdentityVerificationException = try {
        runBlocking { block() }
        throw AssertionError("the call succeeded")
    } catch (error: IdentityVerificationException) {
        error
    }

    private fun error(code: String, retryable: Boolean = false, field: String? = null) =
        """{"error":{"code":"$code","message":"because $code","retryable":$retryable,"field":${field?.let { "\"$it\"" } ?: "null"}}}"""

    @Test
    fun aLostAnswerIsTriedAgainWithTheSameIdempotencyKey() = runBlocking<Unit> {
        val exchange = ScriptedExchange(Scripted.Unreachable, Scripted.Answer(200, verified))
        assertTrue(identity(exchange).verifyIdentity(john).verified)
        assertEquals(2, exchange.sent.size)
        val keys = exchange.sent.map { it.headers["Idempotency-Key"] }
        assertTrue((keys[0]?.length ?: 0) >= 16)
        assertEquals(keys[0], keys[1])
        assertEquals("Bearer user-token", exchange.sent[0].headers["Authorization"])
        assertEquals("http://127.0.0.1:9/v1/identity/verify", exchange.sent[0].url)
        // Only the declared fields leave; the optional ones left out when absent.
        assertEquals("""{"firstName":"John","lastName":"Smith","address":"222333 Peachtree Place","postalCode":"30318","country":"US","dateOfBirth":"1975-02-28"}""",
            String(exchange.sent[0].body!!))
    }

    @Test
    fun aGetCarriesNoKeyAndTwoPostsTwoKeys() = runBlocking<Unit> {
        val exchange = ScriptedExchange(Scripted.Answer(200, verified), Scripted.Answer(200, verified), Scripted.Answer(200, verified))
        val client = identity(exchange)
        client.verifyIdentity(john)
        client.verifyIdentity(john)
        client.checkIdentityVerification()
        assertNotEquals(exchange.sent[0].headers["Idempotency-Key"], exchange.sent[1].headers["Idempotency-Key"])
        assertNull(exchange.sent[2].headers["Idempotency-Key"])
    }

    @Test
    fun aNetworkFailureATimeoutAndA5xxAreToldApart() {
        val unreachable = failure { identity(ScriptedExchange(Scripted.Unreachable), Retries.NEVER).verifyIdentity(john) }
        assertTrue(unreachable is IdentityVerificationException.NetworkException && !unreachable.timedOut)
        assertEquals("NETWORK_ERROR", unreachable.code)
        val silent = failure { identity(ScriptedExchange(Scripted.Silent), Retries.NEVER).verifyIdentity(john) }
        assertTrue(silent is IdentityVerificationException.NetworkException && silent.timedOut)
        assertEquals("TIMEOUT", silent.code)
        val proxy = failure { identity(ScriptedExchange(Scripted.Answer(502, "<html>Bad Gateway</html>")), Retries.NEVER).verifyIdentity(john) }
        assertTrue(proxy is IdentityVerificationException.ServiceUnavailableException)
        assertEquals(502, proxy.httpStatus)
        val server = failure { identity(ScriptedExchange(Scripted.Answer(500, error("SYSTEM_ERROR", true))), Retries.NEVER).verifyIdentity(john) }
        assertEquals("SYSTEM_ERROR", server.code)
        for (error in listOf(unreachable, silent, proxy, server)) assertTrue(error.retryable, error.code)
        // And each is tried again.
        val exchange = ScriptedExchange(Scripted.Silent, Scripted.Unreachable, Scripted.Answer(503, "down"), Scripted.Answer(200, verified))
        runBlocking { assertTrue(identity(exchange).verifyIdentity(john).verified) }
        assertEquals(4, exchange.sent.size)
    }

    @Test
    fun retriesEndWithTheLastFailureAndAFailureThatIsNotRetryableIsNotTriedAgain() {
        val limited = Scripted.Answer(429, error("RATE_LIMITED", true))
        val exchange = ScriptedExchange(limited, limited, limited, limited, limited)
        assertTrue(failure { identity(exchange).verifyIdentity(john) } is IdentityVerificationException.RateLimitedException)
        assertEquals(4, exchange.sent.size)
        val once = ScriptedExchange(Scripted.Answer(400, error("INVALID_INPUT", false, "firstName")), Scripted.Answer(200, verified))
        val invalid = failure { identity(once).verifyIdentity(john.copy(firstName = "")) }
        assertTrue(invalid is IdentityVerificationException.InvalidInputException)
        assertEquals("firstName", invalid.field)
        assertEquals(1, once.sent.size)
    }

    @Test
    fun aFirstTryStillRunningIsWaitedForWithoutSpendingARetry() = runBlocking<Unit> {
        val inUse = Scripted.Answer(409, error("IDEMPOTENCY_KEY_IN_USE", true), mapOf("retry-after" to "0"))
        val exchange = ScriptedExchange(Scripted.Unreachable, inUse, inUse, inUse, inUse, Scripted.Answer(200, verified))
        assertTrue(identity(exchange).verifyIdentity(john).verified)
        assertEquals(1, exchange.sent.map { it.headers["Idempotency-Key"] }.toSet().size)
    }

    @Test
    fun everyIdentityCodeReachesTheCallerAsItsException() {
        val kinds = mapOf(
            "CONSENT_REQUIRED" to IdentityVerificationException.ConsentRequiredException::class,
            "CONSENT_CONTENT_MISMATCH" to IdentityVerificationException.ConsentContentException::class,
            "CONSENT_CONTENT_NOT_FOUND" to IdentityVerificationException.ConsentContentException::class,
            "INVALID_INPUT" to IdentityVerificationException.InvalidInputException::class,
            "UNSUPPORTED_COUNTRY" to IdentityVerificationException.UnsupportedCountryException::class,
            "NOT_AUTHORIZED" to IdentityVerificationException.AuthenticationException::class,
            "INVALID_TOKEN" to IdentityVerificationException.AuthenticationException::class,
            "NOT_FOUND" to IdentityVerificationException.VerificationStateException::class,
            "PAYLOAD_TOO_LARGE" to IdentityVerificationException.InvalidImageException::class,
            "RATE_LIMITED" to IdentityVerificationException.RateLimitedException::class,
            "INVALID_IMAGE" to IdentityVerificationException.InvalidImageException::class,
            "IMAGE_TOO_LARGE" to IdentityVerificationException.InvalidImageException::class,
            "UNSUPPORTED_IMAGE" to IdentityVerificationException.InvalidImageException::class,
            "PII_VERIFICATION_REQUIRED" to IdentityVerificationException.VerificationStateException::class,
            "DOCUMENT_CHECK_PENDING" to IdentityVerificationException.VerificationStateException::class,
            "DOCUMENT_VERIFICATION_CLOSED" to IdentityVerificationException.VerificationStateException::class,
            "CAPTURE_LINK_UNUSABLE" to IdentityVerificationException.VerificationStateException::class,
            "SERVICE_UNAVAILABLE" to IdentityVerificationException.ServiceUnavailableException::class,
            "SYSTEM_ERROR" to IdentityVerificationException.ServiceUnavailableException::class,
            "A_CODE_FROM_A_NEWER_SERVER" to IdentityVerificationException.UnknownException::class
        )
        for ((code, kind) in kinds) {
            val thrown = failure { identity(ScriptedExchange(Scripted.Answer(400, error(code, false, "x"))), Retries.NEVER).checkIdentityVerification() }
            assertEquals(kind, thrown::class, code)
            assertEquals(code, thrown.code)
            assertEquals("because $code", thrown.message)
            assertEquals("x", thrown.field)
        }
    }

    @Test
    fun everyMobileCodeReachesTheAppWithItsSession() {
        for (code in listOf("MISSING_REQUIRED_FIELD", "INVALID_IMAGE", "INVALID_INPUT", "SESSION_WRONG_STEP", "SESSION_EXPIRED", "INVALID_CLIENT_KEY",
            "CREDITS_EXHAUSTED", "SCOPE_NOT_AUTHORIZED", "RATE_LIMITED", "IDEMPOTENCY_KEY_REUSED", "IDEMPOTENCY_ANSWER_LOST", "NOT_FOUND",
            "SYSTEM_ERROR", "SERVICE_UNAVAILABLE")) {
            val body = """{"success":false,"code":"$code","message":"$code","field":"selfie_b64","session_id":"msess_test_1","verification_id":null,
                "product":"verifyidentity","outcome":null,"next_step":"upload_selfie","data":null,"meta":{"environment":"test","step":"upload_selfie"}}"""
            val client = MobileVerificationClient(TransportOptions("http://127.0.0.1:9", retries = Retries.NEVER,
                http = ScriptedExchange(Scripted.Answer(400, body))), "vhk_test_x")
            val thrown = try {
                runBlocking { client.uploadSelfie(MobileDocumentProduct.VERIFY_IDENTITY, "msess_test_1", "AAAA") }
                null
            } catch (error: MobileVerificationException) {
                error
            }
            assertEquals(code, thrown?.code)
            assertEquals("msess_test_1", thrown?.sessionId)
            assertEquals("selfie_b64", thrown?.field)
        }
    }

    @Test
    fun anAnswerOfTheWrongShapeIsInvalidResponseNamingTheField() {
        val wrong = failure { identity(ScriptedExchange(Scripted.Answer(200, verified.replace("\"verified\":true", "\"verified\":\"yes\""))))
            .checkIdentityVerification() }
        assertTrue(wrong is IdentityVerificationException.InvalidResponseException)
        assertTrue(wrong.message!!.contains("verified is not a boolean"), wrong.message)
        val status = failure { identity(ScriptedExchange(Scripted.Answer(200, verified.replace("notRequired", "lost")))).checkIdentityVerification() }
        assertTrue(status.message!!.contains("documentVerificationStatus is not one of"), status.message)
    }

    @Test
    fun aConfigurationMistakeIsRefusedNamingTheOption() {
        for (url in listOf("ftp://example.com", "not a url", "http://")) {
            val error = try { IdentityVerificationClient(TransportOptions(url), "t"); null } catch (error: IdentityVerificationException) { error }
            assertEquals("baseUrl", error?.field, url)
        }
        val key = try { MobileVerificationClient(TransportOptions("http://127.0.0.1"), " "); null } catch (error: MobileVerificationException) { error }
        assertEquals("clientKey", key?.field)
    }
}
