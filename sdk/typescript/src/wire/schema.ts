// The wire's shapes, each written once and used three ways: to read an
// answer (a field of the wrong type is refused, never passed on as
// `undefined`), to write a request (only the declared fields leave), and to
// describe itself for the contract test, which holds every shape to the
// server's `docs/openapi.yaml`. So what the test checks is what the SDK does.

/** A shape as the contract test reads it (`node build/test/describe-wire.js`). */
export type ShapeDescription =
  | { kind: 'string'; enum?: readonly string[] }
  | { kind: 'integer' | 'number' | 'boolean' | 'unknown' }
  | { kind: 'array'; items: ShapeDescription }
  | { kind: 'map'; values: ShapeDescription }
  | { kind: 'nullable' | 'optional'; of: ShapeDescription }
  | { kind: 'object'; name: string; fields: Record<string, ShapeDescription> }

/** An answer that does not have the shape the SDK reads: where, and what was wanted. */
export class WireShapeError extends Error {
  constructor(readonly path: string, readonly wanted: string) {
    super(`${path || 'the answer'} is not ${wanted}`)
    this.name = 'WireShapeError'
  }
}

/** One value's shape: read from parsed JSON, written back to it, described. */
export interface Shape<T> {
  read(value: unknown, path: string): T
  write(value: T): unknown
  describe(): ShapeDescription
  /** True for `nullable(…)`: a `null` is its value, not an absence. */
  readonly acceptsNull?: boolean
}

function primitive<T>(kind: 'string' | 'integer' | 'number' | 'boolean', accepts: (value: unknown) => boolean): Shape<T> {
  return {
    read(value, path) {
      if (!accepts(value)) throw new WireShapeError(path, `a ${kind}`)
      return value as T
    },
    write: (value) => value,
    describe: () => ({ kind }),
  }
}

export const string: Shape<string> = primitive('string', (value) => typeof value === 'string')
/** A whole number: epoch milliseconds, counts. */
export const integer: Shape<number> = primitive('integer', (value) => typeof value === 'number' && Number.isInteger(value))
export const number: Shape<number> = primitive('number', (value) => typeof value === 'number' && Number.isFinite(value))
export const boolean: Shape<boolean> = primitive('boolean', (value) => typeof value === 'boolean')

/** Any JSON value, passed on as it is (free-form payloads). */
export const unknownValue: Shape<unknown> = {
  read: (value) => value,
  write: (value) => value,
  describe: () => ({ kind: 'unknown' }),
}

/** A string from a closed list: the wire enums, as string-literal unions. */
export function oneOf<T extends string>(values: readonly T[]): Shape<T> {
  return {
    read(value, path) {
      if (typeof value !== 'string' || !(values as readonly string[]).includes(value)) {
        throw new WireShapeError(path, `one of ${values.join(', ')}`)
      }
      return value as T
    },
    write: (value) => value,
    describe: () => ({ kind: 'string', enum: values }),
  }
}

export function array<T>(items: Shape<T>): Shape<T[]> {
  return {
    read(value, path) {
      if (!Array.isArray(value)) throw new WireShapeError(path, 'an array')
      return value.map((item, index) => items.read(item, `${path}[${index}]`))
    },
    write: (value) => value.map((item) => items.write(item)),
    describe: () => ({ kind: 'array', items: items.describe() }),
  }
}

/** An object whose keys are data (a document's fields by name). */
export function map<T>(values: Shape<T>): Shape<Record<string, T>> {
  return {
    read(value, path) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new WireShapeError(path, 'an object')
      const read: Record<string, T> = {}
      for (const [key, item] of Object.entries(value)) read[key] = values.read(item, `${path}.${key}`)
      return read
    },
    write(value) {
      const written: Record<string, unknown> = {}
      for (const [key, item] of Object.entries(value)) written[key] = values.write(item)
      return written
    },
    describe: () => ({ kind: 'map', values: values.describe() }),
  }
}

/** Present, and possibly `null`. */
export function nullable<T>(of: Shape<T>): Shape<T | null> {
  return {
    read: (value, path) => (value === null ? null : of.read(value, path)),
    write: (value) => (value === null ? null : of.write(value)),
    describe: () => ({ kind: 'nullable', of: of.describe() }),
    acceptsNull: true,
  }
}

/**
 * Possibly absent (read as `undefined`, and left out when written). A `null`
 * is read as absent too, unless the shape beneath is `nullable(…)`, which
 * keeps it.
 */
export function optional<T>(of: Shape<T>): Shape<T | undefined> {
  return {
    read: (value, path) => (value === undefined || (value === null && !of.acceptsNull) ? undefined : of.read(value, path)),
    write: (value) => (value === undefined ? undefined : of.write(value)),
    describe: () => ({ kind: 'optional', of: of.describe() }),
  }
}

/** Every property of `T` with its shape: the compiler refuses a property left without one. */
// (Mapped over `Required<T>`'s keys, so every property needs a shape, while
// `T[K]` keeps an optional property's `undefined`, which `optional()` reads.)
export type Fields<T> = { [K in keyof Required<T>]: Shape<T[K]> }

/**
 * An object with named fields. `name` is the schema that describes it in
 * `docs/openapi.yaml` (for the contract test's messages). Fields the SDK does
 * not know are ignored when read, so a newer server's additions do not break
 * an older app.
 */
export function object<T>(name: string, fields: Fields<T>): Shape<T> & { readonly name: string } {
  const entries = Object.entries(fields) as [string, Shape<unknown>][]
  return {
    name,
    read(value, path) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new WireShapeError(path, `an object (${name})`)
      const source = value as Record<string, unknown>
      const read: Record<string, unknown> = {}
      for (const [key, shape] of entries) {
        const item = shape.read(source[key], path ? `${path}.${key}` : key)
        if (item !== undefined) read[key] = item
      }
      return read as T
    },
    write(value) {
      const source = value as unknown as Record<string, unknown>
      const written: Record<string, unknown> = {}
      for (const [key, shape] of entries) {
        const item = shape.write(source[key])
        if (item !== undefined) written[key] = item
      }
      return written
    },
    describe() {
      const described: Record<string, ShapeDescription> = {}
      for (const [key, shape] of entries) described[key] = shape.describe()
      return { kind: 'object', name, fields: described }
    },
  }
}

/** A body that is not sent, or an answer that is not read. */
export const nothing: Shape<void> = {
  read: () => undefined,
  write: () => undefined,
  describe: () => ({ kind: 'unknown' }),
}
