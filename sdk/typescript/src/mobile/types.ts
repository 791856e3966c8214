// The mobile API's values, snake_case as `mobile-api.txt` writes them: an
// answer is the specification's envelope itself, so `result.outcome` and
// `result.data.token` read as its React Native quick start reads them.
import {
  array, boolean, integer, map, nullable, number, object, oneOf, optional, string, type Fields, type Shape,
} from '../wire/schema.js'
import { ChipFilesShape, ChipProtocolOutcome, IdDocumentType, type ChipFiles } from '../identity/types.js'

export type MobileProduct = 'verifyhuman' | 'verifyage' | 'verifyidentity' | 'verifycompliance'
/** The two products that read a document: the same steps under each one's path. */
export type MobileDocumentProduct = 'verifyidentity' | 'verifycompliance'
export type MobileOutcome = 'pass' | 'fail' | 'undetermined'
export type MobileStep = 'step1' | 'step2' | 'step3' | 'upload_selfie' | 'upload_id_front' | 'upload_id_back' | 'submit'

const products: MobileProduct[] = ['verifyhuman', 'verifyage', 'verifyidentity', 'verifycompliance']
const outcomes: MobileOutcome[] = ['pass', 'fail', 'undetermined']
const steps: MobileStep[] = ['step1', 'step2', 'step3', 'upload_selfie', 'upload_id_front', 'upload_id_back', 'submit']

export interface MobileMeta {
  environment: 'test' | 'live' | 'demo'
  /** The session's current step. */
  step?: string | null
}

const MobileMetaShape = object<MobileMeta>('MobileMeta', {
  environment: oneOf(['test', 'live', 'demo'] as const), step: optional(nullable(string)),
})

/** Every answer of the mobile API: `success`, the session, the outcome once terminal, the next step, the step's data. */
export interface MobileEnvelope<Data> {
  success: boolean
  session_id?: string | null
  /** The verification the session resolved to (after submit). */
  verification_id?: string | null
  product: MobileProduct
  /** `pass`, `fail` or `undetermined` once the flow is terminal. */
  outcome?: MobileOutcome | null
  /** The step to drive next; `null` when terminal. */
  next_step?: MobileStep | null
  data: Data
  meta: MobileMeta
}

export function envelope<Data>(name: string, data: Shape<Data>): Shape<MobileEnvelope<Data>> {
  const fields: Fields<MobileEnvelope<Data>> = {
    success: boolean,
    session_id: optional(nullable(string)),
    verification_id: optional(nullable(string)),
    product: oneOf(products),
    outcome: optional(nullable(oneOf(outcomes))),
    next_step: optional(nullable(oneOf(steps))),
    data,
    meta: MobileMetaShape,
  }
  return object<MobileEnvelope<Data>>(name, fields)
}

/** VerifyHuman's `data`. */
export interface HumanData {
  /** A pass's single-use token: send it to your backend, which redeems it (`POST /admin/v1/mobile/tokens/verify`). */
  token?: string
  token_expires_at?: number
  /** `NO_FACE`, `MULTIPLE_FACES`, `RECAPTURE_PATTERN`, `FRAME_AROUND_FACE`. */
  reasons: string[]
  faces: number
}

export const HumanDataShape = object<HumanData>('VerifyHumanEnvelope.data', {
  token: optional(string), token_expires_at: optional(integer), reasons: array(string), faces: integer,
})

/** VerifyAge's `data` on every step. */
export interface AgeData {
  minimum_age: number
  reasons: string[]
  age_estimate?: number
  /** What the session costs, on its opening answer. */
  credits?: number
}

export const AgeDataShape = object<AgeData>('VerifyAgeEnvelope.data', {
  minimum_age: integer, reasons: array(string), age_estimate: optional(number), credits: optional(integer),
})

/** What the environment asks before an age session opens. */
export interface AgeRules {
  minimum_age: number
  age_margin: number
  credits: number
  steps: string[]
}

