import assert from 'node:assert/strict'
import { test } from 'node:test'
import {
  IdentityErrorCode, IdentityVerificationClient, IdentityVerificationError, MobileErrorCode, MobileVerificationError, noRetries,
  VerifyHuman,
} from '../../src/index.js'
import { johnInput, quickRetries, scriptedFetch, verifiedJohn } from './fake-fetch.js'

const baseUrl = 'http://127.0.0.1:9'

function identity(script: Parameters<typeof scriptedFetch>[0], options: { retries?: typeof quickRetries; requestTimeoutMs?: number } = {}) {
  const { fetch, sent } = scriptedFetch(script)
  const client = new IdentityVerificationClient({ baseUrl, token: 'user-token', fetch, retries: options.retries ?? quickRetries,
    requestTimeoutMs: options.requestTimeoutMs })
  return { client, sent }
}

async function failureOf(promise: Promise<unknown>): Promise<IdentityVerificationError> {
  try {
    await promise
  } catch (error) {
    assert.ok(error instanceof IdentityVerificationError, `a typed error, not ${String(error)}`)
    return error
  }
  return assert.fail('the call succeeded')
}

test('a lost answer is tried again with the same Idempotency-Key, and the second answer is the result', async () => {
  const { client, sent } = identity(['network-error', { status: 200, body: verifiedJohn }])
  const verified = await client.verifyIdentity(johnInput)
  assert.equal(verified.verified, true)
  assert.equal(sent.length, 2)
  const keys = sent.map((request) => request.headers['Idempotency-Key'])
  assert.ok(keys[0] && keys[0].length >= 16, 'a POST carries a key')
  assert.equal(keys[1], keys[0], 'both tries carry one key')
  assert.equal(sent[0].headers.Authorization, 'Bearer user-token')
  assert.equal(sent[0].url, `${baseUrl}/v1/identity/verify`)
  assert.deepEqual(JSON.parse(sent[0].body ?? ''), johnInput)
})

test('two calls carry two keys, and a GET carries none', async () => {
  const { client, sent } = identity([{ status: 200, body: verifiedJohn }, { status: 200, body: verifiedJohn },
    { status: 200, body: verifiedJohn }])
  await client.verifyIdentity(johnInput)
  await client.verifyIdentity(johnInput)
  await client.checkIdentityVerification()
  assert.notEqual(sent[0].headers['Idempotency-Key'], sent[1].headers['Idempotency-Key'])
  assert.equal(sent[2].method, 'GET')
  assert.equal(sent[2].headers['Idempotency-Key'], undefined)
})

test('a network failure, a timeout and a 5xx are told apart, and each is retryable', async () => {
  const unreachable = await failureOf(identity(['network-error'], { retries: noRetries }).client.verifyIdentity(johnInput))
  assert.equal(unreachable.code, IdentityErrorCode.networkError)
  assert.equal(unreachable.httpStatus, 0)
  assert.match(unreachable.message, /could not be reached: fetch failed/)

  const silent = await failureOf(identity(['hang'], { retries: noRetries, requestTimeoutMs: 50 }).client.verifyIdentity(johnInput))
  assert.equal(silent.code, IdentityErrorCode.timeout)
  assert.match(silent.message, /within 50 ms/)

  const proxyPage = await failureOf(identity([{ status: 502, body: '<html>Bad Gateway</html>' }], { retries: noRetries })
    .client.verifyIdentity(johnInput))
  assert.equal(proxyPage.code, IdentityErrorCode.serviceUnavailable)
  assert.equal(proxyPage.httpStatus, 502)

  const serverError = await failureOf(identity([{ status: 500, body: { error: { code: 'SYSTEM_ERROR', message: 'boom', retryable: true,
    field: null } } }], { retries: noRetries }).client.verifyIdentity(johnInput))
  assert.equal(serverError.code, IdentityErrorCode.systemError)
  assert.equal(serverError.httpStatus, 500)
  for (const error of [unreachable, silent, proxyPage, serverError]) assert.equal(error.retryable, true, error.code)
})

test('a timed-out try is tried again, and succeeds when the service answers', async () => {
  const { client, sent } = identity(['hang', { status: 200, body: verifiedJohn }], { requestTimeoutMs: 50 })
  assert.equal((await client.verifyIdentity(johnInput)).verified, true)
  assert.equal(sent.length, 2)
})

