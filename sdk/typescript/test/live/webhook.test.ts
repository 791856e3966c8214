// A delivery the server signed, checked by `Webhook.verify` in a Node
// receiver: the same signature on both ends, across two implementations.
import assert from 'node:assert/strict'
import { createServer, type IncomingMessage } from 'node:http'
import { test } from 'node:test'
import { IdentityVerificationClient } from '../../src/index.js'
import { Webhook, WebhookVerificationError } from '../../src/webhooks/webhook.js'
import { backend, newUserRef, server, userToken } from './server.js'

interface Delivery { body: string; header: string | undefined }

test('a delivery of identity_verification.decided is verified with the endpoint\'s secret, and a tampered one refused', async () => {
  const deliveries: Delivery[] = []
  const receiver = createServer((request: IncomingMessage, response) => {
    const chunks: Uint8Array[] = []
    request.on('data', (chunk) => chunks.push(chunk))
    request.on('end', () => {
      const bytes = new Uint8Array(chunks.reduce((length, chunk) => length + chunk.length, 0))
      let at = 0
      for (const chunk of chunks) { bytes.set(chunk, at); at += chunk.length }
      const header = request.headers['verity-signature']
      deliveries.push({ body: new TextDecoder().decode(bytes), header: Array.isArray(header) ? header[0] : header })
      response.statusCode = 204
      response.end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  let endpointId: string | undefined
  try {
    const registered = await backend('POST', '/admin/v1/webhooks', {
      url: `http://127.0.0.1:${receiver.address().port}/verity`, events: ['identity_verification.decided'],
    })
    const secret = registered.secret as string
    endpointId = (registered.endpoint as { id: string }).id

    const userRef = newUserRef('ts-webhook')
    const client = new IdentityVerificationClient({ baseUrl: server.url, token: await userToken(userRef) })
    if (await client.isConsentRequiredForVerification()) {
      await client.provideIdentityDataProcessingConsent(
        await client.getIdentityDataProcessingConsentContent({ preferredContentType: 'text/plain', preferredLocale: 'en-US' }))
    }
    await client.verifyIdentity({ firstName: 'John', lastName: 'Smith', address: '222333 Peachtree Place', postalCode: '30318',
      country: 'US', dateOfBirth: '1975-02-28' })

    const ends = Date.now() + 60_000
    const ours = () => deliveries.find((delivery) => delivery.body.includes(userRef))
    while (!ours() && Date.now() < ends) await new Promise((resolve) => setTimeout(resolve, 200))
    const delivery = ours()
    assert.ok(delivery, `a delivery within a minute (${deliveries.length} others)`)

    const event = Webhook.verify(delivery.body, delivery.header, secret)
    assert.equal(event.type, 'identity_verification.decided')
    assert.equal(event.userRef, userRef)
    assert.equal(event.environment, 'test')
    assert.equal(event.data.decision, 'verified')
    assert.equal(event.data.verificationMethod, 'KNOWLEDGE_OF_PII')

    assert.throws(() => Webhook.verify(delivery.body.replace('"decision":"verified"', '"decision":"failed"'), delivery.header, secret),
      (error: unknown) => error instanceof WebhookVerificationError && error.code === 'INVALID_SIGNATURE')
    assert.throws(() => Webhook.verify(delivery.body, delivery.header, secret, { nowMs: Date.now() + 3_600_000 }),
      (error: unknown) => error instanceof WebhookVerificationError && error.code === 'TIMESTAMP_OUTSIDE_TOLERANCE')
  } finally {
    receiver.closeAllConnections?.()
    await new Promise<void>((resolve) => receiver.close(() => resolve()))
    // The endpoint is switched off, so later deliveries do not look for this receiver.
    if (endpointId) await backend('POST', `/admin/v1/webhooks/${endpointId}/disable`)
  }
})
