/// The admin API (`/admin/v1`), for the integrator's backend with a secret
/// key: its users, document checks, OCR response key, mobile keys and
/// credits, webhooks and console operators.
public enum AdminEndpoint {
    private static let ref = AdminRoute.userRefParameter
    private static let id = RouteParameter.id.placeholder

    private static func endpoint<Request, Response>(_ verb: HTTPVerb, _ components: [String], status: Int = 200)
        -> Endpoint<Request, Response> {
        Endpoint(verb, components, credential: .secretKey, status: status)
    }

    // Users. A token's body may be left out: the default lifetime.
    public static let mintToken: Endpoint<UserTokenRequest, UserToken> = endpoint(.post, AdminRoute.userToken(userRef: ref).components)
    public static let revokeTokens: Endpoint<NoBody, RevokedTokens> = endpoint(.post, AdminRoute.revokeUserTokens(userRef: ref).components)
    public static let verification: Endpoint<NoBody, VerifiedIdentity> = endpoint(.get, AdminRoute.userVerification(userRef: ref).components)
    public static let resetVerification: Endpoint<NoBody, VerifiedIdentity> =
        endpoint(.post, AdminRoute.resetVerification(userRef: ref).components)
    public static let requiredMethod: Endpoint<RequiredVerificationMethodInput, VerifiedIdentity> =
        endpoint(.put, AdminRoute.requiredVerificationMethod(userRef: ref).components)
    public static let erase: Endpoint<NoBody, UserErasure> = endpoint(.delete, AdminRoute.user(userRef: ref).components)
    public static let export: Endpoint<NoBody, UserExport> = endpoint(.get, AdminRoute.userExport(userRef: ref).components)

    public static let documentCheck: Endpoint<NoBody, DocumentCheckDetail> =
        endpoint(.get, AdminRoute.documentCheck(id: AdminRoute.checkIDParameter).components)
    public static let ocrPublicKey: Endpoint<NoBody, ResponseSigningPublicKey> = endpoint(.get, OCRRoute.publicKey.components)

    // Mobile keys and credits.
    public static let createClientKey: Endpoint<ClientKeyRequest, ClientKeyCreated> = endpoint(.post, MobileAdminRoute.clientKeys.components)
    public static let revokeClientKey: Endpoint<ClientKeyRevocation, ClientKeyRevoked> =
        endpoint(.post, MobileAdminRoute.revokeClientKey.components)
    public static let credits: Endpoint<NoBody, CreditStatement> = endpoint(.get, MobileAdminRoute.credits.components)
    public static let verifyPassToken: Endpoint<MobileTokenCheck, MobileTokenVerdict> =
        endpoint(.post, MobileAdminRoute.verifyPassToken.components)

    // Webhooks.
    public static let registerWebhook: Endpoint<WebhookEndpointInput, WebhookEndpointSecret> =
        endpoint(.post, WebhookRoute.endpoints.components, status: 201)
    public static let webhooks: Endpoint<NoBody, [WebhookEndpointView]> = endpoint(.get, WebhookRoute.endpoints.components)
    public static let webhook: Endpoint<NoBody, WebhookEndpointView> = endpoint(.get, WebhookRoute.endpoint(id: id).components)
    public static let disableWebhook: Endpoint<NoBody, WebhookEndpointView> = endpoint(.post, WebhookRoute.disable(id: id).components)
    public static let enableWebhook: Endpoint<NoBody, WebhookEndpointView> = endpoint(.post, WebhookRoute.enable(id: id).components)
    public static let rotateWebhookSecret: Endpoint<NoBody, WebhookEndpointSecret> = endpoint(.post, WebhookRoute.rotateSecret(id: id).components)
    /// Query: `limit`.
    public static let webhookDeliveries: Endpoint<NoBody, [WebhookDeliveryView]> = endpoint(.get, WebhookRoute.deliveries(id: id).components)
    public static let redeliver: Endpoint<NoBody, WebhookDeliveryView> =
        endpoint(.post, WebhookRoute.redeliver(deliveryID: id).components, status: 202)

    // ePassport chips: the CSCAs and CRLs passive authentication chains to.
    public static let importChipTrust: Endpoint<ChipTrustImportInput, ChipTrustImportResult> = endpoint(.post, ChipTrustRoute.trust.components)
    public static let chipTrust: Endpoint<NoBody, ChipTrustView> = endpoint(.get, ChipTrustRoute.trust.components)

    // Sanctions: the lists screened, and the tenant's own watchlists.
    public static let sanctionsLists: Endpoint<NoBody, SanctionsListsView> = endpoint(.get, SanctionsRoute.lists.components)
    public static let importWatchlist: Endpoint<WatchlistImportInput, WatchlistImportResult> =
        endpoint(.post, SanctionsRoute.watchlist(name: RouteParameter.watchlist.placeholder).components)
    public static let removeWatchlist: Endpoint<NoBody, WatchlistRemoved> =
        endpoint(.delete, SanctionsRoute.watchlist(name: RouteParameter.watchlist.placeholder).components)

    // Console operators, with a live key only.
    public static let createOperator: Endpoint<OperatorInput, OperatorCredentials> =
        endpoint(.post, OperatorRoute.operators.components, status: 201)
    public static let operators: Endpoint<NoBody, [OperatorView]> = endpoint(.get, OperatorRoute.operators.components)
    public static let disableOperator: Endpoint<NoBody, OperatorView> = endpoint(.post, OperatorRoute.disable(id: id).components)
    public static let enableOperator: Endpoint<NoBody, OperatorView> = endpoint(.post, OperatorRoute.enable(id: id).components)
    public static let resetOperatorPassword: Endpoint<NoBody, OperatorCredentials> =
        endpoint(.post, OperatorRoute.resetPassword(id: id).components)
}
