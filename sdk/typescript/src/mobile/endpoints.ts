// The mobile API's calls (`/api/mobile/v1`), each declared once; an app's
// publishable client key on each, and `X-Mobile-Session` on a session's steps.
import { endpoint } from '../wire/endpoint.js'
import {
  AgeDataShape, AgeDocumentUploadShape, AgeRulesShape, ChipChallengeDataShape, ChipUploadShape, DateOfBirthShape, EmptyBodyShape, envelope,
  HumanDataShape,
  IdBackUploadShape, IdentityDataShape, IdFrontUploadShape, type MobileDocumentProduct, SelfieUploadShape,
} from './types.js'

const prefix = '/api/mobile/v1'
const human = envelope('VerifyHumanEnvelope', HumanDataShape)
const age = envelope('VerifyAgeEnvelope', AgeDataShape)
const identity = envelope('VerifyIdentityEnvelope', IdentityDataShape)
const chipChallenge = envelope('ChipChallengeEnvelope', ChipChallengeDataShape)

export const MobileEndpoint = {
  verifyHuman: endpoint('POST', `${prefix}/verifyhuman/verify`, 'clientKey', human, SelfieUploadShape),
  verifyHumanStatus: endpoint('GET', `${prefix}/verifyhuman/status/{verification_id}`, 'clientKey', human),

  ageRules: endpoint('GET', `${prefix}/verifyage/rules`, 'clientKey', envelope('verifyAgeRules', AgeRulesShape)),
  ageSession: endpoint('POST', `${prefix}/verifyage/session`, 'clientKey', age, EmptyBodyShape),
  ageStep1: endpoint('POST', `${prefix}/verifyage/step1`, 'clientKey', age, DateOfBirthShape),
  ageStep2: endpoint('POST', `${prefix}/verifyage/step2`, 'clientKey', age, SelfieUploadShape),
  ageStep3: endpoint('POST', `${prefix}/verifyage/step3`, 'clientKey', age, AgeDocumentUploadShape),
  ageStatus: endpoint('GET', `${prefix}/verifyage/status/{session_id}`, 'clientKey', age),

  /** VerifyIdentity's and VerifyCompliance's calls, the same steps under each product's path. */
  documentProduct(product: MobileDocumentProduct) {
    return {
      session: endpoint('POST', `${prefix}/${product}/session`, 'clientKey', identity, EmptyBodyShape),
      uploadSelfie: endpoint('POST', `${prefix}/${product}/upload/selfie`, 'clientKey', identity, SelfieUploadShape),
      uploadIdFront: endpoint('POST', `${prefix}/${product}/upload/id-front`, 'clientKey', identity, IdFrontUploadShape),
      uploadIdBack: endpoint('POST', `${prefix}/${product}/upload/id-back`, 'clientKey', identity, IdBackUploadShape),
      uploadChip: endpoint('POST', `${prefix}/${product}/upload/chip`, 'clientKey', identity, ChipUploadShape),
      chipChallenge: endpoint('POST', `${prefix}/${product}/chip-challenge`, 'clientKey', chipChallenge, EmptyBodyShape),
      submit: endpoint('POST', `${prefix}/${product}/submit`, 'clientKey', identity, EmptyBodyShape),
      status: endpoint('GET', `${prefix}/${product}/status/{session_id}`, 'clientKey', identity),
      result: endpoint('GET', `${prefix}/${product}/result/{session_id}`, 'clientKey', identity),
    }
  },
}
