import type { Endpoint } from '../wire/endpoint.js'
import { isServiceFailure, type ServiceFailure } from '../transport/failure.js'
import { Transport, type TransportOptions } from '../transport/transport.js'
import { IdentityEndpoint } from './endpoints.js'
import { IdentityVerificationError } from './errors.js'
import type {
  ChipChallenge, IdDocumentCaptureInitiationInfo, IdentityDataProcessingConsentContent, IdentityDataProcessingConsentContentInput,
  IdentityDataProcessingConsentInput, IdentityDataProcessingConsentStatus, QueryOption, VerifiedIdentity,
  VerifyIdentityDocumentInput, VerifyIdentityInput,
} from './types.js'

export interface IdentityVerificationClientOptions extends TransportOptions {
  /** The end user's token, minted by your backend (`POST /admin/v1/users/{userRef}/token`). */
  token?: string
  /** Or a function that returns a current token; called before each call. */
  tokenProvider?: () => string | Promise<string>
}

/**
 * Verifies one end user's identity against a Verity server, with the calls of
 * `identity-verification.md` and `consent.txt`. Every method rejects with an
 * `IdentityVerificationError`. A call that failed but may succeed later
 * (`RATE_LIMITED`, `SERVICE_UNAVAILABLE`, an unreachable or silent service)
 * is tried again after 1, 3 and 9 s; a POST keeps one `Idempotency-Key` for
 * all its tries, so a retry after a lost answer gets that answer instead of
 * verifying twice.
 *
 * ```ts
 * const identityVerificationClient = new IdentityVerificationClient({ baseUrl, token })
 * const verifiedIdentity = await identityVerificationClient.verifyIdentity({ firstName: 'John', … })
 * ```
 */
export class IdentityVerificationClient {
  private readonly transport: Transport
  private readonly tokenProvider: () => string | Promise<string>
  /** Answers kept for `'cachedOrRemote'`, by document flow. */
  private readonly faceImageAnswers = new Map<string, boolean>()

  constructor(options: IdentityVerificationClientOptions) {
    try {
      this.transport = new Transport(options)
    } catch (failure) {
      throw new IdentityVerificationError(failure as ServiceFailure)
    }
    const { token, tokenProvider } = options
    if (tokenProvider) this.tokenProvider = tokenProvider
    else if (token) this.tokenProvider = () => token
    else {
      throw new IdentityVerificationError({ code: 'INVALID_INPUT', message: 'give the user\'s token or a tokenProvider', field: 'token',
        retryable: false, httpStatus: 0 })
    }
  }

  /** ISO 3166-1 alpha-2 codes of the countries whose identities can be verified. */
  async listSupportedCountries(): Promise<string[]> {
    return (await this.call(IdentityEndpoint.supportedCountries)).countries
  }

  /**
   * Verifies the user from their name, address and date of birth. Check
   * `verified`, then `canAttemptVerificationAgain` and
   * `requiredVerificationMethod` to guide the user. Rejects with
   * `CONSENT_REQUIRED` when the environment requires consent not given.
   */
  async verifyIdentity(input: VerifyIdentityInput): Promise<VerifiedIdentity> {
    return this.call(IdentityEndpoint.verify, { body: input })
  }

  /** The user's current verification state (poll it while `documentVerificationStatus` is `pending`). */
  async checkIdentityVerification(): Promise<VerifiedIdentity> {
    return this.call(IdentityEndpoint.verification)
  }

  /** Whether `verifyIdentityDocument` needs a face image beside the document (and must not get one when false). */
  async isFaceImageRequiredWithDocumentVerification(option: QueryOption = 'remoteOnly'): Promise<boolean> {
    return this.faceImageRequired('verification', option)
  }

  /** Whether `captureAndVerifyIdentityDocument` needs a face image beside the document. */
  async isFaceImageRequiredWithDocumentCapture(option: QueryOption = 'remoteOnly'): Promise<boolean> {
    return this.faceImageRequired('capture', option)
  }

