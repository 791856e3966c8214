package com.verity.sdk.live

import com.verity.sdk.ocr.DocumentReaderClient
import com.verity.sdk.ocr.VIDVOCRResponse
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.io.File
import java.util.Base64

/**
 * An Egyptian national ID read through the live OCR service by the Kotlin
 * reader: the session's X25519 keys, the sealed sides, the sealed combined
 * answer and every signature, against the Swift server's side of each.
 */
class DocumentReaderTest {
    private val cards = System.getenv("VERITY_TEST_CARDS") ?: throw IllegalStateException("VERITY_TEST_CARDS is not set")
    private fun card(name: String) = File("$cards/$name").readBytes()
    private val hmacKey = Base64.getDecoder().decode(LiveServer.demoKey("hmacKey"))
    private fun reader(token: String = LiveServer.userToken(LiveServer.newUserRef("kt-ocr"))) = DocumentReaderClient.Builder()
        .baseUrl(LiveServer.url).userToken(token).hmacKey(hmacKey)

    @Test
    fun aClearCardIsReadSignedAndOpened() = runBlocking<Unit> {
        val publicKey = Base64.getDecoder().decode(LiveServer.backend("GET", "/admin/v1/documents/ocr/public-key")["publicKey"] as String)
        val seen = ArrayList<VIDVOCRResponse>()
        val final = reader().signingPublicKey(publicKey).build()
            .read(card("egypt_id-001-clean-front.png"), card("egypt_id-001-clean-back.png")) { seen.add(it) }
        assertTrue(final is VIDVOCRResponse.Success, "$final")
        val result = (final as VIDVOCRResponse.Success).data.getData()
        val ocr = assertNotNull(result.ocrResult).let { result.ocrResult!! }
        assertEquals(14, ocr.frontNid?.length, "$ocr")
        assertEquals(ocr.frontNid, ocr.backNid)
        assertEquals(true, result.documentVerificationSuccess)
        assertTrue(result.hmacDataList.size >= 3, "each answer signed")
        assertEquals(listOf("nationalIdFront", "nationalIdBack"), seen.filterIsInstance<VIDVOCRResponse.CapturedImages>().map { it.nationalIDLabel })
        assertEquals(final, seen.last())
    }

    @Test
    fun anAnswerNotSignedWithThisEnvironmentsKeyIsRefused() = runBlocking<Unit> {
        val final = reader().hmacKey(ByteArray(32) { 1 }).build().read(card("egypt_id-001-clean-front.png"), card("egypt_id-001-clean-back.png"))
        assertEquals("HMAC_MISMATCH", (final as VIDVOCRResponse.ServiceFailure).code)
        val badSignature = reader().signingPublicKey(ByteArray(32) { 2 }).build()
            .read(card("egypt_id-001-clean-front.png"), card("egypt_id-001-clean-back.png"))
        assertEquals("SIGNATURE_MISMATCH", (badSignature as VIDVOCRResponse.ServiceFailure).code)
    }

    @Test
    fun aBadConfigurationAndAnExitAreTheirOwnCases() = runBlocking<Unit> {
        val missing = DocumentReaderClient.Builder().baseUrl(LiveServer.url).hmacKey(hmacKey).build().read(ByteArray(1), ByteArray(1))
        assertEquals(VIDVOCRResponse.BuilderError("MISSING_USER_TOKEN", "set the end user's token with userToken()"), missing)
        val shortKey = reader().hmacKey(ByteArray(31)).build().read(ByteArray(1), ByteArray(1))
        assertEquals("INVALID_HMAC_KEY", (shortKey as VIDVOCRResponse.BuilderError).code)
        val client = reader().build()
        client.exit()
        val exited = client.read(card("egypt_id-001-clean-front.png"), card("egypt_id-001-clean-back.png"))
        assertEquals("front", (exited as VIDVOCRResponse.UserExit).step)
        assertNotNull(exited.data?.sessionID)
    }
}
