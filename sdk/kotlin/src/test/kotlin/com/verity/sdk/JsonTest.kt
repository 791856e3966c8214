package com.verity.sdk

import com.verity.sdk.wire.Json
import com.verity.sdk.wire.JsonSyntaxException
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Test

class JsonTest {
    @Test
    fun readsAndWritesEveryKindOfValue() {
        val text = """{"s":"a \"quoted\" \u00e9 \\ line\nbreak","n":-12,"d":1.5e3,"t":true,"f":false,"z":null,"a":[1,[2],{}],"o":{"k":"v"}}"""
        val value = Json.parse(text) as Map<*, *>
        assertEquals("a \"quoted\" é \\ line\nbreak", value["s"])
        assertEquals(-12L, value["n"])
        assertEquals(1500.0, value["d"])
        assertEquals(listOf(1L, listOf(2L), emptyMap<String, Any>()), value["a"])
        assertEquals(value, Json.parse(Json.write(value)))
        assertEquals("\"\\u0001\\u2028\"", Json.write("\u0001\u2028"))
    }

    @Test
    fun refusesWhatIsNotJsonWithWhere() {
        for ((text, offset) in listOf("{\"a\":}" to 5, "[1,]" to 3, "\"open" to 5, "01" to 0, "{} x" to 3, "tru" to 0, "\"\\x\"" to 2)) {
            assertEquals(offset, assertThrows(JsonSyntaxException::class.java) { Json.parse(text) }.offset, text)
        }
        // Nesting deep enough to overflow a recursive reader is refused instead.
        assertThrows(JsonSyntaxException::class.java) { Json.parse("[".repeat(100_000)) }
    }
}
