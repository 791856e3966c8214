package com.verity.sdk.transport

import com.verity.sdk.wire.Credential
import com.verity.sdk.wire.Endpoint
import com.verity.sdk.wire.Json
import com.verity.sdk.wire.WireHeader
import com.verity.sdk.wire.WireShapeException
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.delay
import kotlinx.coroutines.withContext
import java.net.URI
import java.net.URLEncoder
import java.util.UUID

/**
 * How a client tries a call again, the same rules as the Swift SDK's
 * `ServiceRetries`. A retryable failure (`RATE_LIMITED`,
 * `SERVICE_UNAVAILABLE`, `SYSTEM_ERROR` with `retryable`, an unreachable or
 * silent service) is tried again after each of [delaysMillis] in turn, or
 * after the `Retry-After` the service asks for when that is no longer than
 * [maximumWaitMillis]. A POST keeps one `Idempotency-Key` for all its tries;
 * when the first try is still running on the service
 * (`IDEMPOTENCY_KEY_IN_USE`) the client waits for its answer, asking every
 * 2 s, for up to [inUsePatienceMillis].
 */
data class Retries(
    val delaysMillis: List<Long> = listOf(1_000, 3_000, 9_000),
    val maximumWaitMillis: Long = 60_000,
    val inUsePatienceMillis: Long = 300_000
) {
    companion object {
        /** One try, no retry. */
        val NEVER = Retries(emptyList(), 0, 0)
    }
}

/** What every client is configured with. */
class TransportOptions(
    /** The Verity server, e.g. `https://verity.example.com`. */
    val baseUrl: String,
    /** How long connecting, and then each read, may take before the try fails with `TIMEOUT` (and is retried). */
    val requestTimeoutMillis: Int = 60_000,
    val retries: Retries = Retries(),
    val http: HttpExchange = UrlConnectionExchange()
)

/**
 * The SDK's one way to call the service: JSON in and out, a credential in
 * its header, every failure decoded once into a [ServiceFailure], and the
 * retries.
 */
class Transport(private val options: TransportOptions) {
    private val base: String

    init {
        val uri = try { URI(options.baseUrl) } catch (error: Exception) { null }
        if (uri == null || uri.scheme !in setOf("http", "https") || uri.host.isNullOrEmpty()) {
            throw ServiceFailure.client(ServiceFailure.INVALID_INPUT, "baseUrl must be an http or https address with a host", field = "baseUrl")
        }
        if (options.requestTimeoutMillis <= 0) {
            throw ServiceFailure.client(ServiceFailure.INVALID_INPUT, "requestTimeoutMillis must be positive", field = "requestTimeoutMillis")
        }
        base = options.baseUrl.trimEnd('/')
    }

    /** One call, tried again by the retries; throws [ServiceFailure]. */
    suspend fun <B, A> send(
        call: Endpoint<B, A>,
        credential: String,
        body: B? = null,
        parameters: Map<String, String> = emptyMap(),
        query: Map<String, String> = emptyMap(),
        headers: Map<String, String> = emptyMap()
    ): A {
        val sent = LinkedHashMap<String, String>()
        sent["Accept"] = "application/json"
        sent.putAll(headers)
        if (call.credential == Credential.USER_TOKEN) sent["Authorization"] = "Bearer $credential" else sent[WireHeader.CLIENT_KEY] = credential
        if (call.honoursIdempotencyKey) sent[WireHeader.IDEMPOTENCY_KEY] = UUID.randomUUID().toString()
        var bytes: ByteArray? = null
        if (call.body != null && body != null) {
            bytes = Json.write(call.body.write(body)).toByteArray(Charsets.UTF_8)
            sent["Content-Type"] = "application/json"
        }
        var url = base + call.path(parameters)
        if (query.isNotEmpty()) url += "?" + query.entries.joinToString("&") { "${encode(it.key)}=${encode(it.value)}" }
        val request = HttpRequest(call.verb.name, url, sent, bytes, options.requestTimeoutMillis)
        return withRetries(call.honoursIdempotencyKey) { once(call, request) }
    }

    private suspend fun <B, A> once(call: Endpoint<B, A>, request: HttpRequest): A {
        val answer = try {
            withContext(Dispatchers.IO) { options.http.exchange(request) }
        } catch (error: NoAnswerException) {
            throw if (error.timedOut) {
                ServiceFailure.client(ServiceFailure.TIMEOUT, "the service did not answer within ${options.requestTimeoutMillis} ms")
            } else {
                ServiceFailure.client(ServiceFailure.NETWORK_ERROR, "the service could not be reached: ${error.message}")
            }
        }
        val text = String(answer.body, Charsets.UTF_8)
        if (answer.status !in 200..299) throw ServiceFailure.fromAnswer(text, answer.status, answer.headers["retry-after"])
        return try {
            call.answer.read(if (text.length == 0) null else Json.parse(text), "")
        } catch (error: WireShapeException) {
            throw ServiceFailure.client(ServiceFailure.INVALID_RESPONSE, "the service's answer could not be read: ${error.message}", answer.status)
        } catch (error: Exception) {
            throw ServiceFailure.client(ServiceFailure.INVALID_RESPONSE, "the service's answer could not be read: it is not JSON", answer.status)
        }
    }

    private suspend fun <A> withRetries(idempotent: Boolean, attempt: suspend () -> A): A {
        val retries = options.retries
        var spent = 0
        val patienceEnds = System.currentTimeMillis() + retries.inUsePatienceMillis
        while (true) {
            try {
                return attempt()
            } catch (failure: ServiceFailure) {
                // Our own first try is still running there: its answer will be replayed to us. Not a retry spent.
                if (failure.code == IN_USE && idempotent && System.currentTimeMillis() < patienceEnds) {
                    delay(minOf(failure.retryAfterSeconds ?: 2, 10) * 1_000L)
                    continue
                }
                if (!failure.retryable || spent >= retries.delaysMillis.size) throw failure
                val asked = failure.retryAfterSeconds?.let { it * 1_000L } ?: retries.delaysMillis[spent]
                if (asked > retries.maximumWaitMillis) throw failure
                delay(asked)
                spent += 1
            }
        }
    }

    private companion object {
        const val IN_USE = "IDEMPOTENCY_KEY_IN_USE"
        fun encode(text: String): String = URLEncoder.encode(text, "UTF-8").replace("+", "%20")
    }
}
