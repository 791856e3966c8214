package com.verity.sdk.live

import com.verity.sdk.identity.DocumentVerificationStatus
import com.verity.sdk.identity.IdDocumentType
import com.verity.sdk.identity.IdentityDataProcessingConsentContentInput
import com.verity.sdk.identity.IdentityDataProcessingConsentInput
import com.verity.sdk.identity.IdentityVerificationClient
import com.verity.sdk.identity.SudoIdentityVerificationException
import com.verity.sdk.identity.VerificationMethod
import com.verity.sdk.identity.VerifiedIdentity
import com.verity.sdk.identity.VerifyIdentityDocumentInput
import com.verity.sdk.identity.VerifyIdentityInput
import com.verity.sdk.transport.TransportOptions
import com.verity.sdk.wire.Json
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.delay
import kotlinx.coroutines.launch
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withContext
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/**
 * identity-verification.md's Kotlin examples, each pasted as the
 * specification writes it, run against a live server. Around each: the values
 * the snippet assumes (`identityVerificationClient`, the encoded images)
 * defined before it, and what it did asserted after it, through the
 * exchanges the client recorded and the server's own state.
 */
class IdentitySpecificationExampleTest {
    private val recorder = RecordingExchange()

    private suspend fun client(prefix: String): IdentityVerificationClient {
        val client = IdentityVerificationClient(TransportOptions(LiveServer.url, http = recorder), LiveServer.userToken(LiveServer.newUserRef(prefix)))
        // consent.txt: where the environment requires consent, it comes first.
        if (client.isConsentRequiredForVerification()) {
            val text = client.getIdentityDataProcessingConsentContent(IdentityDataProcessingConsentContentInput("text/plain", "en-US"))
            client.provideIdentityDataProcessingConsent(IdentityDataProcessingConsentInput(text.content, text.contentType, text.locale))
        }
        return client
    }

    private suspend fun settled(client: IdentityVerificationClient): VerifiedIdentity {
        val ends = System.currentTimeMillis() + 90_000
        var identity = client.checkIdentityVerification()
        while (!identity.documentVerificationStatus.isFinal && System.currentTimeMillis() < ends) {
            delay(500)
            identity = client.checkIdentityVerification()
        }
        return identity
    }

    @Test
    fun verifyIdentityUsingPersonallyIdentifiableInformation() = runBlocking<Unit> {
        val identityVerificationClient = client("kt-spec-pii")

        // From the specification, unchanged.
        val input = VerifyIdentityInput(
            firstName = "John",
            lastName = "Smith",
            address = "222333 Peachtree Place",
            city = "Atlanta",
            state = "GA",
            postalCode = "30318",
            country = "US",
            dateOfBirth = "1975-02-28"
        )
        launch {
            try {
                val verifiedIdentity = withContext(Dispatchers.IO) {
                    identityVerificationClient.verifyIdentity(
                        input
                    )
                }
                // The returned [verifiedIdentity] result has been verified.
            } catch (e: SudoIdentityVerificationException) {
                // Handle errors.
            }
        }.join()

        val answered = recorder.answered("POST", "/v1/identity/verify")
        assertEquals(200, answered.status, answered.body)
        val stored = identityVerificationClient.checkIdentityVerification()
        assertTrue(stored.verified)
        assertEquals(VerificationMethod.KNOWLEDGE_OF_PII, stored.verificationMethod)
    }

    @Test
    fun determineIfAFaceImageIsRequired() = runBlocking<Unit> {
        val identityVerificationClient = client("kt-spec-face")

        // From the specification, unchanged (its scope is its own: the recorder waits for the call).
        CoroutineScope(Dispatchers.IO).launch {
            try {
                val faceImageRequired = identityVerificationClient.isFaceImageRequiredWithDocumentVerification()
            } catch (e: SudoIdentityVerificationException) {
                // Handle errors.
            }
        }

        // From the specification, unchanged.
        CoroutineScope(Dispatchers.IO).launch {
            try {
                val faceImageRequired = identityVerificationClient.isFaceImageRequiredWithDocumentCapture()
            } catch (e: SudoIdentityVerificationException) {
                // Handle errors.
            }
        }

        val calls = recorder.awaitCount("GET", "/v1/identity/document/face-image-required", 2)
        assertEquals(setOf("flow=verification", "flow=capture"), calls.map { it.query }.toSet())
        for (call in calls) {
            assertEquals(200, call.status, call.body)
            assertTrue((Json.parse(call.body) as Map<*, *>)["faceImageRequired"] is Boolean)
        }
    }