  /** The specification's short spelling (its capture section): the same as `isFaceImageRequiredWithDocumentCapture`. */
  async isFaceImageRequired(option: QueryOption = 'remoteOnly'): Promise<boolean> {
    return this.isFaceImageRequiredWithDocumentCapture(option)
  }

  /**
   * Verifies the user with a government ID after a PII attempt. Answers once
   * the check ends, or with `documentVerificationStatus === 'pending'`: then
   * call `checkIdentityVerification()` until it settles.
   */
  async verifyIdentityDocument(input: VerifyIdentityDocumentInput): Promise<VerifiedIdentity> {
    return this.call(IdentityEndpoint.verifyDocument, { body: input })
  }

  /** Verifies the user from a driver's licence or ID card alone, without a PII attempt first. */
  async captureAndVerifyIdentityDocument(input: VerifyIdentityDocumentInput): Promise<VerifiedIdentity> {
    return this.call(IdentityEndpoint.captureAndVerifyDocument, { body: input })
  }

  /** A link to the capture page, where the user photographs their document in a browser; it replaces any earlier link. */
  async initiateIdentityDocumentCapture(): Promise<IdDocumentCaptureInitiationInfo> {
    return this.call(IdentityEndpoint.initiateDocumentCapture)
  }

  /**
   * A challenge for the passport's chip to sign (Active Authentication, docs/chip.md): send its bytes to the chip in
   * INTERNAL AUTHENTICATE, then the answer with the document (`chip.activeAuthentication`). Single use, five minutes.
   */
  async chipChallenge(): Promise<ChipChallenge> {
    return this.call(IdentityEndpoint.chipChallenge)
  }

  /** Whether this environment requires consent before verification. */
  async isConsentRequiredForVerification(): Promise<boolean> {
    return (await this.call(IdentityEndpoint.consentRequired)).required
  }

  /** The user's consent status, with the text they agreed to. */
  async getIdentityDataProcessingConsentStatus(): Promise<IdentityDataProcessingConsentStatus> {
    return this.call(IdentityEndpoint.consent)
  }

  /** The consent text closest to the preferred content type and locale. */
  async getIdentityDataProcessingConsentContent(
    input: IdentityDataProcessingConsentContentInput,
  ): Promise<IdentityDataProcessingConsentContent> {
    return this.call(IdentityEndpoint.consentContent, {
      query: { preferredContentType: input.preferredContentType, preferredLocale: input.preferredLocale },
    })
  }

  /** Records that the user agreed to `input`, exactly as `getIdentityDataProcessingConsentContent` served it. */
  async provideIdentityDataProcessingConsent(input: IdentityDataProcessingConsentInput): Promise<IdentityDataProcessingConsentStatus> {
    return this.call(IdentityEndpoint.provideConsent, { body: input })
  }

  /** Withdraws the user's consent; earlier verification stays valid. */
  async withdrawIdentityDataProcessingConsent(): Promise<IdentityDataProcessingConsentStatus> {
    return this.call(IdentityEndpoint.withdrawConsent)
  }

  private async faceImageRequired(flow: 'verification' | 'capture', option: QueryOption): Promise<boolean> {
    const known = this.faceImageAnswers.get(flow)
    if (option === 'cachedOrRemote' && known !== undefined) return known
    const required = (await this.call(IdentityEndpoint.faceImageRequired, { query: { flow } })).faceImageRequired
    this.faceImageAnswers.set(flow, required)
    return required
  }

  /** One call with the user's current token; any failure as an `IdentityVerificationError`. */
  private async call<Body, Answer>(call: Endpoint<Body, Answer>,
    particulars: { body?: Body; query?: Record<string, string> } = {}): Promise<Answer> {
    try {
      const credential = await this.tokenProvider()
      return await this.transport.send(call, { ...particulars, credential })
    } catch (failure) {
      if (failure instanceof IdentityVerificationError) throw failure
      if (isServiceFailure(failure)) throw new IdentityVerificationError(failure)
      // The token provider's own failure: passed on with its cause.
      throw new IdentityVerificationError({ code: 'NOT_AUTHORIZED', message: `the token provider failed: ${String(failure)}`,
        retryable: false, httpStatus: 0 })
    }
  }
}
