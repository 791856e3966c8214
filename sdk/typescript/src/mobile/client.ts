import type { Endpoint } from '../wire/endpoint.js'
import { WireHeader } from '../wire/endpoint.js'
import { isServiceFailure, type ServiceFailure } from '../transport/failure.js'
import { Transport, type TransportOptions } from '../transport/transport.js'
import { MobileEndpoint } from './endpoints.js'
import { MobileVerificationError } from './errors.js'
import type {
  AgeData, AgeRules, ChipChallengeData, ChipUpload, HumanData, IdentityData, MobileDocument, MobileDocumentProduct, MobileEnvelope,
} from './types.js'

export interface VerifyHumanOptions extends Omit<TransportOptions, 'baseUrl'> {
  /** A publishable client key (`vhk_live_…`, `vhk_test_…`, `pk_demo_…`): safe to ship in the app. */
  clientKey: string
  /** The Verity server; when left out, the one configured for the app (`VerifyHuman.configuredBaseUrl`). */
  baseUrl?: string
}

/** The whole VerifyIdentity or VerifyCompliance flow's input: base64 images. */
export interface DocumentFlowInput {
  selfie: string
  document: MobileDocument
  /**
   * The passport's chip (docs/chip.md): given the session's Active
   * Authentication challenge, read the chip over NFC with it and return what
   * was read; the client sends it before the submit.
   */
  readChip?: (challenge: ChipChallengeData) => ChipUpload | Promise<ChipUpload>
}

/** The whole VerifyAge flow's input; `document` is asked for only when the face alone is not clear enough. */
export interface AgeFlowInput {
  /** `YYYY-MM-DD`. */
  dateOfBirth: string
  /** The selfie, base64. */
  selfie: string
  document?: () => MobileDocument | Promise<MobileDocument>
}

/**
 * The mobile API from an app (React Native, a browser, Node), as
 * `mobile-api.txt`'s quick start uses it:
 *
 * ```ts
 * const client = new VerifyHuman({ clientKey: 'vhk_live_...' })
 * const result = await client.verifyHuman({ image: photo.base64 })
 * if (result.outcome === 'pass') { sendToBackend(result.data.token) }
 * ```
 *
 * Every answer is the API's envelope. Each call of a session is offered one by
 * one (start, upload, submit, status, result) beside whole-flow helpers that
 * follow `next_step` themselves. Retryable errors (`RATE_LIMITED`,
 * `SYSTEM_ERROR`, an unreachable or silent service) are retried after 1, 3
 * and 9 s (or the `Retry-After` asked for) with the same `Idempotency-Key`,
 * so a retried submit is never charged twice. Failures reject with
 * `MobileVerificationError`.
 */
export class VerifyHuman {
  /**
   * The server every client uses when its options name none: set it once
   * where the app starts (from its configuration), and the quick start's
   * `new VerifyHuman({ clientKey })` works as written.
   */
  static defaultBaseUrl: string | undefined

  /** The setting that names the server when the code does not. */
  static readonly baseUrlSetting = 'VERITY_BASE_URL'

  /**
   * The server a client uses when its options name none, so the quick start's
   * `new VerifyHuman({ clientKey })` runs as written: `defaultBaseUrl` if the
   * app set it, else `VERITY_BASE_URL` from the app's configuration, once:
   * the environment (Node; a React Native or Expo build that inlines
   * `process.env`) or a global of that name (a browser's page, or the app's
   * entry file).
   */
  static get configuredBaseUrl(): string | undefined {
    if (VerifyHuman.defaultBaseUrl) return VerifyHuman.defaultBaseUrl
    const scope = globalThis as { process?: { env?: Record<string, string | undefined> } } & Record<string, unknown>
    const fromEnvironment = scope.process?.env?.[VerifyHuman.baseUrlSetting]
    if (typeof fromEnvironment === 'string' && fromEnvironment.trim() !== '') return fromEnvironment.trim()
    const fromGlobal = scope[VerifyHuman.baseUrlSetting]
    return typeof fromGlobal === 'string' && fromGlobal.trim() !== '' ? fromGlobal.trim() : undefined
  }

  private readonly transport: Transport
  private readonly clientKey: string

  constructor(options: VerifyHumanOptions) {
    const baseUrl = options.baseUrl ?? VerifyHuman.configuredBaseUrl
    if (!baseUrl) {
      throw invalid('baseUrl', `no Verity server is configured: set ${VerifyHuman.baseUrlSetting} in the app's configuration ` +
        '(or VerifyHuman.defaultBaseUrl once where the app starts), or give baseUrl')
    }
    if (typeof options.clientKey !== 'string' || options.clientKey.trim() === '') {
      throw invalid('clientKey', 'give the app\'s publishable client key')
    }
    try {
      this.transport = new Transport({ ...options, baseUrl })
    } catch (failure) {
      throw new MobileVerificationError(failure as ServiceFailure)
    }
    this.clientKey = options.clientKey
  }

