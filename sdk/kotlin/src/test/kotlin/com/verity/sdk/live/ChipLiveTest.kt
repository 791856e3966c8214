package com.verity.sdk.live

import com.verity.sdk.identity.ChipEvidenceInput
import com.verity.sdk.identity.ChipFiles
import com.verity.sdk.identity.ChipProtocolOutcome
import com.verity.sdk.identity.IdDocumentType
import com.verity.sdk.identity.IdentityDataProcessingConsentContentInput
import com.verity.sdk.identity.IdentityDataProcessingConsentInput
import com.verity.sdk.identity.IdentityVerificationClient
import com.verity.sdk.identity.VerifyIdentityDocumentInput
import com.verity.sdk.identity.VerifyIdentityInput
import com.verity.sdk.mobile.ChipChallengeData
import com.verity.sdk.mobile.ChipUpload
import com.verity.sdk.mobile.MobileDocument
import com.verity.sdk.mobile.MobileDocumentProduct
import com.verity.sdk.mobile.MobileOutcome
import com.verity.sdk.mobile.MobileVerificationClient
import com.verity.sdk.mobile.MobileVerificationException
import com.verity.sdk.transport.TransportOptions
import kotlinx.coroutines.delay
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Test
import java.io.File
import java.security.KeyFactory
import java.security.MessageDigest
import java.security.SecureRandom
import java.security.spec.PKCS8EncodedKeySpec
import java.util.Base64
import javax.crypto.Cipher

/**
 * The passport's chip through the Kotlin SDK against a live server: a VerifyIdentity session whose
 * app reads the BSI reference chip (shared test data) with the session's Active Authentication
 * challenge, this test playing the chip with the set's own key; and the identity API's document
 * call with the ETSI prototype's chip, verified against its CSCA imported by the backend.
 */
class ChipLiveTest {
    /** The BSI chip's INTERNAL AUTHENTICATE: ISO/IEC 9796-2 scheme 1 through the raw RSA private operation. */
    private fun answerAsTheChip(challengeBase64: String): String {
        val recoverable = ByteArray(106).also { SecureRandom().nextBytes(it) }
        val digest = MessageDigest.getInstance("SHA-1").digest(recoverable + Base64.getDecoder().decode(challengeBase64))
        val representative = byteArrayOf(0x6A) + recoverable + digest + byteArrayOf(0xBC.toByte())
        val key = KeyFactory.getInstance("RSA")
            .generatePrivate(PKCS8EncodedKeySpec(File("${LiveServer.chipSets}/bsi-tr03105/DG15_sk.pkcs8").readBytes()))
        val rsa = Cipher.getInstance("RSA/ECB/NoPadding").apply { init(Cipher.DECRYPT_MODE, key) }
        return Base64.getEncoder().encodeToString(rsa.doFinal(representative))
    }

