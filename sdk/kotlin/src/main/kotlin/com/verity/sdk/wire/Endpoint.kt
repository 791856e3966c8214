package com.verity.sdk.wire

/** The methods the SDK's calls use. */
enum class Verb { GET, POST, DELETE }

/** Who a call is made for (`docs/security.md`, "Who may call what"). */
enum class Credential { USER_TOKEN, CLIENT_KEY }

/**
 * One call of the API, declared once: its verb, its path (with `{name}`
 * placeholders, as `docs/openapi.yaml` writes them), the shape of its body
 * and of its answer, its credential and the status of a success. The clients
 * send through these and the contract test reads them, so a call cannot drift
 * from the server's description of it.
 */
class Endpoint<B, A>(
    val verb: Verb,
    val path: String,
    val credential: Credential,
    val answer: Shape<A>,
    val body: Shape<B>? = null,
    val status: Int = 200
) {
    /**
     * Every POST behind a credential honours `Idempotency-Key` (the server's
     * rule): its tries share one key, so a retry after a lost answer is
     * answered with the first answer instead of being done twice.
     */
    val honoursIdempotencyKey: Boolean get() = verb == Verb.POST

    /** The path with its placeholders filled, each value percent-encoded. */
    fun path(parameters: Map<String, String>): String = PLACEHOLDER.replace(path) { match ->
        val value = parameters[match.groupValues[1]] ?: throw IllegalArgumentException("$path needs a value for ${match.groupValues[1]}")
        java.net.URLEncoder.encode(value, "UTF-8").replace("+", "%20")
    }

    /** This call as the contract test reads it. */
    fun describe(): Map<String, Any?> = mapOf(
        "method" to verb.name, "path" to path, "status" to status,
        "credential" to if (credential == Credential.USER_TOKEN) "userToken" else "clientKey",
        "request" to body?.describe(), "response" to answer.describe()
    )

    private companion object {
        val PLACEHOLDER = Regex("\\{([a-zA-Z_]+)\\}")
    }
}

/** The headers the wire names (`VerityAPI`'s `WireHeader`), spelled once for this SDK. */
object WireHeader {
    const val CLIENT_KEY = "X-Client-Key"
    const val MOBILE_SESSION = "X-Mobile-Session"
    const val IDEMPOTENCY_KEY = "Idempotency-Key"
    const val RETRY_AFTER = "Retry-After"
    const val WEBHOOK_SIGNATURE = "Verity-Signature"
}
