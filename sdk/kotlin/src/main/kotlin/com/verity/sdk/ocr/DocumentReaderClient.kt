package com.verity.sdk.ocr

import com.verity.sdk.transport.Retries
import com.verity.sdk.transport.ServiceFailure
import com.verity.sdk.transport.Transport
import com.verity.sdk.transport.TransportOptions
import com.verity.sdk.wire.Credential
import com.verity.sdk.wire.Endpoint
import com.verity.sdk.wire.Json
import com.verity.sdk.wire.ObjectShape
import com.verity.sdk.wire.Shapes
import com.verity.sdk.wire.Verb
import com.verity.sdk.wire.objectShape
import java.util.Base64
import java.util.concurrent.atomic.AtomicBoolean

/**
 * Reads an Egyptian national ID through the OCR service, as the Swift SDK's
 * `DocumentReaderClient` does: opens a session (X25519), sends each side
 * sealed under its own key, combines, opens the sealed result, and checks every
 * HMAC (and, given the public key, every Ed25519 signature) before it maps the
 * signed raw answer; a result that fails a check is refused. Made with
 * [Builder]; a bad configuration answers [VIDVOCRResponse.BuilderError]
 * before any request. A reading's failure reaches the app at once (no
 * retries): the app decides whether to read the card again.
 */
class DocumentReaderClient private constructor(private val builder: Builder) {
    class Builder {
        internal var baseUrl: String? = null
        internal var token: String? = null
        internal var hmacKey: ByteArray? = null
        internal var publicKey: ByteArray? = null
        internal var requestTimeoutMillis: Int = 60_000

        fun baseUrl(url: String) = apply { baseUrl = url }
        /** The end user's token (`POST /admin/v1/users/{userRef}/token`). */
        fun userToken(token: String) = apply { this.token = token }
        /** The environment's HMAC key (`verity keys hmac`), 32 bytes: every answer is checked with it. */
        fun hmacKey(key: ByteArray) = apply { hmacKey = key }
        /** Optionally, the environment's Ed25519 public key (32 bytes), checked too. */
        fun signingPublicKey(key: ByteArray) = apply { publicKey = key }
        fun requestTimeoutMillis(milliseconds: Int) = apply { requestTimeoutMillis = milliseconds }
        fun build() = DocumentReaderClient(this)
    }

    private val exitRequested = AtomicBoolean(false)

    /** The user left the flow: nothing more is sent, and the read ends with [VIDVOCRResponse.UserExit]. */
    fun exit() = exitRequested.set(true)

    /**
     * The read: each side the service accepts as [VIDVOCRResponse.CapturedImages]
     * to [onResponse], then the final case, also returned.
     */
    suspend fun read(front: ByteArray, back: ByteArray, onResponse: (VIDVOCRResponse) -> Unit = {}): VIDVOCRResponse {
        val final = run(front, back, onResponse)
        onResponse(final)
        return final
    }

    private class Refused(val code: String, message: String) : Exception(message)
    private class Exited : Exception()

