import type { ServiceFailure } from '../transport/failure.js'

/**
 * The identity API's stable error codes (`ErrorCode` in the server; the table in `docs/sdk-typescript.md`), and those the SDK
 * raises itself. Compare `error.code` with these; a code this SDK does not
 * know yet still arrives intact in `error.code`.
 */
export const IdentityErrorCode = {
  consentRequired: 'CONSENT_REQUIRED',
  consentContentMismatch: 'CONSENT_CONTENT_MISMATCH',
  consentContentNotFound: 'CONSENT_CONTENT_NOT_FOUND',
  invalidInput: 'INVALID_INPUT',
  unsupportedCountry: 'UNSUPPORTED_COUNTRY',
  notAuthorized: 'NOT_AUTHORIZED',
  invalidToken: 'INVALID_TOKEN',
  notFound: 'NOT_FOUND',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  rateLimited: 'RATE_LIMITED',
  invalidImage: 'INVALID_IMAGE',
  imageTooLarge: 'IMAGE_TOO_LARGE',
  unsupportedImage: 'UNSUPPORTED_IMAGE',
  piiVerificationRequired: 'PII_VERIFICATION_REQUIRED',
  documentCheckPending: 'DOCUMENT_CHECK_PENDING',
  documentVerificationClosed: 'DOCUMENT_VERIFICATION_CLOSED',
  captureLinkUnusable: 'CAPTURE_LINK_UNUSABLE',
  chipRequired: 'CHIP_REQUIRED',
  chipChallengeInvalid: 'CHIP_CHALLENGE_INVALID',
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  systemError: 'SYSTEM_ERROR',
  /** SDK-side: the service could not be reached. */
  networkError: 'NETWORK_ERROR',
  /** SDK-side: the service did not answer in time. */
  timeout: 'TIMEOUT',
  /** SDK-side: the service answered something the SDK cannot read. */
  invalidResponse: 'INVALID_RESPONSE',
} as const
export type IdentityErrorCode = typeof IdentityErrorCode[keyof typeof IdentityErrorCode]

/**
 * Every failure of `IdentityVerificationClient`: the service's stable `code`,
 * its message (which may change between versions), the field at fault, and
 * whether the same call may succeed later (the client already retried).
 *
 * ```ts
 * try { await client.verifyIdentity(input) }
 * catch (err) {
 *   if (err instanceof IdentityVerificationError && err.code === 'CONSENT_REQUIRED') { … }
 * }
 * ```
 */
export class IdentityVerificationError extends Error {
  /** The stable code, e.g. `'CONSENT_REQUIRED'`. */
  readonly code: IdentityErrorCode | (string & {})
  /** The input field at fault, for `INVALID_INPUT` and the image codes. */
  readonly field?: string
  readonly retryable: boolean
  /** The HTTP status; 0 when the service was not reached. */
  readonly httpStatus: number

  constructor(failure: ServiceFailure) {
    super(failure.message)
    this.name = 'IdentityVerificationError'
    this.code = failure.code
    this.field = failure.field
    this.retryable = failure.retryable
    this.httpStatus = failure.httpStatus
  }
}
