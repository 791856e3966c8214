// For Node backends (`@verity/sdk/webhooks`): a delivery checked before it
// is trusted, by the same rules as the Swift SDK's `WebhookSignature.verify`.
// Kept out of the main entry point because it needs `node:crypto`, which
// browsers and React Native do not have.
import { createHmac, timingSafeEqual } from 'node:crypto'

/** Every event type a delivery may carry (`docs/webhooks.md`); the contract test holds it to the server's. */
export const WEBHOOK_EVENT_TYPES = [
  'identity_verification.decided', 'document_check.completed', 'document_check.review_required', 'document_check.decided',
  'capture_link.opened', 'capture_link.expired', 'mobile_session.completed', 'mobile_session.decided',
  'ocr.combination_completed', 'ocr.combination_decided', 'accreditation.requested', 'accreditation.approved',
  'accreditation.rejected', 'certificate.issued', 'certificate.revoked', 'screening.match_found', 'screening.match_decided',
] as const

export type WebhookEventType = typeof WEBHOOK_EVENT_TYPES[number]

const eventTypes: readonly string[] = WEBHOOK_EVENT_TYPES

/** One delivery (`docs/webhooks.md`): deduplicate on `id`, a delivery can come more than once. */
export interface WebhookEvent {
  id: string
  type: WebhookEventType
  /** When the outcome happened; deliveries are not ordered, this is. */
  createdAtEpochMs: number
  /** `test` or `live`. */
  environment: string
  /** Your own reference for the user, when the event has one. */
  userRef?: string
  /** What happened, by event type: statuses, outcomes, ids; never PII. */
  data: Record<string, string | number | boolean>
}

export type WebhookVerificationCode =
  | 'MISSING_HEADER' | 'MALFORMED_HEADER' | 'TIMESTAMP_OUTSIDE_TOLERANCE' | 'INVALID_SIGNATURE' | 'NO_SECRET' | 'UNDECODABLE_EVENT'

/** Why a delivery was refused: answer it 400 and do not act on it. */
export class WebhookVerificationError extends Error {
  constructor(readonly code: WebhookVerificationCode, message: string) {
    super(message)
    this.name = 'WebhookVerificationError'
  }
}

export interface WebhookVerifyOptions {
  /** How old a delivery may be, in seconds (300 by default): an older one may be a replay. */
  toleranceSeconds?: number
  /** The time to check against, in epoch ms (for tests). */
  nowMs?: number
}

export const Webhook = {
  /** The header a delivery carries its signature in. */
  signatureHeader: 'Verity-Signature',

  /**
   * Checks that `payload` (the request's raw body, exactly as received) was
   * signed with `secret` (or one of the secrets, while rotating) no longer
   * than the tolerance ago, comparing in constant time, and only then reads
   * the event. Throws `WebhookVerificationError`.
   *
   * ```ts
   * const event = Webhook.verify(rawBody, request.headers['verity-signature'], process.env.VERITY_WEBHOOK_SECRET)
   * ```
   */
  verify(payload: string | Uint8Array, header: string | string[] | undefined | null, secret: string | string[],
    options: WebhookVerifyOptions = {}): WebhookEvent {
    const value = Array.isArray(header) ? header[0] : header
    if (!value) throw new WebhookVerificationError('MISSING_HEADER', `no ${Webhook.signatureHeader} header`)
    const secrets = (Array.isArray(secret) ? secret : [secret]).filter((item) => typeof item === 'string' && item !== '')
    if (secrets.length === 0) throw new WebhookVerificationError('NO_SECRET', 'no secret to check the signature with')
    const { timestamp, signatures } = parseHeader(value)
    const nowSeconds = (options.nowMs ?? Date.now()) / 1000
    if (Math.abs(nowSeconds - timestamp) > (options.toleranceSeconds ?? 300)) {
      throw new WebhookVerificationError('TIMESTAMP_OUTSIDE_TOLERANCE', 'signed too long ago or in the future: possibly a replay')
    }
    const body = typeof payload === 'string' ? new TextEncoder().encode(payload) : payload
    const signed = new Uint8Array([...new TextEncoder().encode(`${timestamp}.`), ...body])
    const matched = secrets.some((key) => {
      const expected = createHmac('sha256', key).update(signed).digest()
      return signatures.some((signature) => timingSafeEqual(signature, expected))
    })
    if (!matched) throw new WebhookVerificationError('INVALID_SIGNATURE', 'not signed with any of the secrets')
    return readEvent(new TextDecoder().decode(body))
  },
}

function parseHeader(header: string): { timestamp: number; signatures: Uint8Array[] } {
  let timestamp: number | undefined
  const signatures: Uint8Array[] = []
  for (const part of header.split(',')) {
    const at = part.indexOf('=')
    if (at < 0) continue
    const key = part.slice(0, at).trim()
    const value = part.slice(at + 1).trim()
    if (key === 't') {
      if (!/^-?\d{1,18}$/.test(value)) throw new WebhookVerificationError('MALFORMED_HEADER', 't= is not a number')
      timestamp = Number(value)
    } else if (key === 'v1') {
      if (!/^[0-9a-fA-F]{64}$/.test(value)) throw new WebhookVerificationError('MALFORMED_HEADER', 'v1= is not 64 hex digits')
      signatures.push(Uint8Array.from(value.match(/../g)!.map((pair) => parseInt(pair, 16))))
    }
  }
  if (timestamp === undefined || signatures.length === 0) {
    throw new WebhookVerificationError('MALFORMED_HEADER', 'the header needs t= and at least one v1=')
  }
  return { timestamp, signatures }
}

function readEvent(text: string): WebhookEvent {
  let event: Record<string, unknown>
  try {
    event = JSON.parse(text)
  } catch {
    throw new WebhookVerificationError('UNDECODABLE_EVENT', 'the signed body is not JSON')
  }
  const data = event?.data as Record<string, unknown> | undefined
  const valid = typeof event === 'object' && event !== null
    && typeof event.id === 'string' && typeof event.type === 'string' && eventTypes.includes(event.type)
    && Number.isInteger(event.createdAtEpochMs) && typeof event.environment === 'string'
    && (event.userRef === undefined || event.userRef === null || typeof event.userRef === 'string')
    && typeof data === 'object' && data !== null && !Array.isArray(data)
    && Object.values(data).every((item) => ['string', 'number', 'boolean'].includes(typeof item))
  if (!valid) throw new WebhookVerificationError('UNDECODABLE_EVENT', 'signed, but not an event this SDK can read')
  const read: WebhookEvent = {
    id: event.id as string, type: event.type as WebhookEventType, createdAtEpochMs: event.createdAtEpochMs as number,
    environment: event.environment as string, data: data as WebhookEvent['data'],
  }
  if (typeof event.userRef === 'string') read.userRef = event.userRef
  return read
}
