package com.verity.sdk.wire

/**
 * The wire's shapes, each written once and used three ways: to read an
 * answer (a field of the wrong type is refused, never passed on as a
 * default), to write a request (only the declared fields leave), and to
 * describe itself for the contract test (`scripts/sdk-contract.py`), which
 * holds every shape to the server's `docs/openapi.yaml`. So what the test
 * checks is what the SDK does. The TypeScript SDK has the same design.
 */
interface Shape<T> {
    fun read(value: Any?, path: String): T
    fun write(value: T): Any?
    fun describe(): Map<String, Any?>
}

/** An answer that does not have the shape the SDK reads: where, and what was wanted. */
class WireShapeException(val path: String, wanted: String) : Exception("${if (path.length == 0) "the answer" else path} is not $wanted")

private class Primitive<T>(private val kind: String, private val convert: (Any?) -> T?) : Shape<T> {
    override fun read(value: Any?, path: String): T = convert(value) ?: throw WireShapeException(path, "a $kind")
    override fun write(value: T): Any? = value
    override fun describe(): Map<String, Any?> = mapOf("kind" to kind)
}

object Shapes {
    val string: Shape<String> = Primitive("string") { it as? String }
    /** A whole number: epoch milliseconds, counts. */
    val long: Shape<Long> = Primitive("integer") { it as? Long }
    val int: Shape<Int> = Primitive("integer") { value -> (value as? Long)?.takeIf { it in Int.MIN_VALUE..Int.MAX_VALUE }?.toInt() }
    val double: Shape<Double> = Primitive("number") { value -> (value as? Number)?.toDouble() }
    val boolean: Shape<Boolean> = Primitive("boolean") { it as? Boolean }

    /** Any JSON value, passed on as it is. */
    val anything: Shape<Any?> = object : Shape<Any?> {
        override fun read(value: Any?, path: String): Any? = value
        override fun write(value: Any?): Any? = value
        override fun describe(): Map<String, Any?> = mapOf("kind" to "unknown")
    }

    /** A closed list of strings, read into an enum by its wire value. */
    fun <E> oneOf(values: Array<E>, wire: (E) -> String): Shape<E> = object : Shape<E> {
        override fun read(value: Any?, path: String): E =
            values.firstOrNull { wire(it) == value } ?: throw WireShapeException(path, "one of ${values.joinToString(", ") { wire(it) }}")
        override fun write(value: E): Any? = wire(value)
        override fun describe(): Map<String, Any?> = mapOf("kind" to "string", "enum" to values.map(wire))
    }

    /** A closed list of plain strings. */
    fun oneOf(vararg values: String): Shape<String> = object : Shape<String> {
        override fun read(value: Any?, path: String): String =
            (value as? String)?.takeIf { it in values } ?: throw WireShapeException(path, "one of ${values.joinToString(", ")}")
        override fun write(value: String): Any? = value
        override fun describe(): Map<String, Any?> = mapOf("kind" to "string", "enum" to values.toList())
    }

    fun <T> list(items: Shape<T>): Shape<List<T>> = object : Shape<List<T>> {
        override fun read(value: Any?, path: String): List<T> =
            (value as? List<*> ?: throw WireShapeException(path, "an array")).mapIndexed { index, item -> items.read(item, "$path[$index]") }
        override fun write(value: List<T>): Any? = value.map { items.write(it) }
        override fun describe(): Map<String, Any?> = mapOf("kind" to "array", "items" to items.describe())
    }

    /** An object whose keys are data (a document's fields by name). */
    fun <T> map(values: Shape<T>): Shape<Map<String, T>> = object : Shape<Map<String, T>> {
        override fun read(value: Any?, path: String): Map<String, T> {
            val source = value as? Map<*, *> ?: throw WireShapeException(path, "an object")
            return source.entries.associate { (key, item) -> key as String to values.read(item, "$path.$key") }
        }
        override fun write(value: Map<String, T>): Any? = value.mapValues { values.write(it.value) }
        override fun describe(): Map<String, Any?> = mapOf("kind" to "map", "values" to values.describe())
    }