export const AgeRulesShape = object<AgeRules>('verifyAgeRules.data', {
  minimum_age: integer, age_margin: number, credits: integer, steps: array(string),
})

/** A sanctions list entry the name resembled (VerifyCompliance). */
export interface SanctionsMatch {
  /** The list the entry is on: `ofac-sdn`, `un-consolidated`, `us-bis-dpl`, `watchlist:<name>`. */
  list: string
  /** The list's version the entry was matched in: its publication date (when the file gives one) and the file's SHA-256. */
  list_version?: { published?: string; sha256: string }
  /** The entry's number within its list (OFAC's `ent_num`, the UN's `DATAID`). */
  entry_id: number
  /** The entry's reference as its list writes it (the UN's `QDi.006`, OFAC's `ent_num`). */
  reference: string
  listed_name: string
  matched_name: string
  kind: string
  programs: string[]
  score: number
  reasons: string[]
  date_of_birth?: 'agrees' | 'withinAYear' | 'differs'
}

/** A document session's result: the document's fields and decision, the face checks, the screening. */
export interface IdentityResult {
  decision: MobileOutcome
  reasons: string[]
  document_type: string
  country: string
  /** What the document named rather than the client's hints. */
  detected?: ('document_type' | 'country')[]
  fields: Record<string, string>
  /** `match` and `distance` are left out when no face could be compared. */
  face_match: { match?: boolean | null; distance?: number | null; threshold: number }
  /** `attack_suspected` is left out when the liveness signals could not be read. */
  liveness: { attack_suspected?: boolean | null; reasons: string[] }
  /** VerifyCompliance only. */
  screening?: { name: string; matches: SanctionsMatch[] }
  /** When the app sent the chip (`uploadChip`): its outcome; the whole report is the operator's (docs/chip.md). */
  chip?: MobileChipResult
}

/** A session's chip, as its result gives it. */
export interface MobileChipResult {
  /** Passive authentication held whole: the SOD's signature, the chain to a trusted CSCA, every hash. */
  authentic: boolean
  /** `CHIP_…` codes; empty when nothing fell short. */
  reasons: string[]
  active_authentication: 'verified' | 'failed' | 'not_performed' | 'not_offered' | 'key_unreadable'
  chain: 'verified' | 'csca_unknown' | 'signature_invalid' | 'expired' | 'not_checked'
  csca_country?: string
  mrz_matches_printed?: boolean
  face_matches_selfie?: boolean
  face_matches_portrait?: boolean
}

const MobileChipResultShape = object<MobileChipResult>('MobileChipResult', {
  authentic: boolean, reasons: array(string),
  active_authentication: oneOf(['verified', 'failed', 'not_performed', 'not_offered', 'key_unreadable'] as const),
  chain: oneOf(['verified', 'csca_unknown', 'signature_invalid', 'expired', 'not_checked'] as const),
  csca_country: optional(string), mrz_matches_printed: optional(boolean), face_matches_selfie: optional(boolean),
  face_matches_portrait: optional(boolean),
})

const ListVersionShape = object<NonNullable<SanctionsMatch['list_version']>>('SanctionsMatch.list_version', {
  published: optional(string), sha256: string,
})

const SanctionsMatchShape = object<SanctionsMatch>('SanctionsMatch', {
  list: string, list_version: optional(ListVersionShape), entry_id: integer, reference: string, listed_name: string, matched_name: string, kind: string, programs: array(string), score: number,
  reasons: array(string), date_of_birth: optional(oneOf(['agrees', 'withinAYear', 'differs'] as const)),
})