  // VerifyHuman (1 credit)

  /** One selfie (base64): a single live-looking human face passes, with a token for your backend in `data.token`. */
  verifyHuman(input: { image: string }): Promise<MobileEnvelope<HumanData>> {
    return this.call(MobileEndpoint.verifyHuman, { body: { selfie_b64: input.image } })
  }

  verifyHumanStatus(verificationId: string): Promise<MobileEnvelope<HumanData>> {
    return this.call(MobileEndpoint.verifyHumanStatus, { parameters: { verification_id: verificationId } })
  }

  // VerifyAge (10 credits), step by step

  verifyAgeRules(): Promise<MobileEnvelope<AgeRules>> { return this.call(MobileEndpoint.ageRules, {}) }
  startAgeSession(): Promise<MobileEnvelope<AgeData>> { return this.call(MobileEndpoint.ageSession, { body: {} }) }
  /** Step 1: the claimed date of birth, `YYYY-MM-DD`. */
  submitDateOfBirth(sessionId: string, dateOfBirth: string): Promise<MobileEnvelope<AgeData>> {
    return this.call(MobileEndpoint.ageStep1, { body: { date_of_birth: dateOfBirth }, session: sessionId })
  }
  /** Step 2: the selfie, base64. */
  submitAgeSelfie(sessionId: string, selfie: string): Promise<MobileEnvelope<AgeData>> {
    return this.call(MobileEndpoint.ageStep2, { body: { selfie_b64: selfie }, session: sessionId })
  }
  /** Step 3, only when step 2 asked for it: the document. */
  submitAgeDocument(sessionId: string, document: MobileDocument): Promise<MobileEnvelope<AgeData>> {
    return this.call(MobileEndpoint.ageStep3, {
      body: { id_front_b64: document.front, id_back_b64: document.back, document_type: document.documentType, country: document.country },
      session: sessionId,
    })
  }
  ageStatus(sessionId: string): Promise<MobileEnvelope<AgeData>> {
    return this.call(MobileEndpoint.ageStatus, { parameters: { session_id: sessionId } })
  }

  /** The whole VerifyAge flow: date of birth, selfie, and the document only if asked (once more if it was unreadable). */
  async verifyAge(input: AgeFlowInput): Promise<MobileEnvelope<AgeData>> {
    const started = await this.startAgeSession()
    const id = sessionOf(started)
    let answer = await this.submitDateOfBirth(id, input.dateOfBirth)
    if (answer.next_step === 'step2') answer = await this.submitAgeSelfie(id, input.selfie)
    for (let tries = 0; answer.next_step === 'step3' && tries < 2; tries += 1) {
      if (!input.document) return answer
      answer = await this.submitAgeDocument(id, await input.document())
    }
    return answer
  }

  // VerifyIdentity (40 credits) and VerifyCompliance (60 credits), step by step

  startSession(product: MobileDocumentProduct): Promise<MobileEnvelope<IdentityData>> {
    return this.call(MobileEndpoint.documentProduct(product).session, { body: {} })
  }
  uploadSelfie(product: MobileDocumentProduct, sessionId: string, selfie: string): Promise<MobileEnvelope<IdentityData>> {
    return this.call(MobileEndpoint.documentProduct(product).uploadSelfie, { body: { selfie_b64: selfie }, session: sessionId })
  }
  uploadIdFront(product: MobileDocumentProduct, sessionId: string, document: MobileDocument): Promise<MobileEnvelope<IdentityData>> {
    return this.call(MobileEndpoint.documentProduct(product).uploadIdFront, {
      body: { id_front_b64: document.front, document_type: document.documentType, country: document.country }, session: sessionId,
    })
  }
  uploadIdBack(product: MobileDocumentProduct, sessionId: string, back: string): Promise<MobileEnvelope<IdentityData>> {
    return this.call(MobileEndpoint.documentProduct(product).uploadIdBack, { body: { id_back_b64: back }, session: sessionId })
  }
  /** A challenge for the chip's Active Authentication, bound to this session for five minutes: `challenge_b64` goes to the chip. */
  async chipChallenge(product: MobileDocumentProduct, sessionId: string): Promise<ChipChallengeData> {
    const answer = await this.call(MobileEndpoint.documentProduct(product).chipChallenge, { body: {}, session: sessionId })
    if (!answer.data) {
      throw new MobileVerificationError({ code: 'INVALID_RESPONSE', message: 'the challenge is missing', retryable: false, httpStatus: 0, sessionId })
    }
    return answer.data
  }
  /** The chip's files as read (NFC), any time before `submit`, which checks them; the step due does not move. */
  uploadChip(product: MobileDocumentProduct, sessionId: string, chip: ChipUpload): Promise<MobileEnvelope<IdentityData>> {
    return this.call(MobileEndpoint.documentProduct(product).uploadChip, { body: chip, session: sessionId })
  }
  submit(product: MobileDocumentProduct, sessionId: string): Promise<MobileEnvelope<IdentityData>> {
    return this.call(MobileEndpoint.documentProduct(product).submit, { body: {}, session: sessionId })
  }
  status(product: MobileDocumentProduct, sessionId: string): Promise<MobileEnvelope<IdentityData>> {
    return this.call(MobileEndpoint.documentProduct(product).status, { parameters: { session_id: sessionId } })
  }
  /** The ended session's result in `data.result`: the document's fields and decision, the face checks, the screening. */
  result(product: MobileDocumentProduct, sessionId: string): Promise<MobileEnvelope<IdentityData>> {
    return this.call(MobileEndpoint.documentProduct(product).result, { parameters: { session_id: sessionId } })
  }

