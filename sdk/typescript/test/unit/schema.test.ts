import assert from 'node:assert/strict'
import { test } from 'node:test'
import { array, integer, nullable, object, oneOf, optional, string, WireShapeError } from '../../src/wire/schema.js'

interface Sample { name: string; count: number; kind: 'a' | 'b'; note?: string; tags: string[]; parent: { id: string } | null }

const SampleShape = object<Sample>('Sample', {
  name: string, count: integer, kind: oneOf(['a', 'b'] as const), note: optional(string), tags: array(string),
  parent: nullable(object<{ id: string }>('Parent', { id: string })),
})

test('a shape reads what it declares, ignores what it does not know, and writes only its fields', () => {
  const read = SampleShape.read({ name: 'n', count: 3, kind: 'a', tags: ['x'], parent: null, addedByANewerServer: true }, '')
  assert.deepEqual(read, { name: 'n', count: 3, kind: 'a', tags: ['x'], parent: null })
  const written = SampleShape.write({ ...read, note: undefined, extra: 'not sent' } as Sample)
  assert.deepEqual(written, { name: 'n', count: 3, kind: 'a', tags: ['x'], parent: null })
})

test('a value of the wrong type is refused with its path', () => {
  const cases: [unknown, RegExp][] = [
    [{ name: 'n', count: 1.5, kind: 'a', tags: [], parent: null }, /^count is not a integer$/],
    [{ name: 'n', count: 1, kind: 'c', tags: [], parent: null }, /^kind is not one of a, b$/],
    [{ name: 'n', count: 1, kind: 'a', tags: [7], parent: null }, /^tags\[0\] is not a string$/],
    [{ name: 'n', count: 1, kind: 'a', tags: [], parent: { id: 1 } }, /^parent\.id is not a string$/],
    [{ count: 1, kind: 'a', tags: [], parent: null }, /^name is not a string$/],
    [[], /is not an object \(Sample\)$/],
  ]
  for (const [value, message] of cases) {
    assert.throws(() => SampleShape.read(value, ''), (error: unknown) => error instanceof WireShapeError && message.test(error.message))
  }
})

test('a shape describes itself as the contract test reads it', () => {
  assert.deepEqual(SampleShape.describe(), {
    kind: 'object', name: 'Sample', fields: {
      name: { kind: 'string' }, count: { kind: 'integer' }, kind: { kind: 'string', enum: ['a', 'b'] },
      note: { kind: 'optional', of: { kind: 'string' } }, tags: { kind: 'array', items: { kind: 'string' } },
      parent: { kind: 'nullable', of: { kind: 'object', name: 'Parent', fields: { id: { kind: 'string' } } } },
    },
  })
})
