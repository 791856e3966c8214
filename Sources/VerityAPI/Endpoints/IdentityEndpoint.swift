/// The identity API (`/v1/identity`), for one end user per token: PII
/// verification, consent and documents.
public enum IdentityEndpoint {
    public static let supportedCountries = Endpoint<NoBody, SupportedCountries>(.get, IdentityRoute.supportedCountries.components,
                                                                                credential: .userToken)
    public static let verify = Endpoint<VerifyIdentityInput, VerifiedIdentity>(.post, IdentityRoute.verify.components,
                                                                               credential: .userToken)
    public static let verification = Endpoint<NoBody, VerifiedIdentity>(.get, IdentityRoute.verification.components,
                                                                        credential: .userToken)

    public static let consentRequired = Endpoint<NoBody, ConsentRequirement>(.get, IdentityRoute.consentRequired.components,
                                                                             credential: .userToken)
    public static let consent = Endpoint<NoBody, IdentityDataProcessingConsentStatus>(.get, IdentityRoute.consent.components,
                                                                                      credential: .userToken)
    /// Query: `preferredContentType`, `preferredLocale`.
    public static let consentContent = Endpoint<NoBody, IdentityDataProcessingConsentContent>(
        .get, IdentityRoute.consentContent.components, credential: .userToken)
    public static let provideConsent = Endpoint<IdentityDataProcessingConsentInput, IdentityDataProcessingConsentStatus>(
        .post, IdentityRoute.consent.components, credential: .userToken)
    public static let withdrawConsent = Endpoint<NoBody, IdentityDataProcessingConsentStatus>(.delete, IdentityRoute.consent.components,
                                                                                              credential: .userToken)

    /// Query: `flow` (`verification` or `capture`).
    public static let faceImageRequired = Endpoint<NoBody, FaceImageRequirement>(.get, IdentityRoute.documentFaceImageRequired.components,
                                                                                 credential: .userToken)
    public static let verifyDocument = Endpoint<VerifyIdentityDocumentInput, VerifiedIdentity>(
        .post, IdentityRoute.documentVerify.components, credential: .userToken)
    public static let captureAndVerifyDocument = Endpoint<VerifyIdentityDocumentInput, VerifiedIdentity>(
        .post, IdentityRoute.documentCaptureAndVerify.components, credential: .userToken)
    public static let initiateDocumentCapture = Endpoint<NoBody, IdDocumentCaptureInitiationInfo>(
        .post, IdentityRoute.documentCapture.components, credential: .userToken)
    /// A challenge for the passport's chip to sign (Active Authentication), for the user's next document.
    public static let chipChallenge = Endpoint<NoBody, ChipChallenge>(
        .post, IdentityRoute.documentChipChallenge.components, credential: .userToken, status: 201)
}
