// The identity API's values, as `identity-verification.md` and `consent.txt`
// name them, each with the shape it has on the wire.
import { array, boolean, integer, nullable, object, oneOf, optional, string } from '../wire/schema.js'

/** The level of verification a user reached, or must reach. */
export const VerificationMethod = {
  NONE: 'NONE',
  KNOWLEDGE_OF_PII: 'KNOWLEDGE_OF_PII',
  GOVERNMENT_ID: 'GOVERNMENT_ID',
} as const
export type VerificationMethod = typeof VerificationMethod[keyof typeof VerificationMethod]

/** A government ID's kind: `IdDocumentType.driverLicense`, as the specification writes it, is `'driverLicense'`. */
export const IdDocumentType = { driverLicense: 'driverLicense', passport: 'passport', idCard: 'idCard' } as const
export type IdDocumentType = typeof IdDocumentType[keyof typeof IdDocumentType]

/** Where document verification stands (the specification's eleven values). */
export const DocumentVerificationStatus = {
  notRequired: 'notRequired',
  notAttempted: 'notAttempted',
  captureInitiated: 'captureInitiated',
  captureLinkOpened: 'captureLinkOpened',
  captureRetryLimitExceeded: 'captureRetryLimitExceeded',
  captureLinkTimeout: 'captureLinkTimeout',
  captureLinkExpired: 'captureLinkExpired',
  pending: 'pending',
  documentUnreadable: 'documentUnreadable',
  succeeded: 'succeeded',
  failed: 'failed',
} as const
export type DocumentVerificationStatus = typeof DocumentVerificationStatus[keyof typeof DocumentVerificationStatus]

/** A document check's own state: `review` while a person decides, `withdrawn` when the user was reset. */
export type DocumentCheckStatus = 'pending' | 'review' | 'succeeded' | 'failed' | 'unreadable' | 'withdrawn'

const values = <T extends Record<string, string>>(of: T) => Object.values(of) as T[keyof T][]

/** The name, address and date of birth (`yyyy-mm-dd`) a user gives. `city` and `state` are optional. */
export interface VerifyIdentityInput {
  firstName: string
  lastName: string
  address: string
  city?: string
  state?: string
  postalCode: string
  /** ISO 3166-1 alpha-2, from `listSupportedCountries()`. */
  country: string
  dateOfBirth: string
}

export const VerifyIdentityInputShape = object<VerifyIdentityInput>('VerifyIdentityInput', {
  firstName: string, lastName: string, address: string, city: optional(string), state: optional(string),
  postalCode: string, country: string, dateOfBirth: string,
})

/** The user's latest document check, summarised. */
export interface DocumentCheckSummary {
  checkId: string
  status: DocumentCheckStatus
  flow: 'verification' | 'capture'
  documentType: IdDocumentType
  country: string
  /** Why it failed, what to fix, or why it waits for a reviewer. */
  reasons: string[]
  submittedAtEpochMs: number
  /** 0 until it ends. */
  completedAtEpochMs: number
}

const DocumentCheckSummaryShape = object<DocumentCheckSummary>('DocumentCheckSummary', {
  checkId: string,
  status: oneOf<DocumentCheckStatus>(['pending', 'review', 'succeeded', 'failed', 'unreadable', 'withdrawn']),
  flow: oneOf(['verification', 'capture'] as const),
  documentType: oneOf(values(IdDocumentType)),
  country: string,
  reasons: array(string),
  submittedAtEpochMs: integer,
  completedAtEpochMs: integer,
})

/** A user's verification state, as verify and check return it. */
export interface VerifiedIdentity {
  /** The Verity id of the user. */
  owner: string
  verified: boolean
  /** When verification succeeded; 0 when not verified. */
  verifiedAtEpochMs: number
  verificationMethod: VerificationMethod
  canAttemptVerificationAgain: boolean
  attemptsRemaining: number
  requiredVerificationMethod: VerificationMethod
  /** 0 if never attempted (or not since a reset). */
  verificationLastAttemptedAtEpochMs: number
  /** The capture page for this user, when the environment offers one. */
  idScanUrl: string | null
  consented: boolean
  /** The documents accepted when `requiredVerificationMethod` is `GOVERNMENT_ID`. */
  acceptableDocumentTypes: IdDocumentType[]
  documentVerificationStatus: DocumentVerificationStatus
  /** The latest document check; `null` before any (older servers leave it out). */
  documentCheck?: DocumentCheckSummary | null
}

export const VerifiedIdentityShape = object<VerifiedIdentity>('VerifiedIdentity', {
  owner: string,
  verified: boolean,
  verifiedAtEpochMs: integer,
  verificationMethod: oneOf(values(VerificationMethod)),
  canAttemptVerificationAgain: boolean,
  attemptsRemaining: integer,
  requiredVerificationMethod: oneOf(values(VerificationMethod)),
  verificationLastAttemptedAtEpochMs: integer,
  idScanUrl: nullable(string),
  consented: boolean,
  acceptableDocumentTypes: array(oneOf(values(IdDocumentType))),
  documentVerificationStatus: oneOf(values(DocumentVerificationStatus)),
  documentCheck: optional(nullable(DocumentCheckSummaryShape)),
})

/** A government ID's images, base64 (JPEG, PNG or GIF, at most 5 MB each before encoding). */
export interface VerifyIdentityDocumentInput {
  /** The front (a passport's photo page). */
  imageBase64: string
  /** The back; for a passport, the photo page again. */
  backImageBase64: string
  /** A selfie, only when `isFaceImageRequiredWith…()` says so: the server refuses one it did not ask for. */
  faceImageBase64?: string
  /** ISO 3166-1 alpha-2 country that issued the document. */
  country: string
  documentType: IdDocumentType
  /** The document's chip as the app read it over NFC (docs/chip.md). */
  chip?: ChipEvidenceInput
}