    private suspend fun run(front: ByteArray, back: ByteArray, captured: (VIDVOCRResponse) -> Unit): VIDVOCRResponse {
        val problem = problem()
        if (problem != null) return VIDVOCRResponse.BuilderError(problem.first, problem.second)
        val hmacKey = builder.hmacKey!!
        val transport = Transport(TransportOptions(builder.baseUrl!!, builder.requestTimeoutMillis, Retries.NEVER))
        var result: VIDVOCRResult? = null
        var step = "session"
        try {
            val key = OcrTransport.newKey()
            val session = send(transport, OPEN, mapOf("clientPublicKey" to Base64.getEncoder().encodeToString(key.publicKey)))
            val serverKey = decode(session["serverPublicKey"]) ?: throw Refused("INVALID_RESPONSE", "the server's key could not be read")
            val id = session["sessionID"]!!
            val keys = try {
                OcrTransport.keys(key, serverKey, id)
            } catch (error: Exception) {
                throw Refused("DECRYPTION_FAILED", "the session's keys could not be derived")
            }
            var read = VIDVOCRResult(id, decryptionKeys = DecryptionKeys(keys.getValue(OcrTransport.Purpose.FRONT_REQUEST),
                keys.getValue(OcrTransport.Purpose.BACK_REQUEST), keys.getValue(OcrTransport.Purpose.COMBINE_RESPONSE)))
            result = read
            val transactions = ArrayList<String>()
            for ((side, image) in listOf("front" to front, "back" to back)) {
                step = side
                if (exitRequested.get()) throw Exited()
                val purpose = if (side == "front") OcrTransport.Purpose.FRONT_REQUEST else OcrTransport.Purpose.BACK_REQUEST
                val payload = Json.write(mapOf("image" to Base64.getEncoder().encodeToString(image))).toByteArray(Charsets.UTF_8)
                val sealed = OcrTransport.seal(payload, keys.getValue(purpose), purpose, id)
                val accepted = transport.send(if (side == "front") FRONT else BACK, builder.token!!, body = SideRequest(id, sealed))
                check(accepted.hmacDataList, hmacKey)
                read = read.copy(hmacDataList = read.hmacDataList + accepted.hmacDataList)
                result = read
                transactions.add(accepted.transactionId)
                captured(VIDVOCRResponse.CapturedImages(if (side == "front") "nationalIdFront" else "nationalIdBack",
                    Base64.getEncoder().encodeToString(image)))
            }
            step = "combine"
            if (exitRequested.get()) throw Exited()
            val combined = transport.send(COMBINE, builder.token!!, body = CombineRequest(id, transactions[0], transactions[1]))
            val opened = OcrTransport.open(combined.sealedResponse, keys.getValue(OcrTransport.Purpose.COMBINE_RESPONSE),
                OcrTransport.Purpose.COMBINE_RESPONSE, id) ?: throw Refused("DECRYPTION_FAILED", "the combined answer did not open with this session's key")
            val body = try {
                OcrShapes.combinedBody.read(Json.parse(String(opened, Charsets.UTF_8)), "")
            } catch (error: Exception) {
                throw Refused("INVALID_RESPONSE", "the combined answer could not be read")
            }
            check(body.hmacDataList, hmacKey)
            // The signed raw answer is what is mapped, never the fields beside it.
            val signed = body.hmacDataList.firstOrNull { it.serviceID == "ocr" }
            val raw = signed?.let { entry ->
                try { OcrShapes.rawCombination.read(Json.parse(entry.rawResponse), "") } catch (error: Exception) { null }
            }
            if (raw == null || raw.sessionID != id) throw Refused("SIGNATURE_MISMATCH", "the combined answer carries no signed ocr response for this session")
            read = read.copy(ocrResult = raw.ocrResult, documentVerificationSuccess = raw.success, captures = body.captures,
                hmacDataList = read.hmacDataList + body.hmacDataList)
            if (!raw.success) return VIDVOCRResponse.ServiceFailure(VERIFICATION_FAILED, shortfall(raw.ocrResult), read)
            return VIDVOCRResponse.Success(read)
        } catch (exited: Exited) {
            return VIDVOCRResponse.UserExit(step, result)
        } catch (refused: Refused) {
            return VIDVOCRResponse.ServiceFailure(refused.code, refused.message ?: refused.code, result)
        } catch (failure: ServiceFailure) {
            return VIDVOCRResponse.ServiceFailure(failure.code, failure.message, result)
        }
    }

    private suspend fun send(transport: Transport, endpoint: Endpoint<Map<String, String>, Map<String, String>>, body: Map<String, String>) =
        transport.send(endpoint, builder.token!!, body = body)

    /** Every signature must check: HMAC always, Ed25519 when the public key was given. */
    private fun check(list: List<HmacData>, hmacKey: ByteArray) {
        if (list.isEmpty()) throw Refused("SIGNATURE_MISMATCH", "the answer is not signed")
        for (data in list) {
            if (!OcrTransport.hmacIsValid(data.rawResponse, data.hmacDigest, hmacKey)) {
                throw Refused("HMAC_MISMATCH", "an answer's HMAC did not check: it was not made with this environment's key, or was changed")
            }
            val publicKey = builder.publicKey
            if (publicKey != null && !OcrTransport.signatureIsValid(data.rawResponse, data.signature, publicKey)) {
                throw Refused("SIGNATURE_MISMATCH", "an answer's Ed25519 signature did not check")
            }
        }
    }

    /** The configuration's first mistake, as the specification's builder error. */
    private fun problem(): Pair<String, String>? {
        val url = builder.baseUrl ?: return "MISSING_BASE_URL" to "set the service's base URL with baseUrl()"
        val uri = try { java.net.URI(url) } catch (error: Exception) { null }
        if (uri == null || uri.scheme !in setOf("http", "https") || uri.host.isNullOrEmpty()) {
            return "INVALID_BASE_URL" to "the base URL must be http or https with a host"
        }
        if (builder.token.isNullOrEmpty()) return "MISSING_USER_TOKEN" to "set the end user's token with userToken()"
        val key = builder.hmacKey ?: return "MISSING_HMAC_KEY" to "set the environment's HMAC key with hmacKey(): every answer is checked"
        if (key.size != 32) return "INVALID_HMAC_KEY" to "the HMAC key is 32 bytes (verity keys hmac prints it in base64)"
        val publicKey = builder.publicKey
        if (publicKey != null && publicKey.size != 32) return "INVALID_PUBLIC_KEY" to "the Ed25519 public key is 32 bytes"
        if (builder.requestTimeoutMillis <= 0) return "INVALID_REQUEST_TIMEOUT" to "the request timeout is a positive number of milliseconds"
        return null
    }

