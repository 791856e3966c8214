// mobile-api.txt's React Native quick start, run against a live server with a
// real face, then the other products' flows, whole and step by step.
//
// The quick start's first line, `import { VerifyHuman } from
// '@verifyhuman/react-native'`, names the specification vendor's package;
// Verity's is `@verity/sdk` (here, its sources). That import is the one change.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { MobileErrorCode, MobileVerificationError, VerifyHuman } from '../../src/index.js'
import { backend, fixture, server } from './server.js'

// Where an app sets it once at start-up, so the quick start needs no address.
VerifyHuman.defaultBaseUrl = server.url
const clientKey = server.keys.clientKey

test('the React Native quick start: a real face passes, and the backend redeems the token once', async () => {
  const photo = { base64: fixture('john-smith-selfie.jpg') }
  let sent: string | undefined
  const sendToBackend = (token: string | undefined) => { sent = token }

  // From the specification, unchanged but for the key (its 'vhk_live_...' is a placeholder for the app's own).
  const client = new VerifyHuman({ clientKey: clientKey }); // SDK adds the header for you
  const result = await client.verifyHuman({ image: photo.base64 });
  if (result.outcome === 'pass') {
  // Send result.data.token to your backend for validation
  sendToBackend(result.data.token)
  }

  assert.equal(result.success, true)
  assert.equal(result.product, 'verifyhuman')
  assert.equal(result.data.faces, 1)
  assert.ok(sent, `a pass with a token: ${JSON.stringify(result)}`)
  const redeemed = await backend('POST', '/admin/v1/mobile/tokens/verify', { token: sent })
  assert.equal(redeemed.valid, true)
  assert.equal(redeemed.verificationId, result.verification_id)
  assert.equal((await backend('POST', '/admin/v1/mobile/tokens/verify', { token: sent })).reason, 'already_used')

  const status = await client.verifyHumanStatus(result.verification_id as string)
  assert.equal(status.outcome, 'pass')
  assert.equal(status.data.token, undefined, 'a status read never carries the token')
})

test('VerifyHuman fails a photo with no face, with the reason', async () => {
  const client = new VerifyHuman({ clientKey })
  const result = await client.verifyHuman({ image: fixture('john-smith-licence-back.png') })
  assert.equal(result.outcome, 'fail')
  assert.deepEqual(result.data.reasons, ['NO_FACE'])
  assert.equal(result.data.token, undefined)
})

test('VerifyIdentity, whole: selfie, passport, submit, then the result', async () => {
  const client = new VerifyHuman({ clientKey })
  const answer = await client.verifyIdentity({ selfie: fixture('john-smith-selfie.jpg'),
    document: { front: fixture('john-smith-passport-front.png'), documentType: 'passport', country: 'US' } })
  assert.equal(answer.outcome, 'pass', JSON.stringify(answer))
  assert.equal(answer.next_step, null)
  const result = await client.result('verifyidentity', answer.session_id as string)
  assert.equal(result.data.result?.decision, 'pass')
  assert.equal(result.data.result?.document_type, 'passport')
  assert.equal(result.data.result?.face_match.match, true)
  assert.equal(result.data.result?.fields.surname, 'SMITH')
})

test('VerifyCompliance, step by step: each call, each next step, and the screening in the result', async () => {
  const client = new VerifyHuman({ clientKey })
  const started = await client.startSession('verifycompliance')
  assert.equal(started.next_step, 'upload_selfie')
  const id = started.session_id as string
  assert.match(id, /^msess_/)
  const selfie = await client.uploadSelfie('verifycompliance', id, fixture('john-smith-selfie.jpg'))
  assert.equal(selfie.next_step, 'upload_id_front')
  const front = await client.uploadIdFront('verifycompliance', id, { front: fixture('john-smith-licence-front.png'),
    documentType: 'driverLicense', country: 'US' })
  assert.equal(front.next_step, 'upload_id_back')
  const back = await client.uploadIdBack('verifycompliance', id, fixture('john-smith-licence-back.png'))
  assert.equal(back.next_step, 'submit')
  const submitted = await client.submit('verifycompliance', id)
  assert.equal(submitted.outcome, 'pass', JSON.stringify(submitted))
  assert.equal((await client.status('verifycompliance', id)).outcome, 'pass')
  const result = await client.result('verifycompliance', id)
  assert.equal(result.data.result?.screening?.matches.length, 0)
  assert.ok(result.data.result?.screening?.name)
})

test('VerifyAge, whole: the face alone settles an adult well over the minimum', async () => {
  const client = new VerifyHuman({ clientKey })
  const rules = await client.verifyAgeRules()
  assert.ok(rules.data.minimum_age > 0)
  let documentAsked = false
  const answer = await client.verifyAge({ dateOfBirth: '1975-02-28', selfie: fixture('john-smith-selfie.jpg'),
    document: () => { documentAsked = true; return { front: fixture('john-smith-passport-front.png'), documentType: 'passport' } } })
  assert.ok(answer.outcome === 'pass', JSON.stringify(answer))
  assert.equal((await client.ageStatus(answer.session_id as string)).outcome, 'pass')
  assert.ok(answer.data.age_estimate !== undefined || documentAsked)
})

test('the mobile API\'s refusals reach the app typed: key, image, step', async () => {
  const stranger = new VerifyHuman({ clientKey: 'vhk_test_notakey000000000000000000', retries: { delaysMs: [], maximumWaitMs: 0, inUsePatienceMs: 0 } })
  await assert.rejects(stranger.verifyHuman({ image: fixture('john-smith-selfie.jpg') }), (error: unknown) =>
    error instanceof MobileVerificationError && error.code === MobileErrorCode.invalidClientKey && error.httpStatus === 401)

  const client = new VerifyHuman({ clientKey })
  await assert.rejects(client.verifyHuman({ image: 'bm90IGFuIGltYWdl' }), (error: unknown) =>
    error instanceof MobileVerificationError && error.code === MobileErrorCode.invalidImage)
  await assert.rejects(client.verifyHuman({ image: '' }), (error: unknown) =>
    error instanceof MobileVerificationError && error.code === MobileErrorCode.missingRequiredField && error.field === 'selfie_b64')

  const started = await client.startSession('verifyidentity')
  await assert.rejects(client.submit('verifyidentity', started.session_id as string), (error: unknown) =>
    error instanceof MobileVerificationError && error.code === MobileErrorCode.sessionWrongStep && error.sessionId === started.session_id)
  await assert.rejects(client.status('verifyidentity', 'msess_test_nosuchsession'), (error: unknown) =>
    error instanceof MobileVerificationError && error.httpStatus === 404)
})