    /** Present, and possibly `null`. */
    fun <T : Any> nullable(of: Shape<T>): Shape<T?> = object : Shape<T?> {
        override fun read(value: Any?, path: String): T? = if (value == null) null else of.read(value, path)
        override fun write(value: T?): Any? = if (value == null) null else of.write(value)
        override fun describe(): Map<String, Any?> = mapOf("kind" to "nullable", "of" to of.describe())
    }

    /** Possibly absent (and a `null` read as absent); left out when written. */
    fun <T : Any> optional(of: Shape<T>): Shape<T?> = Optional(of)

    internal class Optional<T : Any>(private val of: Shape<T>) : Shape<T?> {
        override fun read(value: Any?, path: String): T? = if (value == null) null else of.read(value, path)
        override fun write(value: T?): Any? = if (value == null) null else of.write(value)
        override fun describe(): Map<String, Any?> = mapOf("kind" to "optional", "of" to of.describe())
    }
}

/**
 * An object with named fields, built with [objectShape]. `name` is the schema
 * that describes it in `docs/openapi.yaml`. Fields the SDK does not know are
 * ignored when read, so a newer server's additions do not break an older app.
 */
class ObjectShape<T> internal constructor(
    val name: String,
    private val fields: List<Field<T, *>>,
    private val build: (FieldReader) -> T
) : Shape<T> {
    override fun read(value: Any?, path: String): T {
        val source = value as? Map<*, *> ?: throw WireShapeException(path, "an object ($name)")
        @Suppress("UNCHECKED_CAST")
        return build(FieldReader(source as Map<String, Any?>, path))
    }

    override fun write(value: T): Any? {
        val written = LinkedHashMap<String, Any?>()
        for (field in fields) {
            val item = field.writeFrom(value)
            if (item != null || !field.leftOutWhenAbsent) written[field.name] = item
        }
        return written
    }

    override fun describe(): Map<String, Any?> =
        mapOf("kind" to "object", "name" to name, "fields" to fields.associate { it.name to it.shape.describe() })
}

/** One field of an object: its wire name, its shape, and how to take its value from the object. */
class Field<T, V> internal constructor(val name: String, val shape: Shape<V>, private val get: (T) -> V) {
    internal val leftOutWhenAbsent = shape is Shapes.Optional<*>
    internal fun writeFrom(value: T): Any? = shape.write(get(value))
}

/** What a shape's `build` reads its fields with: `reader[field]`. */
class FieldReader internal constructor(private val source: Map<String, Any?>, private val path: String) {
    operator fun <V> get(field: Field<*, V>): V = field.shape.read(source[field.name], if (path.length == 0) field.name else "$path.${field.name}")
}

/** Declares an object's fields in order, then how to construct it from them. */
class ObjectShapeBuilder<T> internal constructor(private val name: String) {
    private val fields = ArrayList<Field<T, *>>()
    private var constructor: ((FieldReader) -> T)? = null

    fun <V> field(name: String, shape: Shape<V>, get: (T) -> V): Field<T, V> = Field(name, shape, get).also { fields.add(it) }

    fun construct(build: (FieldReader) -> T) {
        constructor = build
    }

    internal fun build(): ObjectShape<T> =
        ObjectShape(name, fields, constructor ?: throw IllegalStateException("$name: the shape declares no construct { }"))
}

/**
 * ```
 * val ConsentShape = objectShape<Consent>("ConsentInput") {
 *     val content = field("content", Shapes.string) { it.content }
 *     construct { read -> Consent(content = read[content]) }
 * }
 * ```
 */
fun <T> objectShape(name: String, declare: ObjectShapeBuilder<T>.() -> Unit): ObjectShape<T> =
    ObjectShapeBuilder<T>(name).apply(declare).build()