    private class SideRequest(val sessionID: String, val sealedRequest: String)
    private class CombineRequest(val sessionID: String, val transactionIdFront: String, val transactionIdBack: String)
    private class SideAccepted(val transactionId: String, val hmacDataList: List<HmacData>)
    private class CombineResponse(val sealedResponse: String)

    companion object Endpoints {
        /** `ServiceFailure`'s code for a card read whose `documentVerificationResult.success` is false. */
        const val VERIFICATION_FAILED = "DOCUMENT_VERIFICATION_FAILED"
        private const val PREFIX = "/v1/documents/ocr"
        private val USER = Credential.USER_TOKEN

        private fun strings(name: String, vararg keys: String): ObjectShape<Map<String, String>> = objectShape(name) {
            val fields = keys.map { key -> field(key, Shapes.string) { value: Map<String, String> -> value.getValue(key) } }
            construct { read -> fields.associate { it.name to read[it] } }
        }

        private val SIDE_REQUEST: ObjectShape<SideRequest> = objectShape("OCRSideRequest") {
            val session = field("sessionID", Shapes.string) { it.sessionID }
            val sealed = field("sealedRequest", Shapes.string) { it.sealedRequest }
            construct { read -> SideRequest(read[session], read[sealed]) }
        }
        private val SIDE_ACCEPTED: ObjectShape<SideAccepted> = objectShape("OCRSideAccepted") {
            val transaction = field("transactionId", Shapes.string) { it.transactionId }
            val list = field("hmacDataList", Shapes.list(OcrShapes.hmacData)) { it.hmacDataList }
            construct { read -> SideAccepted(read[transaction], read[list]) }
        }

        internal val OPEN = Endpoint(Verb.POST, "$PREFIX/sessions", USER, strings("OCRSessionInfo", "sessionID", "serverPublicKey"),
            strings("OCRSessionRequest", "clientPublicKey"))
        private val FRONT = Endpoint(Verb.POST, "$PREFIX/front", USER, SIDE_ACCEPTED, SIDE_REQUEST)
        private val BACK = Endpoint(Verb.POST, "$PREFIX/back", USER, SIDE_ACCEPTED, SIDE_REQUEST)
        private val COMBINE = Endpoint(Verb.POST, "$PREFIX/combine", USER, objectShape<CombineResponse>("OCRCombineResponse") {
            val sealed = field("sealedResponse", Shapes.string) { it.sealedResponse }
            construct { read -> CombineResponse(read[sealed]) }
        }, objectShape<CombineRequest>("OCRCombineRequest") {
            val session = field("sessionID", Shapes.string) { it.sessionID }
            val front = field("transactionIdFront", Shapes.string) { it.transactionIdFront }
            val back = field("transactionIdBack", Shapes.string) { it.transactionIdBack }
            construct { read -> CombineRequest(read[session], read[front], read[back]) }
        })

        /** Every call, for the contract test. */
        val ALL: List<Endpoint<*, *>> get() = listOf(OPEN, FRONT, BACK, COMBINE)

        private fun decode(text: String?): ByteArray? = try { text?.let { Base64.getDecoder().decode(it) } } catch (error: Exception) { null }

        /** Why a completed read falls short of the service's requirements. */
        private fun shortfall(result: OcrResult): String {
            val flags = result.documentVerificationPlus
            val reasons = ArrayList<String>()
            if (!flags.frontDataValidity || !flags.backDataValidity) reasons.add("a side failed its checks")
            if (flags.isFrontGreyscale || flags.isBackGreyscale) reasons.add("a black-and-white copy")
            if (flags.expired) reasons.add("the card has expired")
            flags.reviewRequired?.takeIf { it.isNotEmpty() }?.let { reasons.add("fields to review: ${it.joinToString(", ")}") }
            val fraud = result.advancedConfidence
            if (fraud != null && ((fraud.fraudDetectionZone ?: 0) >= 2 || (fraud.anomalyDetectionZone ?: 0) >= 2)) reasons.add("signs of tampering")
            return "the card was read but did not pass the service's requirements: " +
                (if (reasons.isEmpty()) "see documentVerificationPlus" else reasons.joinToString("; "))
        }
    }
}
