package com.verity.sdk.wire

/**
 * JSON, read and written with the JDK alone, so the SDK has no runtime
 * dependency (Android and any JVM). Values are Kotlin's own: `Map<String,
 * Any?>` for objects, `List<Any?>` for arrays, `String`, `Long` for whole
 * numbers, `Double` for the rest, `Boolean`, and `null`. The shapes
 * ([Shape]) then read these into the SDK's types, refusing a wrong one.
 */
object Json {
    /** Parses [text]; throws [JsonSyntaxException] naming the offset of the first mistake. */
    fun parse(text: String): Any? {
        val reader = Reader(text)
        val value = reader.value(0)
        reader.skipSpace()
        if (reader.at < text.length) throw JsonSyntaxException("text after the value", reader.at)
        return value
    }

    /** Writes [value] (the types [parse] makes, plus `Int` and any `Number`). */
    fun write(value: Any?): String = StringBuilder().also { write(value, it) }.toString()

    private fun write(value: Any?, out: StringBuilder) {
        when (value) {
            null -> out.append("null")
            is String -> string(value, out)
            is Boolean -> out.append(value)
            is Long, is Int, is Short, is Byte -> out.append(value)
            is Number -> {
                // A Double stays a Double ("1500.0"), so it reads back as one.
                val number = value.toDouble()
                require(number.isFinite()) { "JSON has no $number" }
                out.append(number.toString())
            }
            is Map<*, *> -> {
                out.append('{')
                var first = true
                for ((key, item) in value) {
                    if (!first) out.append(',')
                    first = false
                    string(key as String, out)
                    out.append(':')
                    write(item, out)
                }
                out.append('}')
            }
            is List<*> -> {
                out.append('[')
                value.forEachIndexed { index, item -> if (index > 0) out.append(','); write(item, out) }
                out.append(']')
            }
            else -> throw IllegalArgumentException("not a JSON value: ${value.javaClass.name}")
        }
    }

    private fun string(text: String, out: StringBuilder) {
        out.append('"')
        for (char in text) {
            when (char) {
                '"' -> out.append("\\\"")
                '\\' -> out.append("\\\\")
                '\n' -> out.append("\\n")
                '\r' -> out.append("\\r")
                '\t' -> out.append("\\t")
                else -> if (char < ' ' || char == '\u2028' || char == '\u2029') out.append(String.format("\\u%04x", char.toInt())) else out.append(char)
            }
        }
        out.append('"')
    }

    /** Deep enough for any answer the service gives; deeper is refused rather than overflowing the stack. */
    private const val MAXIMUM_DEPTH = 64

    private class Reader(val text: String) {
        var at = 0

        fun skipSpace() {
            while (at < text.length && (text[at] == ' ' || text[at] == '\n' || text[at] == '\r' || text[at] == '\t')) at++
        }

        fun value(depth: Int): Any? {
            if (depth > MAXIMUM_DEPTH) throw JsonSyntaxException("nested deeper than $MAXIMUM_DEPTH", at)
            skipSpace()
            if (at >= text.length) throw JsonSyntaxException("the text ends where a value should be", at)
            return when (text[at]) {
                '{' -> objectValue(depth)
                '[' -> arrayValue(depth)
                '"' -> stringValue()
                't' -> literal("true", true)
                'f' -> literal("false", false)
                'n' -> literal("null", null)
                else -> numberValue()
            }
        }

        private fun literal(word: String, value: Any?): Any? {
            if (!text.startsWith(word, at)) throw JsonSyntaxException("not a JSON value", at)
            at += word.length
            return value
        }

        private fun objectValue(depth: Int): Map<String, Any?> {
            val values = LinkedHashMap<String, Any?>()
            at++
            skipSpace()
            if (at < text.length && text[at] == '}') { at++; return values }
            while (true) {
                skipSpace()
                if (at >= text.length || text[at] != '"') throw JsonSyntaxException("a key should be a string", at)
                val key = stringValue()
                skipSpace()
                if (at >= text.length || text[at] != ':') throw JsonSyntaxException("':' should follow a key", at)
                at++
                values[key] = value(depth + 1)
                skipSpace()
                if (at < text.length && text[at] == ',') { at++; continue }
                if (at < text.length && text[at] == '}') { at++; return values }
                throw JsonSyntaxException("',' or '}' should follow a member", at)
            }
        }

        private fun arrayValue(depth: Int): List<Any?> {
            val values = ArrayList<Any?>()
            at++
            skipSpace()
            if (at < text.length && text[at] == ']') { at++; return values }
            while (true) {
                values.add(value(depth + 1))
                skipSpace()
                if (at < text.length && text[at] == ',') { at++; continue }
                if (at < text.length && text[at] == ']') { at++; return values }
                throw JsonSyntaxException("',' or ']' should follow an element", at)
            }
        }

        private fun stringValue(): String {
            val out = StringBuilder()
            at++
            while (true) {
                if (at >= text.length) throw JsonSyntaxException("a string is not closed", at)
                val char = text[at++]
                when {
                    char == '"' -> return out.toString()
                    char == '\\' -> {
                        if (at >= text.length) throw JsonSyntaxException("an escape is cut short", at)
                        when (val escaped = text[at++]) {
                            '"', '\\', '/' -> out.append(escaped)
                            'b' -> out.append('\b')
                            'f' -> out.append('\u000C')
                            'n' -> out.append('\n')
                            'r' -> out.append('\r')
                            't' -> out.append('\t')
                            'u' -> {
                                if (at + 4 > text.length) throw JsonSyntaxException("a \\u escape is cut short", at)
                                val code = text.substring(at, at + 4).toIntOrNull(16) ?: throw JsonSyntaxException("a \\u escape is not hex", at)
                                out.append(code.toChar())
                                at += 4
                            }
                            else -> throw JsonSyntaxException("an unknown escape \\$escaped", at - 1)
                        }
                    }
                    char < ' ' -> throw JsonSyntaxException("a control character in a string", at - 1)
                    else -> out.append(char)
                }
            }
        }

        private fun numberValue(): Any {
            val start = at
            if (at < text.length && text[at] == '-') at++
            while (at < text.length && (text[at].isDigit() || text[at] in ".eE+-")) at++
            val token = text.substring(start, at)
            if (!NUMBER.matches(token)) throw JsonSyntaxException("not a JSON value", start)
            return if (token.any { it in ".eE" }) token.toDouble() else token.toLongOrNull() ?: token.toDouble()
        }
    }

    private val NUMBER = Regex("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?")
}

/** Text that is not JSON, with where it went wrong. */
class JsonSyntaxException(reason: String, val offset: Int) : Exception("$reason (at $offset)")