  /**
   * The whole VerifyIdentity flow: selfie, document, submit. An unreadable
   * document answers with `next_step === 'upload_id_front'` and the reasons:
   * take it again and call `retakeDocument`.
   */
  verifyIdentity(input: DocumentFlowInput): Promise<MobileEnvelope<IdentityData>> {
    return this.documentFlow('verifyidentity', input)
  }

  /** VerifyIdentity plus the name read from the document screened against the sanctions list (`SANCTIONS_MATCH` fails it). */
  verifyCompliance(input: DocumentFlowInput): Promise<MobileEnvelope<IdentityData>> {
    return this.documentFlow('verifycompliance', input)
  }

  /** Sends the document again into a session that asked for it, and submits. */
  async retakeDocument(product: MobileDocumentProduct, sessionId: string, document: MobileDocument): Promise<MobileEnvelope<IdentityData>> {
    return this.uploadDocument(product, sessionId, document, await this.status(product, sessionId))
  }

  private async documentFlow(product: MobileDocumentProduct, input: DocumentFlowInput): Promise<MobileEnvelope<IdentityData>> {
    const id = sessionOf(await this.startSession(product))
    if (input.readChip) await this.uploadChip(product, id, await input.readChip(await this.chipChallenge(product, id)))
    const selfieTaken = await this.uploadSelfie(product, id, input.selfie)
    return this.uploadDocument(product, id, input.document, selfieTaken)
  }

  private async uploadDocument(product: MobileDocumentProduct, id: string, document: MobileDocument,
    previous: MobileEnvelope<IdentityData>): Promise<MobileEnvelope<IdentityData>> {
    let answer = previous
    if (answer.next_step === 'upload_id_front') answer = await this.uploadIdFront(product, id, document)
    if (answer.next_step === 'upload_id_back') {
      if (!document.back) {
        throw new MobileVerificationError({ code: 'MISSING_REQUIRED_FIELD', message: 'this document needs its back', field: 'back',
          retryable: false, httpStatus: 0, sessionId: id })
      }
      answer = await this.uploadIdBack(product, id, document.back)
    }
    if (answer.next_step === 'submit') answer = await this.submit(product, id)
    return answer
  }

  private async call<Body, Answer>(call: Endpoint<Body, Answer>,
    particulars: { body?: Body; parameters?: Record<string, string>; session?: string }): Promise<Answer> {
    const headers: Record<string, string> = {}
    if (particulars.session !== undefined) headers[WireHeader.mobileSession] = particulars.session
    try {
      return await this.transport.send(call, { body: particulars.body, parameters: particulars.parameters, credential: this.clientKey, headers })
    } catch (failure) {
      throw isServiceFailure(failure) ? new MobileVerificationError(failure) : failure
    }
  }
}

function sessionOf(answer: MobileEnvelope<unknown>): string {
  if (!answer.session_id) {
    throw new MobileVerificationError({ code: 'INVALID_RESPONSE', message: 'no session was opened', retryable: false, httpStatus: 0 })
  }
  return answer.session_id
}

function invalid(field: string, message: string): MobileVerificationError {
  return new MobileVerificationError({ code: 'INVALID_INPUT', message, field, retryable: false, httpStatus: 0 })
}