test('retries stop after the last delay with the last failure, and a failure that is not retryable is not tried again', async () => {
  const limited = { status: 429, body: { error: { code: 'RATE_LIMITED', message: 'slow down', retryable: true, field: null } } }
  const { client, sent } = identity([limited, limited, limited, limited, limited])
  assert.equal((await failureOf(client.verifyIdentity(johnInput))).code, 'RATE_LIMITED')
  assert.equal(sent.length, 4, 'one try and three retries')

  const invalid = { status: 400, body: { error: { code: 'INVALID_INPUT', message: 'firstName is empty', retryable: false, field: 'firstName' } } }
  const once = identity([invalid, { status: 200, body: verifiedJohn }])
  const error = await failureOf(once.client.verifyIdentity({ ...johnInput, firstName: '' }))
  assert.equal(error.code, IdentityErrorCode.invalidInput)
  assert.equal(error.field, 'firstName')
  assert.equal(once.sent.length, 1)
})

test('a Retry-After longer than the client will wait is returned at once, with the wait', async () => {
  const { fetch, sent } = scriptedFetch([{ status: 429, headers: { 'Retry-After': '120' },
    body: { success: false, code: 'RATE_LIMITED', message: 'slow down', retryable: true, session_id: null, verification_id: null,
      product: 'verifyhuman', outcome: null, next_step: null, data: null, meta: null } }])
  const client = new VerifyHuman({ baseUrl, clientKey: 'vhk_test_x', fetch, retries: quickRetries })
  await assert.rejects(client.verifyHuman({ image: 'AAAA' }), (error: unknown) =>
    error instanceof MobileVerificationError && error.code === 'RATE_LIMITED' && error.retryAfterSeconds === 120)
  assert.equal(sent.length, 1)
  assert.equal(sent[0].headers['X-Client-Key'], 'vhk_test_x')
})

test('a first try still running on the service is waited for, with the same key, without spending a retry', async () => {
  const inUse = { status: 409, headers: { 'Retry-After': '0' }, body: { error: { code: 'IDEMPOTENCY_KEY_IN_USE', message: 'in use',
    retryable: true, field: null } } }
  const { client, sent } = identity(['network-error', inUse, inUse, inUse, inUse, { status: 200, body: verifiedJohn }])
  assert.equal((await client.verifyIdentity(johnInput)).verified, true)
  assert.equal(new Set(sent.map((request) => request.headers['Idempotency-Key'])).size, 1)
  assert.equal(sent.length, 6)
})

test('every identity error code of the service reaches the caller typed, with its code', async () => {
  const serverCodes = Object.values(IdentityErrorCode).filter((code) => !['NETWORK_ERROR', 'TIMEOUT', 'INVALID_RESPONSE'].includes(code))
  for (const code of serverCodes) {
    const { client } = identity([{ status: 400, body: { error: { code, message: `because ${code}`, retryable: false, field: 'x' } } }])
    const error = await failureOf(client.checkIdentityVerification())
    assert.equal(error.code, code)
    assert.equal(error.message, `because ${code}`)
    assert.equal(error.field, 'x')
  }
})

test('every mobile error code reaches the caller typed, in the mobile body, with its session', async () => {
  const serverCodes = Object.values(MobileErrorCode).filter((code) => !['NETWORK_ERROR', 'TIMEOUT', 'INVALID_RESPONSE'].includes(code))
  for (const code of serverCodes) {
    const { fetch } = scriptedFetch([{ status: 400, body: { success: false, code, message: code, field: 'selfie_b64',
      session_id: 'msess_test_1', verification_id: null, product: 'verifyidentity', outcome: null, next_step: 'upload_selfie', data: null,
      meta: { environment: 'test', step: 'upload_selfie' } } }])
    const client = new VerifyHuman({ baseUrl, clientKey: 'vhk_test_x', fetch, retries: noRetries })
    await assert.rejects(client.uploadSelfie('verifyidentity', 'msess_test_1', 'AAAA'), (error: unknown) =>
      error instanceof MobileVerificationError && error.code === code && error.sessionId === 'msess_test_1' && error.field === 'selfie_b64')
  }
})

test('an answer of the wrong shape is INVALID_RESPONSE naming the field, never a half-read value', async () => {
  const { client } = identity([{ status: 200, body: { ...verifiedJohn, verified: 'yes' } }])
  const error = await failureOf(client.checkIdentityVerification())
  assert.equal(error.code, IdentityErrorCode.invalidResponse)
  assert.match(error.message, /verified is not a boolean/)

  const unknownStatus = identity([{ status: 200, body: { ...verifiedJohn, documentVerificationStatus: 'lost' } }])
  assert.match((await failureOf(unknownStatus.client.checkIdentityVerification())).message, /documentVerificationStatus is not one of/)

  const notJson = identity([{ status: 200, body: '<html>' }])
  assert.equal((await failureOf(notJson.client.checkIdentityVerification())).code, IdentityErrorCode.invalidResponse)
})

