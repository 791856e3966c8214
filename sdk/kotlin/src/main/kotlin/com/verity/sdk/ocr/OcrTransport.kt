package com.verity.sdk.ocr

import java.security.KeyFactory
import java.security.KeyPair
import java.security.KeyPairGenerator
import java.security.MessageDigest
import java.security.SecureRandom
import java.security.Signature
import java.security.spec.X509EncodedKeySpec
import javax.crypto.Cipher
import javax.crypto.KeyAgreement
import javax.crypto.Mac
import javax.crypto.spec.GCMParameterSpec
import javax.crypto.spec.SecretKeySpec

/**
 * The OCR service's transport encryption, the Swift `OCRTransport`'s rules
 * with the JDK's own primitives (Java 11 and later, Android 13 and later):
 * an ephemeral X25519 key per session; three AES-256-GCM keys derived with
 * HKDF-SHA256 over the shared secret (salt: the session id; info:
 * `verity-ocr-v1|<purpose>`), one per message; each sealed message
 * authenticates `<purpose>|<session id>`, so a sealed front cannot pass for a
 * back or for another session's front. Sealed messages are nonce (12 bytes),
 * ciphertext and tag (16 bytes), in base64. Public, as the Swift SDK's is,
 * for a backend that checks signed answers itself.
 */
object OcrTransport {
    enum class Purpose(val wire: String) {
        FRONT_REQUEST("nationalIdFrontRequestKey"),
        BACK_REQUEST("nationalIdBackRequestKey"),
        COMBINE_RESPONSE("combineResponseKey")
    }

    /** An X25519 key pair; its public half as the 32 raw bytes the service takes. */
    class Ephemeral internal constructor(internal val pair: KeyPair) {
        val publicKey: ByteArray get() = pair.public.encoded.takeLast(32).toByteArray()
    }

    fun newKey(): Ephemeral = Ephemeral(KeyPairGenerator.getInstance("X25519").generateKeyPair())

    /** The session's three keys from our private key and the service's public key (32 raw bytes). */
    fun keys(mine: Ephemeral, peerPublicKey: ByteArray, sessionId: String): Map<Purpose, ByteArray> {
        require(peerPublicKey.size == 32) { "an X25519 public key is 32 bytes" }
        val peer = KeyFactory.getInstance("X25519").generatePublic(X509EncodedKeySpec(X25519_PREFIX + peerPublicKey))
        val agreement = KeyAgreement.getInstance("X25519")
        agreement.init(mine.pair.private)
        agreement.doPhase(peer, true)
        val secret = agreement.generateSecret()
        return Purpose.values().associate { it to hkdf(secret, sessionId.toByteArray(Charsets.UTF_8), "verity-ocr-v1|${it.wire}".toByteArray(Charsets.UTF_8)) }
    }

    fun seal(plaintext: ByteArray, key: ByteArray, purpose: Purpose, sessionId: String): String {
        val nonce = ByteArray(12).also { SecureRandom().nextBytes(it) }
        val cipher = Cipher.getInstance("AES/GCM/NoPadding")
        cipher.init(Cipher.ENCRYPT_MODE, SecretKeySpec(key, "AES"), GCMParameterSpec(128, nonce))
        cipher.updateAAD(associatedData(purpose, sessionId))
        return java.util.Base64.getEncoder().encodeToString(nonce + cipher.doFinal(plaintext))
    }

    /** The plaintext, or null when the message is not base64, was changed, or was sealed for another key, purpose or session. */
    fun open(sealed: String, key: ByteArray, purpose: Purpose, sessionId: String): ByteArray? = try {
        val combined = java.util.Base64.getDecoder().decode(sealed)
        if (combined.size < 12 + 16) null else {
            val cipher = Cipher.getInstance("AES/GCM/NoPadding")
            cipher.init(Cipher.DECRYPT_MODE, SecretKeySpec(key, "AES"), GCMParameterSpec(128, combined, 0, 12))
            cipher.updateAAD(associatedData(purpose, sessionId))
            cipher.doFinal(combined, 12, combined.size - 12)
        }
    } catch (error: Exception) {
        null
    }

    /** A signed answer's HMAC-SHA256 (hex) made with the environment's key, compared in constant time. */
    fun hmacIsValid(rawResponse: String, hexDigest: String, key: ByteArray): Boolean {
        val digest = hexBytes(hexDigest) ?: return false
        val mac = Mac.getInstance("HmacSHA256")
        mac.init(SecretKeySpec(key, "HmacSHA256"))
        return MessageDigest.isEqual(digest, mac.doFinal(rawResponse.toByteArray(Charsets.UTF_8)))
    }

    /** A signed answer's Ed25519 signature (base64) under the environment's public key (32 raw bytes). */
    fun signatureIsValid(rawResponse: String, signature: String, publicKey: ByteArray): Boolean = try {
        val key = KeyFactory.getInstance("Ed25519").generatePublic(X509EncodedKeySpec(ED25519_PREFIX + publicKey))
        val verifier = Signature.getInstance("Ed25519")
        verifier.initVerify(key)
        verifier.update(rawResponse.toByteArray(Charsets.UTF_8))
        verifier.verify(java.util.Base64.getDecoder().decode(signature))
    } catch (error: Exception) {
        false
    }

    /** HKDF-SHA256 (RFC 5869) for one 32-byte output block, as CryptoKit's `hkdfDerivedSymmetricKey`. */
    fun hkdf(secret: ByteArray, salt: ByteArray, info: ByteArray): ByteArray {
        val extract = Mac.getInstance("HmacSHA256")
        extract.init(SecretKeySpec(if (salt.isEmpty()) ByteArray(32) else salt, "HmacSHA256"))
        val prk = extract.doFinal(secret)
        val expand = Mac.getInstance("HmacSHA256")
        expand.init(SecretKeySpec(prk, "HmacSHA256"))
        return expand.doFinal(info + byteArrayOf(1))
    }

    private fun associatedData(purpose: Purpose, sessionId: String) = "${purpose.wire}|$sessionId".toByteArray(Charsets.UTF_8)

    private fun hexBytes(text: String): ByteArray? {
        if (text.length % 2 != 0 || !text.all { it in '0'..'9' || it in 'a'..'f' || it in 'A'..'F' }) return null
        return ByteArray(text.length / 2) { index -> text.substring(index * 2, index * 2 + 2).toInt(16).toByte() }
    }

    /** The DER prefixes that turn 32 raw key bytes into an X.509 SubjectPublicKeyInfo, as the JDK's key factories take them. */
    private val X25519_PREFIX = byteArrayOf(0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x6e, 0x03, 0x21, 0x00)
    private val ED25519_PREFIX = byteArrayOf(0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00)
}
