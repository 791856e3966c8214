package com.verity.sdk.transport

import java.io.IOException
import java.net.HttpURLConnection
import java.net.SocketTimeoutException
import java.net.URL

/** One HTTP request as the SDK sends it. */
class HttpRequest(val method: String, val url: String, val headers: Map<String, String>, val body: ByteArray?, val timeoutMillis: Int)

/** One HTTP answer: its status, its headers (names in lower case) and its body. */
class HttpAnswer(val status: Int, val headers: Map<String, String>, val body: ByteArray)

/** Why no answer came: the service did not answer in time, or could not be reached. */
class NoAnswerException(val timedOut: Boolean, cause: Throwable) : IOException(cause.message ?: cause.javaClass.simpleName, cause)

/**
 * How the SDK talks HTTP; blocking, called on `Dispatchers.IO`. The default,
 * [UrlConnectionExchange], works on Android and on any JVM; pass your own to
 * go through a client your app already has (OkHttp, a proxy, a test double).
 */
interface HttpExchange {
    /** The answer, whatever its status; [NoAnswerException] when there is none. */
    fun exchange(request: HttpRequest): HttpAnswer
}

/**
 * `HttpURLConnection`: present on Android and the JVM alike, TLS verified by
 * the platform, connect and read timeouts set explicitly, no redirects
 * followed (an answer that moves is not the service's).
 */
class UrlConnectionExchange : HttpExchange {
    override fun exchange(request: HttpRequest): HttpAnswer {
        val connection = try {
            URL(request.url).openConnection() as HttpURLConnection
        } catch (error: IOException) {
            throw NoAnswerException(false, error)
        }
        try {
            connection.requestMethod = request.method
            connection.instanceFollowRedirects = false
            connection.connectTimeout = request.timeoutMillis
            connection.readTimeout = request.timeoutMillis
            connection.useCaches = false
            for ((name, value) in request.headers) connection.setRequestProperty(name, value)
            if (request.body != null) {
                // Not in streaming mode: there, a 401 leaves no error stream to read the service's error from.
                connection.doOutput = true
                connection.outputStream.use { it.write(request.body) }
            }
            val status = connection.responseCode
            val stream = if (status >= 400) connection.errorStream else connection.inputStream
            val body = stream?.use { it.readBytes() } ?: ByteArray(0)
            val headers = connection.headerFields.entries
                .filter { it.key != null && it.value.isNotEmpty() }
                .associate { it.key.toLowerCase() to it.value.first() }
            return HttpAnswer(status, headers, body)
        } catch (error: SocketTimeoutException) {
            throw NoAnswerException(true, error)
        } catch (error: IOException) {
            throw NoAnswerException(false, error)
        } finally {
            connection.disconnect()
        }
    }
}
