// identity-verification.md's TypeScript examples, each pasted as the
// specification writes it, run against a live server. Around each: the
// values the snippet assumes (`identityVerificationClient`, the encoded
// images) defined before it, and what it did asserted after it, through the
// recording client and the server's own state. No snippet needed changing.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { IdDocumentType, IdentityVerificationClient, type VerifiedIdentity } from '../../src/index.js'
import { answerOf, type Recorded, recording } from './recording.js'
import { fixture, newUserRef, server, specimen, until, userToken } from './server.js'

async function clientFor(prefix: string, log: Recorded[]): Promise<IdentityVerificationClient> {
  const client = new IdentityVerificationClient({ baseUrl: server.url, token: await userToken(newUserRef(prefix)) })
  // consent.txt: where the environment requires consent, it comes first.
  if (await client.isConsentRequiredForVerification()) {
    const content = await client.getIdentityDataProcessingConsentContent({ preferredContentType: 'text/plain', preferredLocale: 'en-US' })
    await client.provideIdentityDataProcessingConsent(content)
  }
  return recording(client, log)
}

const final = (identity: VerifiedIdentity) => !['pending', 'notAttempted', 'captureInitiated', 'captureLinkOpened']
  .includes(identity.documentVerificationStatus)

test('Verify Identity using Personally Identifiable Information', async () => {
  const log: Recorded[] = []
  const identityVerificationClient = await clientFor('ts-spec-pii', log)
  let branch = ''

  // From the specification, unchanged except for the `branch` lines that say which branch ran.
  try {
      const verifiedIdentity = await identityVerificationClient.verifyIdentity({
          firstName: 'John',
          lastName: 'Smith',
          address: '222333 Peachtree Place',
          city: 'Atlanta',
          state: 'GA',
          postalCode: '30318',
          country: 'US',
          dateOfBirth: '1975-02-28',
      })

      if (verifiedIdentity.verified) {
          // proceed to the next stage of the app
          branch = 'verified'
      }
      else {
          if (verifiedIdentity.canAttemptVerificationAgain) {
              // user is permitted to try again
              branch = 'try again'
          }
          else {
              if (verifiedIdentity.requiredVerificationMethod === 'GOVERNMENT_ID') {
                  // can attempt verification with government issued
                  // identity documents.
                  branch = 'government id'
              }
              else {
                  // maximum retries exceeded, or the reason for failed
                  // verification prevents retry, e.g. PII is of a deceased
                  // person.
                  branch = 'no retry'
              }
          }
      }
  }
  catch (err) {
      // Handle errors
      branch = `error ${String(err)}`
  }

  assert.equal(branch, 'verified')
  const answered = answerOf<VerifiedIdentity>(log, 'verifyIdentity')
  assert.equal(answered.verificationMethod, 'KNOWLEDGE_OF_PII')
  assert.ok(answered.verifiedAtEpochMs > 0)
  const stored = await identityVerificationClient.checkIdentityVerification()
  assert.equal(stored.verified, true, 'the server keeps the verification')
})

test('a PII attempt that does not match leaves attempts, and the example takes the retry branch', async () => {
  const log: Recorded[] = []
  const identityVerificationClient = await clientFor('ts-spec-pii-typo', log)
  const typo = await identityVerificationClient.verifyIdentity({
    firstName: 'John', lastName: 'Smith', address: '222333 Peachtree Place', city: 'Atlanta', state: 'GA', postalCode: '30319',
    country: 'US', dateOfBirth: '1975-02-28',
  })
  assert.equal(typo.verified, false)
  assert.equal(typo.canAttemptVerificationAgain, true)
  assert.ok(typo.attemptsRemaining >= 1)
  assert.ok(typo.verificationLastAttemptedAtEpochMs > 0)
})

test('Determine if a Face Image is Required with ID Document Verification, and with ID Document Capture', async () => {
  const log: Recorded[] = []
  const identityVerificationClient = await clientFor('ts-spec-face', log)

  // From the specification, unchanged.
  try {
    const faceImageRequired = await identityVerificationClient.isFaceImageRequiredWithDocumentVerification()
  }
  catch (err) {
    // Handle errors
  }

  // From the specification, unchanged.
  try {
    const faceImageRequired = await identityVerificationClient.isFaceImageRequiredWithDocumentCapture()
  }
  catch (err) {
    // Handle errors
  }

  assert.equal(typeof answerOf(log, 'isFaceImageRequiredWithDocumentVerification'), 'boolean')
  assert.equal(typeof answerOf(log, 'isFaceImageRequiredWithDocumentCapture'), 'boolean')
})

