package com.verity.sdk.live

import com.verity.sdk.transport.HttpAnswer
import com.verity.sdk.transport.HttpExchange
import com.verity.sdk.transport.HttpRequest
import com.verity.sdk.transport.UrlConnectionExchange
import com.verity.sdk.wire.Json
import java.io.File
import java.net.HttpURLConnection
import java.net.URL
import java.net.URLEncoder
import java.util.Base64
import java.util.Collections

/**
 * The live server the tests run against (`scripts/sdk-tests.sh` starts a
 * `verity demo` and names it here), and the integrator's backend: what a
 * tenant's own server does with its secret key, over plain HTTP.
 */
object LiveServer {
    private fun required(name: String): String =
        System.getenv(name)?.takeIf { it.isNotEmpty() } ?: throw IllegalStateException("$name is not set: run the live tests through scripts/sdk-tests.sh")

    val url: String by lazy { required("VERITY_TEST_URL") }
    private val keys: Map<*, *> by lazy { Json.parse(File(required("VERITY_TEST_KEYS")).readText()) as Map<*, *> }
    val secretKey: String get() = keys["secretKey"] as String
    /** Any other value the demo wrote (`hmacKey`, `userToken`, …). */
    fun demoKey(name: String): String = keys[name] as String
    /** A publishable test key with every mobile scope (`vhk_test_…`). */
    val clientKey: String get() = keys["clientKey"] as String
    private val fixtures: String by lazy { required("VERITY_TEST_FIXTURES") }
    private val specimens: String by lazy { required("VERITY_TEST_SPECIMENS") }
    /** The shared ePassport chip sets no one on the project made (`../shared/data/chip`). */
    val chipSets: String by lazy { required("VERITY_TEST_CHIP") }

    fun base64(path: String): String = Base64.getEncoder().encodeToString(File(path).readBytes())
    /** A document or selfie the project renders (`scripts/generate-test-documents.sh`). */
    fun fixture(name: String) = base64("$fixtures/$name")
    /** A real specimen scan no one on the project made (`../shared/data/documents/mrz-specimens`). */
    fun specimen(name: String) = base64("$specimens/$name")
    /** A file of the shared chip sets, base64 as an app sends it. */
    fun chipFile(name: String) = base64("$chipSets/$name")

    fun newUserRef(prefix: String) = "$prefix-${System.currentTimeMillis().toString(36)}-${(Math.random() * 1e9).toLong().toString(36)}"

    /** One call of the admin API with the tenant's secret key. */
    fun backend(method: String, path: String, body: Any? = null): Map<*, *> {
        val connection = URL(url + path).openConnection() as HttpURLConnection
        connection.requestMethod = method
        connection.setRequestProperty("Authorization", "Bearer $secretKey")
        if (body != null) {
            connection.doOutput = true
            connection.setRequestProperty("Content-Type", "application/json")
            connection.outputStream.use { it.write(Json.write(body).toByteArray()) }
        }
        val status = connection.responseCode
        val text = (if (status >= 400) connection.errorStream else connection.inputStream)?.use { String(it.readBytes()) } ?: ""
        check(status in 200..299) { "$method $path: HTTP $status $text" }
        return if (text.length == 0) emptyMap<String, Any>() else Json.parse(text) as Map<*, *>
    }

    /** What an app's backend does for each user session: a token for that user. */
    fun userToken(userRef: String): String = backend("POST", "/admin/v1/users/${URLEncoder.encode(userRef, "UTF-8")}/token")["token"] as String
}

/** One exchange as it happened: what was asked, and the status and body of the answer. */
class Exchanged(val method: String, val path: String, val query: String?, val status: Int, val body: String)

/**
 * The specification's snippets catch every error and keep their results in
 * local values, as documentation does. To assert what they did without editing
 * them, the client's HTTP goes through this: every exchange with the server is
 * recorded, in order.
 */
class RecordingExchange : HttpExchange {
    private val real = UrlConnectionExchange()
    val exchanges: MutableList<Exchanged> = Collections.synchronizedList(ArrayList())

    override fun exchange(request: HttpRequest): HttpAnswer {
        val answer = real.exchange(request)
        val url = URL(request.url)
        exchanges.add(Exchanged(request.method, url.path, url.query, answer.status, String(answer.body)))
        return answer
    }

    /** The last answer to `method path`, waiting up to a minute for it (a snippet may have launched it elsewhere). */
    fun answered(method: String, path: String): Exchanged = awaitCount(method, path, 1).last()

    /** The first [count] answers to `method path`, waiting up to a minute for them. */
    fun awaitCount(method: String, path: String, count: Int): List<Exchanged> {
        val ends = System.currentTimeMillis() + 60_000
        while (true) {
            val found = synchronized(exchanges) { exchanges.filter { it.method == method && it.path == path } }
            if (found.size >= count) return found.take(count)
            if (System.currentTimeMillis() > ends) throw AssertionError("$count of $method $path wanted; saw ${exchanges.map { "${it.method} ${it.path}" }}")
            Thread.sleep(100)
        }
    }
}