    @Test
    fun aSessionWithTheChipVerifiesActiveAuthenticationOnTheSessionsChallenge() = runBlocking<Unit> {
        val client = MobileVerificationClient(TransportOptions(LiveServer.url), LiveServer.clientKey)
        var asked: ChipChallengeData? = null
        val files = ChipFiles(sod = LiveServer.chipFile("bsi-tr03105/EF_SOD.bin"), dg1 = LiveServer.chipFile("bsi-tr03105/Datagroup1.bin"),
            dg15 = LiveServer.chipFile("bsi-tr03105/Datagroup15.bin"))
        val answer = client.verifyIdentity(LiveServer.fixture("john-smith-selfie.jpg"),
            MobileDocument(front = LiveServer.fixture("john-smith-passport-front.png"), documentType = IdDocumentType.passport, country = "US")) {
            challenge ->
            asked = challenge
            ChipUpload(files, ChipUpload.ActiveAuthentication(challenge.challengeId, answerAsTheChip(challenge.challengeBase64)),
                pace = ChipProtocolOutcome.succeeded)
        }
        assertEquals(8, Base64.getDecoder().decode(asked!!.challengeBase64).size)
        // The BSI chip is genuine but another passport's: its MRZ fails the session; its unknown CSCA proves nothing false.
        assertEquals(MobileOutcome.FAIL, answer.outcome, "$answer")
        assertEquals(listOf("CHIP_MRZ_MISMATCH"), answer.data.reasons)
        val chip = client.result(MobileDocumentProduct.VERIFY_IDENTITY, answer.sessionId!!).data.result?.chip
        assertNotNull(chip)
        assertEquals("verified", chip!!.activeAuthentication, "$chip")
        assertEquals(listOf("CHIP_CSCA_UNKNOWN", "CHIP_DATA_UNPROTECTED", "CHIP_MRZ_MISMATCH"), chip.reasons)
        assertEquals(false, chip.mrzMatchesPrinted)

        // The challenge was that session's, once.
        val other = client.startSession(MobileDocumentProduct.VERIFY_IDENTITY).sessionId!!
        val refused = try {
            client.uploadChip(MobileDocumentProduct.VERIFY_IDENTITY, other,
                ChipUpload(files, ChipUpload.ActiveAuthentication(asked!!.challengeId, "AAAAAAAAAAA=")))
            null
        } catch (error: MobileVerificationException) {
            error
        }
        assertEquals("CHIP_CHALLENGE_INVALID", refused?.code)
    }

    @Test
    fun verifyIdentityDocumentWithTheETSIChipChainsToItsImportedCSCA() = runBlocking<Unit> {
        LiveServer.backend("POST", "/admin/v1/chip/trust", mapOf("fileBase64" to LiveServer.chipFile("etsi-prototype/ETSI_CSCA_0130846f22c2.der")))
        val client = IdentityVerificationClient(TransportOptions(LiveServer.url), LiveServer.userToken(LiveServer.newUserRef("kt-chip")))
        if (client.isConsentRequiredForVerification()) {
            val text = client.getIdentityDataProcessingConsentContent(IdentityDataProcessingConsentContentInput("text/plain", "en-US"))
            client.provideIdentityDataProcessingConsent(IdentityDataProcessingConsentInput(text.content, text.contentType, text.locale))
        }
        client.verifyIdentity(VerifyIdentityInput(firstName = "John", lastName = "Smith", address = "222333 Peachtree Place", postalCode = "30319",
            country = "US", dateOfBirth = "1975-02-28"))
        val page = LiveServer.fixture("john-smith-passport-front.png")
        val face = if (client.isFaceImageRequiredWithDocumentVerification()) LiveServer.fixture("john-smith-selfie.jpg") else null
        client.verifyIdentityDocument(VerifyIdentityDocumentInput(IdDocumentType.passport, "US", page, page, face, ChipEvidenceInput(
            ChipFiles(sod = LiveServer.chipFile("etsi-prototype/EF_SOD.bin"), dg1 = LiveServer.chipFile("etsi-prototype/DG1.bin"),
                dg14 = LiveServer.chipFile("etsi-prototype/DG14.bin"), dg15 = LiveServer.chipFile("etsi-prototype/DG15.bin")))))
        var settled = client.checkIdentityVerification()
        val ends = System.currentTimeMillis() + 90_000
        while (settled.documentVerificationStatus.name in setOf("pending", "notAttempted") && System.currentTimeMillis() < ends) {
            delay(500)
            settled = client.checkIdentityVerification()
        }
        assertEquals("failed", settled.documentVerificationStatus.name, "${settled.documentCheck}")
        assertEquals(listOf("CHIP_MRZ_MISMATCH"), settled.documentCheck?.reasons)
        val detail = LiveServer.backend("GET", "/admin/v1/document-checks/${settled.documentCheck?.checkId}")
        val chip = (detail["report"] as Map<*, *>)["chip"] as Map<*, *>
        assertEquals("verified", chip["chain"], "$chip")
        assertEquals("C=DE, O=ETSI, OU=Country Signer, CN=ETSI CS", (chip["csca"] as Map<*, *>)["subject"])
    }
}