test('Verify Identity using Identity Documents: a licence after a PII attempt, to a final status', async () => {
  const log: Recorded[] = []
  const identityVerificationClient = await clientFor('ts-spec-document', log)
  // The specification says a PII attempt comes first: one that does not match (a postal code typo).
  await identityVerificationClient.verifyIdentity({
    firstName: 'John', lastName: 'Smith', address: '222333 Peachtree Place', postalCode: '30319', country: 'US', dateOfBirth: '1975-02-28',
  })
  const encodedDocumentFrontImage = fixture('john-smith-licence-front.png')
  const encodedDocumentBackImage = fixture('john-smith-licence-back.png')
  const encodedFaceImage = await identityVerificationClient.isFaceImageRequiredWithDocumentVerification()
    ? fixture('john-smith-selfie.jpg') : undefined

  // From the specification, unchanged.
  try {
    const verifiedIdentity = await identityVerificationClient.verifyIdentityDocument({
      documentType: IdDocumentType.driverLicense,
      country: 'US',
      imageBase64: encodedDocumentFrontImage,
      backImageBase64: encodedDocumentBackImage,
      faceImageBase64: encodedFaceImage, // only include if required
    })
  }
  catch (err) {
    // Handle errors
  }

  const submitted = answerOf<VerifiedIdentity>(log, 'verifyIdentityDocument')
  assert.ok(['pending', 'succeeded'].includes(submitted.documentVerificationStatus), submitted.documentVerificationStatus)
  const settled = await until(() => identityVerificationClient.checkIdentityVerification(), final)
  assert.equal(settled.documentVerificationStatus, 'succeeded', JSON.stringify(settled.documentCheck))
  assert.equal(settled.verified, true)
  assert.equal(settled.verificationMethod, 'GOVERNMENT_ID')
})

test('Capture and Verify Identity Document: the licence alone, to a final status', async () => {
  const log: Recorded[] = []
  const identityVerificationClient = await clientFor('ts-spec-capture', log)
  const encodedDocumentFrontImage = fixture('john-smith-licence-front.png')
  const encodedDocumentBackImage = fixture('john-smith-licence-back.png')
  const encodedFaceImage = await identityVerificationClient.isFaceImageRequiredWithDocumentCapture()
    ? fixture('john-smith-selfie.jpg') : undefined

  // From the specification, unchanged.
  try {
    const verifiedIdentity = await identityVerificationClient.captureAndVerifyIdentityDocument({
      documentType: IdDocumentType.driverLicense,
      country: 'US',
      imageBase64: encodedDocumentFrontImage,
      backImageBase64: encodedDocumentBackImage,
      faceImageBase64: encodedFaceImage, // only include if required
    })
  }
  catch (err) {
    // Handle errors
  }

  answerOf<VerifiedIdentity>(log, 'captureAndVerifyIdentityDocument')
  const settled = await until(() => identityVerificationClient.checkIdentityVerification(), final)
  assert.equal(settled.documentVerificationStatus, 'succeeded', JSON.stringify(settled.documentCheck))
  assert.equal(settled.verified, true)
})

test('Upload ID Document Images via Web Browser: the link opens the capture page', async () => {
  const log: Recorded[] = []
  const identityVerificationClient = await clientFor('ts-spec-link', log)

  // From the specification, unchanged.
  try {
    const idDocumentCaptureInitiationInfo = await identityVerificationClient.initiateIdentityDocumentCapture()
    // browse to idDocumentCaptureInitiationInfo.documentCaptureUrl
  }
  catch (err) {
    // Handle errors
  }

  const info = answerOf<{ documentCaptureUrl: string; expiryEpochMs: number }>(log, 'initiateIdentityDocumentCapture')
  assert.ok(info.expiryEpochMs > Date.now())
  assert.equal((await identityVerificationClient.checkIdentityVerification()).documentVerificationStatus, 'captureInitiated')
  // What the user's browser does with the link.
  const page = await fetch(info.documentCaptureUrl)
  assert.equal(page.status, 200)
  assert.match(page.headers.get('content-type') ?? '', /text\/html/)
  assert.equal((await identityVerificationClient.checkIdentityVerification()).documentVerificationStatus, 'captureLinkOpened')
})

test('a real passport specimen (made by no one on the project) goes through verifyIdentityDocument to a final status', async () => {
  const client = await clientFor('ts-real-specimen', [])
  await client.verifyIdentity({
    firstName: 'John', lastName: 'Smith', address: '222333 Peachtree Place', postalCode: '30319', country: 'US', dateOfBirth: '1975-02-28',
  })
  const faceImageBase64 = await client.isFaceImageRequiredWithDocumentVerification() ? fixture('john-smith-selfie.jpg') : undefined
  // Canada's specimen passport: its photo page is both sides. Its holder is not John Smith, and it has expired.
  const page = specimen('passports/Canada.png')
  await client.verifyIdentityDocument({ documentType: IdDocumentType.passport, country: 'CA', imageBase64: page, backImageBase64: page,
    faceImageBase64 })
  const settled = await until(() => client.checkIdentityVerification(), final)
  assert.equal(settled.documentVerificationStatus, 'failed', JSON.stringify(settled.documentCheck))
  assert.equal(settled.verified, false)
  assert.ok(settled.documentCheck && settled.documentCheck.reasons.length > 0, 'the check says why')
})