const IdentityResultShape = object<IdentityResult>('VerifyIdentityEnvelope.data.result', {
  decision: oneOf(outcomes),
  reasons: array(string),
  document_type: string,
  country: string,
  detected: optional(array(oneOf(['document_type', 'country'] as const))),
  fields: map(string),
  face_match: object<IdentityResult['face_match']>('face_match', { match: optional(boolean), distance: optional(number), threshold: number }),
  liveness: object<IdentityResult['liveness']>('liveness', { attack_suspected: optional(boolean), reasons: array(string) }),
  screening: optional(object<NonNullable<IdentityResult['screening']>>('screening', { name: string, matches: array(SanctionsMatchShape) })),
  chip: optional(MobileChipResultShape),
})

/** VerifyIdentity's and VerifyCompliance's `data`. */
export interface IdentityData {
  /** The last step's reasons (a retake's, or the outcome's). */
  reasons: string[]
  credits?: number
  /** On `result/{session_id}`. */
  result?: IdentityResult
}

export const IdentityDataShape = object<IdentityData>('VerifyIdentityEnvelope.data', {
  reasons: array(string), credits: optional(integer), result: optional(IdentityResultShape),
})

// Request bodies: images in base64, the fields `mobile-api.txt` lists.

const documentTypes = oneOf(Object.values(IdDocumentType))

export interface SelfieUpload { selfie_b64: string }
export const SelfieUploadShape = object<SelfieUpload>('selfie', { selfie_b64: string })

export interface DateOfBirthInput { date_of_birth: string }
export const DateOfBirthShape = object<DateOfBirthInput>('date_of_birth', { date_of_birth: string })

export interface IdFrontUpload { id_front_b64: string; document_type?: IdDocumentType; country?: string }
export const IdFrontUploadShape = object<IdFrontUpload>('id_front', {
  id_front_b64: string, document_type: optional(documentTypes), country: optional(string),
})

export interface IdBackUpload { id_back_b64: string }
export const IdBackUploadShape = object<IdBackUpload>('id_back', { id_back_b64: string })

export interface AgeDocumentUpload { id_front_b64: string; id_back_b64?: string; document_type?: IdDocumentType; country?: string }
export const AgeDocumentUploadShape = object<AgeDocumentUpload>('step3', {
  id_front_b64: string, id_back_b64: optional(string), document_type: optional(documentTypes), country: optional(string),
})

/** `upload/chip`: the chip's files as read over NFC (base64, `sod` at least), its answer to `chipChallenge`, and what the app ran. */
export interface ChipUpload {
  files_b64: ChipFiles
  active_authentication?: { challenge_id: string; signature_b64: string }
  reported?: { pace?: ChipProtocolOutcome; chip_authentication?: ChipProtocolOutcome }
}
export const ChipUploadShape = object<ChipUpload>('upload_chip', {
  files_b64: ChipFilesShape,
  active_authentication: optional(object<NonNullable<ChipUpload['active_authentication']>>('active_authentication', {
    challenge_id: string, signature_b64: string,
  })),
  reported: optional(object<NonNullable<ChipUpload['reported']>>('reported', {
    pace: optional(oneOf(ChipProtocolOutcome)), chip_authentication: optional(oneOf(ChipProtocolOutcome)),
  })),
})

/** `chip-challenge`'s data: 8 bytes (base64) for the chip's INTERNAL AUTHENTICATE, this session's, single use, five minutes. */
export interface ChipChallengeData { challenge_id: string; challenge_b64: string; expires_at_epoch_ms: number }
export const ChipChallengeDataShape = object<ChipChallengeData>('ChipChallengeEnvelope.data', {
  challenge_id: string, challenge_b64: string, expires_at_epoch_ms: integer,
})

export type EmptyBody = Record<string, never>
export const EmptyBodyShape = object<EmptyBody>('empty', {})

/** A document for a session: base64 images and optional hints (without them the server reads both from the document). */
export interface MobileDocument {
  front: string
  /** Not for a passport (its photo page is both sides). */
  back?: string
  /** `'passport'`, `'driverLicense'` or `'idCard'`. */
  documentType?: IdDocumentType
  /** ISO 3166-1 alpha-2 issuing country. */
  country?: string
}
