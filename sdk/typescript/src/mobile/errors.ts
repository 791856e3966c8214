import type { ServiceFailure } from '../transport/failure.js'

/** The mobile API's error codes (`mobile-api.txt`, "Error states"), and those the SDK raises itself. */
export const MobileErrorCode = {
  missingRequiredField: 'MISSING_REQUIRED_FIELD',
  invalidImage: 'INVALID_IMAGE',
  invalidInput: 'INVALID_INPUT',
  sessionWrongStep: 'SESSION_WRONG_STEP',
  sessionExpired: 'SESSION_EXPIRED',
  invalidClientKey: 'INVALID_CLIENT_KEY',
  creditsExhausted: 'CREDITS_EXHAUSTED',
  scopeNotAuthorized: 'SCOPE_NOT_AUTHORIZED',
  rateLimited: 'RATE_LIMITED',
  idempotencyKeyInUse: 'IDEMPOTENCY_KEY_IN_USE',
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  /** The first try was done but its answer was lost with its server: read the result; do not send it again. */
  idempotencyAnswerLost: 'IDEMPOTENCY_ANSWER_LOST',
  notFound: 'NOT_FOUND',
  systemError: 'SYSTEM_ERROR',
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  /** SDK-side: the service could not be reached. */
  networkError: 'NETWORK_ERROR',
  /** SDK-side: the service did not answer in time. */
  timeout: 'TIMEOUT',
  /** SDK-side: the service answered something the SDK cannot read. */
  invalidResponse: 'INVALID_RESPONSE',
} as const
export type MobileErrorCode = typeof MobileErrorCode[keyof typeof MobileErrorCode]

/**
 * Every failure of the mobile client (`VerifyHuman`): the stable `code`, the
 * message, the field at fault, whether a later try may succeed (the client
 * already retried with backoff), the wait the service asked for, and the
 * session the error is about.
 */
export class MobileVerificationError extends Error {
  readonly code: MobileErrorCode | (string & {})
  readonly field?: string
  readonly retryable: boolean
  /** The HTTP status; 0 when the service was not reached. */
  readonly httpStatus: number
  /** Seconds the service asked to wait (`Retry-After`). */
  readonly retryAfterSeconds?: number
  readonly sessionId?: string

  constructor(failure: ServiceFailure) {
    super(failure.message)
    this.name = 'MobileVerificationError'
    this.code = failure.code
    this.field = failure.field
    this.retryable = failure.retryable
    this.httpStatus = failure.httpStatus
    this.retryAfterSeconds = failure.retryAfterSeconds
    this.sessionId = failure.sessionId
  }
}
