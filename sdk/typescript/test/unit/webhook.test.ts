import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import { test } from 'node:test'
import { Webhook, WebhookVerificationError } from '../../src/webhooks/webhook.js'

// The live test (../live/webhook.test.ts) checks a delivery the server signed;
// these check each refusal, with deliveries signed here the same way.
const secret = 'whsec_0123456789abcdefghijklmnopqrstuvwxyzABCD'
const now = 1_764_000_000_000
const event = JSON.stringify({ id: 'evt_1', type: 'identity_verification.decided', createdAtEpochMs: now, environment: 'test',
  userRef: 'customer-4711', data: { verified: true, verificationMethod: 'KNOWLEDGE_OF_PII', attemptsRemaining: 2 } })

function header(body: string, timestamp: number, ...secrets: string[]): string {
  const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  const signatures = secrets.map((key) => `v1=${hex(createHmac('sha256', key).update(`${timestamp}.${body}`).digest())}`)
  return [`t=${timestamp}`, ...signatures].join(',')
}

function refusal(body: string, value: string | undefined, secrets: string | string[], code: string) {
  assert.throws(() => Webhook.verify(body, value, secrets, { nowMs: now }), (error: unknown) =>
    error instanceof WebhookVerificationError && error.code === code, code)
}

test('a delivery signed with the secret is read, as text or as bytes', () => {
  const signed = header(event, now / 1000, secret)
  const read = Webhook.verify(event, signed, secret, { nowMs: now })
  assert.equal(read.type, 'identity_verification.decided')
  assert.equal(read.userRef, 'customer-4711')
  assert.equal(read.data.verified, true)
  assert.deepEqual(Webhook.verify(new TextEncoder().encode(event), signed, secret, { nowMs: now }), read)
})

test('during a rotation either secret is accepted, and a header with both signatures too', () => {
  const previous = 'whsec_previous0000000000000000000000000000000'
  Webhook.verify(event, header(event, now / 1000, previous), [secret, previous], { nowMs: now })
  Webhook.verify(event, header(event, now / 1000, secret, previous), previous, { nowMs: now })
})

test('each way a delivery can be wrong is refused with its code', () => {
  const signed = header(event, now / 1000, secret)
  refusal(event, undefined, secret, 'MISSING_HEADER')
  refusal(event, signed, [], 'NO_SECRET')
  refusal(event.replace('"verified":true', '"verified":false'), signed, secret, 'INVALID_SIGNATURE')
  refusal(event, signed, 'whsec_someone_else', 'INVALID_SIGNATURE')
  refusal(event, header(event, now / 1000 - 301, secret), secret, 'TIMESTAMP_OUTSIDE_TOLERANCE')
  refusal(event, header(event, now / 1000 + 301, secret), secret, 'TIMESTAMP_OUTSIDE_TOLERANCE')
  refusal(event, 'v1=' + 'a'.repeat(64), secret, 'MALFORMED_HEADER')
  refusal(event, `t=${now / 1000}`, secret, 'MALFORMED_HEADER')
  refusal(event, `t=soon,v1=${'a'.repeat(64)}`, secret, 'MALFORMED_HEADER')
  refusal(event, `t=${now / 1000},v1=abc`, secret, 'MALFORMED_HEADER')
  const notAnEvent = '{"hello":"world"}'
  refusal(notAnEvent, header(notAnEvent, now / 1000, secret), secret, 'UNDECODABLE_EVENT')
})
