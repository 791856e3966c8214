import Vapor
import VerityAPI

// Wire types are plain Codable in VerityAPI (the SDK must not see Vapor);
// the server makes them response bodies here.
extension VerifiedIdentity: Content {}
extension SupportedCountries: Content {}
extension ConsentRequirement: Content {}
extension FaceImageRequirement: Content {}
extension DocumentCheckDetail: Content {}
extension IdDocumentCaptureInitiationInfo: Content {}
extension IdentityDataProcessingConsentStatus: Content {}
extension IdentityDataProcessingConsentContent: Content {}
extension UserToken: Content {}
extension RevokedTokens: Content {}
extension UserErasure: Content {}
extension UserExport: Content {}
extension HealthStatus: Content {}
extension DeviceVerificationSent: Content {}
extension DeviceToken: Content {}
extension EntityDetails: Content {}
extension CertificationUser: Content {}
extension UserCertificate: Content {}
extension AccreditationRequestView: Content {}
extension AuthenticationChallenge: Content {}
extension AuthenticationSession: Content {}
extension TransactionView: Content {}
extension DocumentSignatureOutput: Content {}
extension CheckpointDetails: Content {}
extension ActivationCodeIssued: Content {}
extension UnlockResult: Content {}
extension SessionCheck: Content {}
extension ClientKeyCreated: Content {}
extension ClientKeyRevoked: Content {}
extension CreditStatement: Content {}
extension MobileTokenVerdict: Content {}
extension OCRSessionInfo: Content {}
extension OCRSideAccepted: Content {}
extension OCRCombineResponse: Content {}
extension ResponseSigningPublicKey: Content {}
extension WebhookEndpointView: Content {}
extension OperatorView: Content {}
extension OperatorCredentials: Content {}
extension WebhookEndpointSecret: Content {}
extension WebhookDeliveryView: Content {}
extension ChipTrustImportResult: Content {}
extension WatchlistImportInput: Content {}
extension WatchlistImportResult: Content {}
extension WatchlistRemoved: Content {}
extension SanctionsListsView: Content {}
extension ChipTrustView: Content {}
extension ChipChallenge: Content {}
