package com.verity.sdk

import com.verity.sdk.ocr.OcrTransport
import org.junit.jupiter.api.Assertions.assertArrayEquals
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.security.KeyPairGenerator
import java.security.Signature
import java.util.Base64

/** The OCR transport's primitives; the live test (DocumentReaderTest) then reads a card through the Swift server's side of them. */
class OcrTransportTest {
    private fun hex(text: String) = ByteArray(text.length / 2) { text.substring(it * 2, it * 2 + 2).toInt(16).toByte() }

    @Test
    fun bothSidesOfAnX25519SessionDeriveTheSameThreeKeys() {
        val app = OcrTransport.newKey()
        val server = OcrTransport.newKey()
        val mine = OcrTransport.keys(app, server.publicKey, "ocrs_1")
        val theirs = OcrTransport.keys(server, app.publicKey, "ocrs_1")
        assertEquals(3, mine.size)
        for (purpose in OcrTransport.Purpose.values()) assertArrayEquals(mine.getValue(purpose), theirs.getValue(purpose), purpose.name)
        assertEquals(3, mine.values.map { it.toList() }.toSet().size, "one key per purpose")
        assertFalse(OcrTransport.keys(app, server.publicKey, "ocrs_2").getValue(OcrTransport.Purpose.FRONT_REQUEST)
            .contentEquals(mine.getValue(OcrTransport.Purpose.FRONT_REQUEST)), "another session, other keys")
    }

    @Test
    fun aSealedMessageOpensOnlyForItsKeyPurposeAndSession() {
        val key = ByteArray(32) { it.toByte() }
        val sealed = OcrTransport.seal("{\"image\":\"AAAA\"}".toByteArray(), key, OcrTransport.Purpose.FRONT_REQUEST, "ocrs_1")
        assertEquals("{\"image\":\"AAAA\"}", String(OcrTransport.open(sealed, key, OcrTransport.Purpose.FRONT_REQUEST, "ocrs_1")!!))
        assertNull(OcrTransport.open(sealed, key, OcrTransport.Purpose.BACK_REQUEST, "ocrs_1"), "a front cannot pass for a back")
        assertNull(OcrTransport.open(sealed, key, OcrTransport.Purpose.FRONT_REQUEST, "ocrs_2"), "nor for another session's")
        assertNull(OcrTransport.open(sealed, ByteArray(32), OcrTransport.Purpose.FRONT_REQUEST, "ocrs_1"))
        val bytes = Base64.getDecoder().decode(sealed).also { it[20] = (it[20].toInt() xor 1).toByte() }
        assertNull(OcrTransport.open(Base64.getEncoder().encodeToString(bytes), key, OcrTransport.Purpose.FRONT_REQUEST, "ocrs_1"), "changed")
        assertNull(OcrTransport.open("not base64!", key, OcrTransport.Purpose.FRONT_REQUEST, "ocrs_1"))
        assertNull(OcrTransport.open("AAAA", key, OcrTransport.Purpose.FRONT_REQUEST, "ocrs_1"), "too short")
    }

    @Test
    fun signedAnswersAreCheckedByHmacAndEd25519() {
        val key = ByteArray(32) { 7 }
        val mac = javax.crypto.Mac.getInstance("HmacSHA256").apply { init(javax.crypto.spec.SecretKeySpec(key, "HmacSHA256")) }
        val digest = mac.doFinal("{\"a\":1}".toByteArray()).joinToString("") { String.format("%02x", it) }
        assertTrue(OcrTransport.hmacIsValid("{\"a\":1}", digest, key))
        assertTrue(OcrTransport.hmacIsValid("{\"a\":1}", digest.toUpperCase(), key))
        assertFalse(OcrTransport.hmacIsValid("{\"a\":2}", digest, key))
        assertFalse(OcrTransport.hmacIsValid("{\"a\":1}", digest, ByteArray(32)))
        assertFalse(OcrTransport.hmacIsValid("{\"a\":1}", "zz" + digest.drop(2), key))

        val pair = KeyPairGenerator.getInstance("Ed25519").generateKeyPair()
        val signature = Signature.getInstance("Ed25519").apply { initSign(pair.private); update("{\"a\":1}".toByteArray()) }.sign()
        val raw = pair.public.encoded.takeLast(32).toByteArray()
        val encoded = Base64.getEncoder().encodeToString(signature)
        assertTrue(OcrTransport.signatureIsValid("{\"a\":1}", encoded, raw))
        assertFalse(OcrTransport.signatureIsValid("{\"a\":2}", encoded, raw))
        assertFalse(OcrTransport.signatureIsValid("{\"a\":1}", "not base64!", raw))
    }

    @Test
    fun hkdfIsRfc5869s() {
        // RFC 5869, test case 1: the first 32 bytes of its OKM, as one expand block.
        val okm = OcrTransport.hkdf(hex("0b".repeat(22)), hex("000102030405060708090a0b0c"), hex("f0f1f2f3f4f5f6f7f8f9"))
        assertArrayEquals(hex("3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf"), okm)
    }
}
