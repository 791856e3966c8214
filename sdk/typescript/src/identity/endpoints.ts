// The identity API's calls (`/v1/identity`), each declared once; one end
// user's token on each.
import { endpoint } from '../wire/endpoint.js'
import {
  ChipChallengeShape, ConsentContentShape, ConsentInputShape, ConsentRequirementShape, ConsentStatusShape, FaceImageRequirementShape,
  IdDocumentCaptureInitiationInfoShape, SupportedCountriesShape, VerifiedIdentityShape, VerifyIdentityDocumentInputShape,
  VerifyIdentityInputShape,
} from './types.js'

export const IdentityEndpoint = {
  supportedCountries: endpoint('GET', '/v1/identity/supported-countries', 'userToken', SupportedCountriesShape),
  verify: endpoint('POST', '/v1/identity/verify', 'userToken', VerifiedIdentityShape, VerifyIdentityInputShape),
  verification: endpoint('GET', '/v1/identity/verification', 'userToken', VerifiedIdentityShape),
  consentRequired: endpoint('GET', '/v1/identity/consent/required', 'userToken', ConsentRequirementShape),
  consent: endpoint('GET', '/v1/identity/consent', 'userToken', ConsentStatusShape),
  /** Query: `preferredContentType`, `preferredLocale`. */
  consentContent: endpoint('GET', '/v1/identity/consent/content', 'userToken', ConsentContentShape),
  provideConsent: endpoint('POST', '/v1/identity/consent', 'userToken', ConsentStatusShape, ConsentInputShape),
  withdrawConsent: endpoint('DELETE', '/v1/identity/consent', 'userToken', ConsentStatusShape),
  /** Query: `flow` (`verification` or `capture`). */
  faceImageRequired: endpoint('GET', '/v1/identity/document/face-image-required', 'userToken', FaceImageRequirementShape),
  verifyDocument: endpoint('POST', '/v1/identity/document/verify', 'userToken', VerifiedIdentityShape, VerifyIdentityDocumentInputShape),
  captureAndVerifyDocument: endpoint('POST', '/v1/identity/document/capture-and-verify', 'userToken', VerifiedIdentityShape,
    VerifyIdentityDocumentInputShape),
  initiateDocumentCapture: endpoint('POST', '/v1/identity/document/capture', 'userToken', IdDocumentCaptureInitiationInfoShape),
  chipChallenge: endpoint('POST', '/v1/identity/document/chip-challenge', 'userToken', ChipChallengeShape, undefined, 201),
}
