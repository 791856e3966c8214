// Verity's SDK for browsers, React Native and Node: the identity API
// (`identity-verification.md`, `consent.txt`) and the mobile API
// (`mobile-api.txt`). Webhook checks for Node backends are in
// `@verity/sdk/webhooks`.
export { IdentityVerificationClient, type IdentityVerificationClientOptions } from './identity/client.js'
export { IdentityErrorCode, IdentityVerificationError } from './identity/errors.js'
export {
  ChipProtocolOutcome, DocumentVerificationStatus, IdDocumentType, VerificationMethod, type ChipChallenge, type ChipEvidenceInput,
  type ChipFiles, type DocumentCheckStatus, type DocumentCheckSummary,
  type IdDocumentCaptureInitiationInfo, type IdentityDataProcessingConsentContent, type IdentityDataProcessingConsentContentInput,
  type IdentityDataProcessingConsentInput, type IdentityDataProcessingConsentStatus, type QueryOption, type VerifiedIdentity,
  type VerifyIdentityDocumentInput, type VerifyIdentityInput,
} from './identity/types.js'
export { chipAccessKey, chipAccessKeyFromMRZ, type ChipAccessKey } from './identity/chip-access.js'
export { VerifyHuman, type AgeFlowInput, type DocumentFlowInput, type VerifyHumanOptions } from './mobile/client.js'
export { MobileErrorCode, MobileVerificationError } from './mobile/errors.js'
export type {
  AgeData, AgeRules, ChipChallengeData, ChipUpload, HumanData, IdentityData, IdentityResult, MobileChipResult, MobileDocument,
  MobileDocumentProduct, MobileEnvelope, MobileMeta, MobileOutcome, MobileProduct, MobileStep, SanctionsMatch,
} from './mobile/types.js'
export { defaultRetries, noRetries, type Retries } from './transport/retries.js'
export type { Fetch, TransportOptions } from './transport/transport.js'