test('a configuration mistake is refused at once, naming the option', () => {
  for (const [options, field] of [
    [{ baseUrl: 'ftp://example.com', token: 't' }, 'baseUrl'],
    [{ baseUrl: 'not a url', token: 't' }, 'baseUrl'],
    [{ baseUrl: 'http://', token: 't' }, 'baseUrl'],
    [{ baseUrl: 'https://verity.example.com/path?query', token: 't' }, 'baseUrl'],
    [{ baseUrl, token: 't', requestTimeoutMs: -1 }, 'requestTimeoutMs'],
    [{ baseUrl }, 'token'],
  ] as const) {
    assert.throws(() => new IdentityVerificationClient(options), (error: unknown) =>
      error instanceof IdentityVerificationError && error.code === 'INVALID_INPUT' && error.field === field)
  }
  const saved = VerifyHuman.defaultBaseUrl, savedSetting = process.env.VERITY_BASE_URL
  VerifyHuman.defaultBaseUrl = undefined
  delete process.env.VERITY_BASE_URL
  assert.throws(() => new VerifyHuman({ clientKey: 'vhk_test_x' }), (error: unknown) =>
    error instanceof MobileVerificationError && error.field === 'baseUrl' && error.message.includes('VERITY_BASE_URL'))
  // Configured once, outside the code: the environment, or a global of that name.
  process.env.VERITY_BASE_URL = baseUrl
  assert.equal(VerifyHuman.configuredBaseUrl, baseUrl)
  assert.ok(new VerifyHuman({ clientKey: 'vhk_test_x' }))
  delete process.env.VERITY_BASE_URL
  ;(globalThis as Record<string, unknown>).VERITY_BASE_URL = 'https://from-the-page.example.com'
  assert.equal(VerifyHuman.configuredBaseUrl, 'https://from-the-page.example.com')
  delete (globalThis as Record<string, unknown>).VERITY_BASE_URL
  if (savedSetting !== undefined) process.env.VERITY_BASE_URL = savedSetting
  assert.throws(() => new VerifyHuman({ baseUrl, clientKey: '' }), (error: unknown) =>
    error instanceof MobileVerificationError && error.field === 'clientKey')
  VerifyHuman.defaultBaseUrl = saved
})

test('the token provider is asked before each call, and its failure is a typed error', async () => {
  const { fetch, sent } = scriptedFetch([{ status: 200, body: verifiedJohn }, { status: 200, body: verifiedJohn }])
  let minted = 0
  const client = new IdentityVerificationClient({ baseUrl, fetch, tokenProvider: async () => `token-${++minted}` })
  await client.checkIdentityVerification()
  await client.checkIdentityVerification()
  assert.deepEqual(sent.map((request) => request.headers.Authorization), ['Bearer token-1', 'Bearer token-2'])

  const failing = new IdentityVerificationClient({ baseUrl, fetch, tokenProvider: () => { throw new Error('backend down') } })
  const error = await failureOf(failing.checkIdentityVerification())
  assert.equal(error.code, 'NOT_AUTHORIZED')
  assert.match(error.message, /backend down/)
})

test('cachedOrRemote asks the service once per flow; remoteOnly every time', async () => {
  const answer = { status: 200, body: { faceImageRequired: true } }
  const { client, sent } = identity([answer, answer, answer])
  assert.equal(await client.isFaceImageRequiredWithDocumentVerification('cachedOrRemote'), true)
  assert.equal(await client.isFaceImageRequiredWithDocumentVerification('cachedOrRemote'), true)
  assert.equal(await client.isFaceImageRequiredWithDocumentCapture(), true)
  assert.deepEqual(sent.map((request) => new URL(request.url).search), ['?flow=verification', '?flow=capture'])
})

test('a base URL with a port, a path or a trailing slash, or an IPv6 host, is taken; query values are encoded', async () => {
  for (const [baseUrl, expected] of [
    ['http://127.0.0.1:8080/', 'http://127.0.0.1:8080/v1/identity/consent/content'],
    ['https://verity.example.com/api/', 'https://verity.example.com/api/v1/identity/consent/content'],
    ['http://[::1]:8080', 'http://[::1]:8080/v1/identity/consent/content'],
  ]) {
    const { fetch, sent } = scriptedFetch([{ status: 200, body: { content: 'c', contentType: 'text/plain', locale: 'en-US' } }])
    const client = new IdentityVerificationClient({ baseUrl, token: 't', fetch })
    await client.getIdentityDataProcessingConsentContent({ preferredContentType: 'text/plain; charset=utf-8', preferredLocale: 'ar & en' })
    assert.equal(sent[0].url, `${expected}?preferredContentType=text%2Fplain%3B%20charset%3Dutf-8&preferredLocale=ar%20%26%20en`)
  }
})