    @Test
    fun verifyIdentityUsingIdentityDocuments() = runBlocking<Unit> {
        val identityVerificationClient = client("kt-spec-document")
        // The specification says a PII attempt comes first: one that does not match (a postal code typo).
        identityVerificationClient.verifyIdentity(VerifyIdentityInput(firstName = "John", lastName = "Smith", address = "222333 Peachtree Place",
            postalCode = "30319", country = "US", dateOfBirth = "1975-02-28"))
        val encodedDocumentFrontImage = LiveServer.fixture("john-smith-licence-front.png")
        val encodedDocumentBackImage = LiveServer.fixture("john-smith-licence-back.png")
        val encodedFaceImage = if (identityVerificationClient.isFaceImageRequiredWithDocumentVerification()) LiveServer.fixture("john-smith-selfie.jpg") else null

        // From the specification, with its three slips mended: a comma was missing after
        // `backImageBase64 = encodedDocumentBackImage`, `faceImageBase64:` needed `=`, and the
        // comma after the last argument is not Kotlin before 1.4.
        val input = VerifyIdentityDocumentInput(
            documentType = IdDocumentType.driverLicense,
            country = "US",
            imageBase64 = encodedDocumentFrontImage,
            backImageBase64 = encodedDocumentBackImage,
            faceImageBase64 = encodedFaceImage // only include if required
        )
        launch {
            try {
                val verifiedIdentity = withContext(Dispatchers.IO) {
                    identityVerificationClient.verifyIdentityDocument(
                        input
                    )
                }
                // The returned [verifiedIdentity] result has been verified.
            } catch (e: SudoIdentityVerificationException) {
                // Handle errors.
            }
        }.join()

        assertEquals(200, recorder.answered("POST", "/v1/identity/document/verify").status)
        val identity = settled(identityVerificationClient)
        assertEquals(DocumentVerificationStatus.succeeded, identity.documentVerificationStatus, "${identity.documentCheck}")
        assertTrue(identity.verified)
        assertEquals(VerificationMethod.GOVERNMENT_ID, identity.verificationMethod)
    }

    @Test
    fun captureAndVerifyIdentityDocument() = runBlocking<Unit> {
        val identityVerificationClient = client("kt-spec-capture")
        val encodedDocumentFrontImage = LiveServer.fixture("john-smith-licence-front.png")
        val encodedDocumentBackImage = LiveServer.fixture("john-smith-licence-back.png")
        val encodedFaceImage = if (identityVerificationClient.isFaceImageRequiredWithDocumentCapture()) LiveServer.fixture("john-smith-selfie.jpg") else null

        // From the specification, with the same three slips mended as in the example above.
        val input = VerifyIdentityDocumentInput(
            documentType = IdDocumentType.driverLicense,
            country = "US",
            imageBase64 = encodedDocumentFrontImage,
            backImageBase64 = encodedDocumentBackImage,
            faceImageBase64 = encodedFaceImage // only include if required
        )
        launch {
            try {
                val verifiedIdentity = withContext(Dispatchers.IO) {
                    identityVerificationClient.captureAndVerifyIdentityDocument(
                        input
                    )
                }
                // The returned [verifiedIdentity] result has been verified.
            } catch (e: SudoIdentityVerificationException) {
                // Handle errors.
            }
        }.join()

        assertEquals(200, recorder.answered("POST", "/v1/identity/document/capture-and-verify").status)
        val identity = settled(identityVerificationClient)
        assertEquals(DocumentVerificationStatus.succeeded, identity.documentVerificationStatus, "${identity.documentCheck}")
        assertTrue(identity.verified)
    }

    @Test
    fun uploadIdDocumentImagesViaWebBrowser() = runBlocking<Unit> {
        val identityVerificationClient = client("kt-spec-link")

        // From the specification, unchanged.
        launch {
            try {
                val idDocumentCaptureInitiationInfo = withContext(Dispatchers.IO) {
                    identityVerificationClient.initiateIdentityDocumentCapture()
                }
                // browse to idDocumentCaptureInitiationInfo.documentCaptureUrl
            } catch (e: SudoIdentityVerificationException) {
                // Handle errors.
            }
        }.join()

        val answered = recorder.answered("POST", "/v1/identity/document/capture")
        assertEquals(200, answered.status)
        val link = (Json.parse(answered.body) as Map<*, *>)["documentCaptureUrl"] as String
        assertEquals(DocumentVerificationStatus.captureInitiated, identityVerificationClient.checkIdentityVerification().documentVerificationStatus)
        // What the user's browser does with the link.
        val page = java.net.URL(link).openConnection() as java.net.HttpURLConnection
        assertEquals(200, page.responseCode)
        assertTrue(page.contentType.startsWith("text/html"))
        assertEquals(DocumentVerificationStatus.captureLinkOpened, identityVerificationClient.checkIdentityVerification().documentVerificationStatus)
    }

    @Test
    fun aRealPassportSpecimenReachesAFinalStatus() = runBlocking<Unit> {
        val client = client("kt-real-specimen")
        client.verifyIdentity(VerifyIdentityInput(firstName = "John", lastName = "Smith", address = "222333 Peachtree Place", postalCode = "30319",
            country = "US", dateOfBirth = "1975-02-28"))
        val face = if (client.isFaceImageRequiredWithDocumentVerification()) LiveServer.fixture("john-smith-selfie.jpg") else null
        // Canada's specimen passport (made by no one on the project): its holder is not John Smith, and it has expired.
        val page = LiveServer.specimen("passports/Canada.png")
        client.verifyIdentityDocument(VerifyIdentityDocumentInput(IdDocumentType.passport, "CA", page, page, face))
        val identity = settled(client)
        assertEquals(DocumentVerificationStatus.failed, identity.documentVerificationStatus, "${identity.documentCheck}")
        assertTrue(identity.documentCheck?.reasons?.isNotEmpty() == true)
    }
}