/** A chip's files as read over NFC, each base64: EF.SOD at least (docs/chip.md). */
export interface ChipFiles {
  com?: string; sod: string; dg1?: string; dg2?: string; dg3?: string; dg4?: string; dg5?: string; dg6?: string; dg7?: string
  dg8?: string; dg9?: string; dg10?: string; dg11?: string; dg12?: string; dg13?: string; dg14?: string; dg15?: string
  dg16?: string; cardAccess?: string; cardSecurity?: string
}

export const ChipFilesShape = object<ChipFiles>('ChipFiles', {
  com: optional(string), sod: string, dg1: optional(string), dg2: optional(string), dg3: optional(string), dg4: optional(string),
  dg5: optional(string), dg6: optional(string), dg7: optional(string), dg8: optional(string), dg9: optional(string),
  dg10: optional(string), dg11: optional(string), dg12: optional(string), dg13: optional(string), dg14: optional(string),
  dg15: optional(string), dg16: optional(string), cardAccess: optional(string), cardSecurity: optional(string),
})

export const ChipProtocolOutcome = ['succeeded', 'failed', 'not_performed'] as const
export type ChipProtocolOutcome = (typeof ChipProtocolOutcome)[number]

/** The chip's files, its answer to `chipChallenge()`, and PACE and Chip Authentication as the app ran them. */
export interface ChipEvidenceInput {
  files: ChipFiles
  activeAuthentication?: { challengeId: string; signatureBase64: string }
  reported?: { pace?: ChipProtocolOutcome; chipAuthentication?: ChipProtocolOutcome }
}

const ChipEvidenceInputShape = object<ChipEvidenceInput>('ChipEvidenceInput', {
  files: ChipFilesShape,
  activeAuthentication: optional(object<{ challengeId: string; signatureBase64: string }>('ChipActiveAuthenticationInput', {
    challengeId: string, signatureBase64: string,
  })),
  reported: optional(object<{ pace?: ChipProtocolOutcome; chipAuthentication?: ChipProtocolOutcome }>('ChipReportedProtocolsInput', {
    pace: optional(oneOf(ChipProtocolOutcome)), chipAuthentication: optional(oneOf(ChipProtocolOutcome)),
  })),
})

/** A challenge for the chip to sign (Active Authentication): single use, this user's, five minutes. */
export interface ChipChallenge {
  challengeId: string
  /** The 8 bytes to send the chip in INTERNAL AUTHENTICATE, base64. */
  challengeBase64: string
  expiresAtEpochMs: number
}

export const ChipChallengeShape = object<ChipChallenge>('ChipChallenge', {
  challengeId: string, challengeBase64: string, expiresAtEpochMs: integer,
})

export const VerifyIdentityDocumentInputShape = object<VerifyIdentityDocumentInput>('VerifyIdentityDocumentInput', {
  imageBase64: string, backImageBase64: string, faceImageBase64: optional(string), country: string,
  documentType: oneOf(values(IdDocumentType)), chip: optional(ChipEvidenceInputShape),
})

/** The capture page's address for this user, and when it stops working. */
export interface IdDocumentCaptureInitiationInfo {
  documentCaptureUrl: string
  expiryEpochMs: number
}

export const IdDocumentCaptureInitiationInfoShape = object<IdDocumentCaptureInitiationInfo>('IdDocumentCaptureInitiationInfo', {
  documentCaptureUrl: string, expiryEpochMs: integer,
})

export const SupportedCountriesShape = object<{ countries: string[] }>('SupportedCountries', { countries: array(string) })
export const FaceImageRequirementShape = object<{ faceImageRequired: boolean }>('FaceImageRequirement', { faceImageRequired: boolean })
export const ConsentRequirementShape = object<{ required: boolean }>('ConsentRequirement', { required: boolean })

/** Whether the user consents, and to which text. */
export interface IdentityDataProcessingConsentStatus {
  consented: boolean
  consentedAtEpochMs?: number
  consentWithdrawnAtEpochMs?: number
  content?: string
  contentType?: string
  locale?: string
}

export const ConsentStatusShape = object<IdentityDataProcessingConsentStatus>('ConsentStatus', {
  consented: boolean, consentedAtEpochMs: optional(integer), consentWithdrawnAtEpochMs: optional(integer),
  content: optional(string), contentType: optional(string), locale: optional(string),
})

/** The text to show, in the type and locale closest to the preferences. */
export interface IdentityDataProcessingConsentContent {
  content: string
  contentType: string
  locale: string
}

export const ConsentContentShape = object<IdentityDataProcessingConsentContent>('ConsentContent', {
  content: string, contentType: string, locale: string,
})

/** What to ask for: `preferredContentType` (e.g. `text/plain`) and `preferredLocale` (e.g. `en-US`). */
export interface IdentityDataProcessingConsentContentInput {
  preferredContentType: string
  preferredLocale: string
}

/** The text the user agreed to, exactly as it was served. */
export type IdentityDataProcessingConsentInput = IdentityDataProcessingConsentContent

export const ConsentInputShape = object<IdentityDataProcessingConsentInput>('ConsentInput', {
  content: string, contentType: string, locale: string,
})

/** Where an answer may come from: the service every time, or a remembered answer first. */
export type QueryOption = 'remoteOnly' | 'cachedOrRemote'
