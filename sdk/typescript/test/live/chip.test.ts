// The passport's chip through the TypeScript SDK against a live server: a
// VerifyIdentity session whose app reads the BSI reference chip (shared test
// data) with the session's Active Authentication challenge, this test playing
// the chip with the set's own key; and the identity API's document call with
// the ETSI prototype's chip, verified against its CSCA imported by the backend.
import assert from 'node:assert/strict'
import { constants, createHash, createPrivateKey, privateDecrypt, randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { IdentityVerificationClient, VerifyHuman, type ChipChallengeData } from '../../src/index.js'
import { backend, chipFile, fixture, newUserRef, server, until, userToken } from './server.js'

/** The BSI chip's INTERNAL AUTHENTICATE: ISO/IEC 9796-2 scheme 1 through the raw RSA private operation. */
function answerAsTheChip(challengeB64: string): string {
  const challenge = Buffer.from(challengeB64, 'base64')
  const recoverable = randomBytes(106)
  const digest = createHash('sha1').update(Buffer.concat([recoverable, challenge])).digest()
  const representative = Buffer.concat([Buffer.from([0x6a]), recoverable, digest, Buffer.from([0xbc])])
  const key = createPrivateKey({ key: readFileSync(`${server.chip}/bsi-tr03105/DG15_sk.pkcs8`), format: 'der', type: 'pkcs8' })
  return privateDecrypt({ key, padding: constants.RSA_NO_PADDING }, representative).toString('base64')
}

test('a VerifyIdentity session with the chip: Active Authentication on the session challenge, the outcome in the result', async () => {
  const client = new VerifyHuman({ clientKey: server.keys.clientKey })
  let asked: ChipChallengeData | undefined
  const answer = await client.verifyIdentity({
    selfie: fixture('john-smith-selfie.jpg'),
    document: { front: fixture('john-smith-passport-front.png'), documentType: 'passport', country: 'US' },
    readChip: (challenge) => {
      asked = challenge
      return {
        files_b64: { sod: chipFile('bsi-tr03105/EF_SOD.bin'), dg1: chipFile('bsi-tr03105/Datagroup1.bin'), dg15: chipFile('bsi-tr03105/Datagroup15.bin') },
        active_authentication: { challenge_id: challenge.challenge_id, signature_b64: answerAsTheChip(challenge.challenge_b64) },
        reported: { pace: 'succeeded' },
      }
    },
  })
  assert.equal(Buffer.from(asked?.challenge_b64 ?? '', 'base64').length, 8)
  // The BSI chip is genuine but another passport's: its MRZ fails the session; its unknown CSCA proves nothing false.
  assert.equal(answer.outcome, 'fail', JSON.stringify(answer))
  assert.deepEqual(answer.data.reasons, ['CHIP_MRZ_MISMATCH'])
  const chip = (await client.result('verifyidentity', answer.session_id as string)).data.result?.chip
  assert.equal(chip?.active_authentication, 'verified', JSON.stringify(chip))
  assert.deepEqual(chip?.reasons, ['CHIP_CSCA_UNKNOWN', 'CHIP_DATA_UNPROTECTED', 'CHIP_MRZ_MISMATCH'])
  assert.equal(chip?.authentic, false)
  assert.equal(chip?.mrz_matches_printed, false)

  // The challenge was this session's, once: another session cannot use the answer.
  const other = await client.startSession('verifyidentity')
  await assert.rejects(client.uploadChip('verifyidentity', other.session_id as string, {
    files_b64: { sod: chipFile('bsi-tr03105/EF_SOD.bin'), dg15: chipFile('bsi-tr03105/Datagroup15.bin') },
    active_authentication: { challenge_id: asked?.challenge_id ?? '', signature_b64: 'AAAAAAAAAAA=' },
  }), (error: unknown) => (error as { code?: string }).code === 'CHIP_CHALLENGE_INVALID')
})

test('verifyIdentityDocument with the ETSI prototype chip: verified to its imported CSCA, and not this page\'s passport', async () => {
  const imported = await backend('POST', '/admin/v1/chip/trust', { fileBase64: chipFile('etsi-prototype/ETSI_CSCA_0130846f22c2.der') })
  assert.equal(imported.refused, undefined, JSON.stringify(imported))
  const client = new IdentityVerificationClient({ baseUrl: server.url, token: await userToken(newUserRef('ts-chip')) })
  if (await client.isConsentRequiredForVerification()) {
    await client.provideIdentityDataProcessingConsent(
      await client.getIdentityDataProcessingConsentContent({ preferredContentType: 'text/plain', preferredLocale: 'en-US' }))
  }
  await client.verifyIdentity({
    firstName: 'John', lastName: 'Smith', address: '222333 Peachtree Place', postalCode: '30319', country: 'US', dateOfBirth: '1975-02-28',
  })
  const page = fixture('john-smith-passport-front.png')
  await client.verifyIdentityDocument({
    documentType: 'passport', country: 'US', imageBase64: page, backImageBase64: page,
    faceImageBase64: await client.isFaceImageRequiredWithDocumentVerification() ? fixture('john-smith-selfie.jpg') : undefined,
    chip: {
      files: { sod: chipFile('etsi-prototype/EF_SOD.bin'), dg1: chipFile('etsi-prototype/DG1.bin'), dg14: chipFile('etsi-prototype/DG14.bin'),
        dg15: chipFile('etsi-prototype/DG15.bin') },
      reported: { pace: 'succeeded' },
    },
  })
  const settled = await until(() => client.checkIdentityVerification(),
    (identity) => !['pending', 'notAttempted'].includes(identity.documentVerificationStatus))
  assert.equal(settled.documentVerificationStatus, 'failed', JSON.stringify(settled.documentCheck))
  assert.deepEqual(settled.documentCheck?.reasons, ['CHIP_MRZ_MISMATCH'])
  const detail = await backend('GET', `/admin/v1/document-checks/${settled.documentCheck?.checkId}`) as
    { report?: { chip?: { chain: string; securityObject: { signatureValid: boolean }; csca?: { subject: string } } } }
  assert.equal(detail.report?.chip?.chain, 'verified', JSON.stringify(detail.report?.chip))
  assert.equal(detail.report?.chip?.securityObject.signatureValid, true)
  assert.equal(detail.report?.chip?.csca?.subject, 'C=DE, O=ETSI, OU=Country Signer, CN=ETSI CS')
})
