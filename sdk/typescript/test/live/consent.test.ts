// consent.txt's calls, in its order, through the TypeScript client against a
// live server whose environment requires consent (`scripts/sdk-tests.sh`
// sets it): verifying before consent is the typed CONSENT_REQUIRED.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { IdentityErrorCode, IdentityVerificationClient, IdentityVerificationError } from '../../src/index.js'
import { newUserRef, server, userToken } from './server.js'

const john = {
  firstName: 'John', lastName: 'Smith', address: '222333 Peachtree Place', city: 'Atlanta', state: 'GA', postalCode: '30318',
  country: 'US', dateOfBirth: '1975-02-28',
}

test('consent: required, refused before it is given, given as served, recorded, then withdrawn', async () => {
  const identityVerificationClient = new IdentityVerificationClient({ baseUrl: server.url, token: await userToken(newUserRef('ts-consent')) })
  assert.equal(await identityVerificationClient.isConsentRequiredForVerification(), true)

  await assert.rejects(identityVerificationClient.verifyIdentity(john), (error: unknown) =>
    error instanceof IdentityVerificationError && error.code === IdentityErrorCode.consentRequired && error.httpStatus === 403)

  const before = await identityVerificationClient.getIdentityDataProcessingConsentStatus()
  assert.equal(before.consented, false)
  assert.equal(before.consentedAtEpochMs, undefined)

  const consentContent = await identityVerificationClient.getIdentityDataProcessingConsentContent({
    preferredContentType: 'text/plain', preferredLocale: 'en-US',
  })
  assert.ok(consentContent.content.length > 0)
  assert.equal(consentContent.contentType, 'text/plain')

  // A text the user was not shown is refused.
  await assert.rejects(identityVerificationClient.provideIdentityDataProcessingConsent({ ...consentContent, content: 'something else' }),
    (error: unknown) => error instanceof IdentityVerificationError && error.code === IdentityErrorCode.consentContentMismatch)

  const given = await identityVerificationClient.provideIdentityDataProcessingConsent({
    content: consentContent.content, contentType: consentContent.contentType, locale: consentContent.locale,
  })
  assert.equal(given.consented, true)
  assert.ok((given.consentedAtEpochMs ?? 0) > 0)
  assert.equal(given.content, consentContent.content)

  assert.equal((await identityVerificationClient.verifyIdentity(john)).verified, true)

  const withdrawn = await identityVerificationClient.withdrawIdentityDataProcessingConsent()
  assert.equal(withdrawn.consented, false)
  assert.ok((withdrawn.consentWithdrawnAtEpochMs ?? 0) > 0)
  // Withdrawing does not undo the verification.
  assert.equal((await identityVerificationClient.checkIdentityVerification()).verified, true)
})

test('the service\'s refusals reach the caller typed: bad input names its field, a bad token is INVALID_TOKEN', async () => {
  const client = new IdentityVerificationClient({ baseUrl: server.url, token: await userToken(newUserRef('ts-errors')) })
  const content = await client.getIdentityDataProcessingConsentContent({ preferredContentType: 'text/plain', preferredLocale: 'en-US' })
  await client.provideIdentityDataProcessingConsent(content)

  await assert.rejects(client.verifyIdentity({ ...john, dateOfBirth: '28/02/1975' }), (error: unknown) =>
    error instanceof IdentityVerificationError && error.code === IdentityErrorCode.invalidInput && error.field === 'dateOfBirth')
  await assert.rejects(client.verifyIdentity({ ...john, country: 'ZZ' }), (error: unknown) =>
    error instanceof IdentityVerificationError && ['UNSUPPORTED_COUNTRY', 'INVALID_INPUT'].includes(error.code))
  await client.verifyIdentity({ ...john, postalCode: '30319' })   // a PII attempt first, which documents follow
  await assert.rejects(client.verifyIdentityDocument({ documentType: 'passport', country: 'US', imageBase64: 'bm90IGFuIGltYWdl',
    backImageBase64: 'bm90IGFuIGltYWdl' }), (error: unknown) =>
    error instanceof IdentityVerificationError && error.code === IdentityErrorCode.invalidImage && error.field === 'imageBase64')

  const stranger = new IdentityVerificationClient({ baseUrl: server.url, token: 'not-a-token', retries: { delaysMs: [], maximumWaitMs: 0,
    inUsePatienceMs: 0 } })
  await assert.rejects(stranger.checkIdentityVerification(), (error: unknown) =>
    error instanceof IdentityVerificationError && error.code === IdentityErrorCode.invalidToken && error.httpStatus === 401)
})
