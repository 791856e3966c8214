/// The certification API (`/v1/certification`), for one user's device: a
/// device token with `Verity-Device-ID`, or the user token before the device
/// is verified.
public enum CertificationEndpoint {
    private static let entity = CertificationRoute.entityParameter
    private static let id = CertificationRoute.idParameter

    private static func endpoint<Request, Response>(_ verb: HTTPVerb, _ route: CertificationRoute, status: Int = 200)
        -> Endpoint<Request, Response> {
        Endpoint(verb, route.components, credential: .deviceOrUserToken, headers: [WireHeader.deviceID], status: status)
    }

    public static let requestDeviceVerification: Endpoint<DeviceVerificationRequest, DeviceVerificationSent> =
        endpoint(.post, .deviceVerificationRequest, status: 202)
    public static let verifyDevice: Endpoint<DeviceVerificationInput, DeviceToken> = endpoint(.post, .deviceVerification)
    /// Authenticates itself: an expired device token is accepted here.
    public static let refreshDeviceToken: Endpoint<DeviceTokenRequest, DeviceToken> = endpoint(.post, .deviceToken)

    public static let entityDetails: Endpoint<NoBody, EntityDetails> = endpoint(.get, .entity(entity))
    public static let user: Endpoint<NoBody, CertificationUser> = endpoint(.get, .user(entity: entity))
    public static let register: Endpoint<RegistrationInput, CertificationUser> = endpoint(.post, .registration(entity: entity))
    /// 201 for a new request, 200 for the open one it repeats.
    public static let requestAccreditation: Endpoint<AccreditationRequestInput, AccreditationRequestView> =
        endpoint(.post, .accreditationRequests(entity: entity), status: 201)

    public static let certifyLevel1: Endpoint<CertifyLevel1Input, CertificationUser> = endpoint(.post, .certifyLevel1(entity: entity))
    public static let certify: Endpoint<CertifyInput, CertificationUser> = endpoint(.post, .certify(entity: entity), status: 202)
    public static let certifyLevel4: Endpoint<CertifyLevel4Input, CertificationUser> = endpoint(.post, .certifyLevel4(entity: entity), status: 202)
    public static let certificate: Endpoint<NoBody, UserCertificate> = endpoint(.get, .certificate(entity: entity))
    public static let uncertify: Endpoint<NoBody, CertificationUser> = endpoint(.delete, .certificate(entity: entity))

    public static let challenge: Endpoint<NoBody, AuthenticationChallenge> = endpoint(.post, .challenges(entity: entity), status: 201)
    public static let answerChallenge: Endpoint<SignatureInput, AuthenticationSession> =
        endpoint(.post, .challengeResponse(entity: entity, id: id))
    public static let transactions: Endpoint<NoBody, [TransactionView]> = endpoint(.get, .transactions(entity: entity))
    public static let approveTransaction: Endpoint<SignatureInput, TransactionView> = endpoint(.post, .transactionApproval(entity: entity, id: id))
    public static let signDocument: Endpoint<DocumentSigningInput, DocumentSignatureOutput> = endpoint(.post, .signatures(entity: entity))

    public static let checkpoints: Endpoint<NoBody, [CheckpointDetails]> = endpoint(.get, .checkpoints)
    /// Query: `latitude`, `longitude`, `limit`.
    public static let nearestCheckpoints: Endpoint<NoBody, [CheckpointDetails]> = endpoint(.get, .nearestCheckpoints)
    public static let checkpoint: Endpoint<NoBody, CheckpointDetails> = endpoint(.get, .checkpoint(id: id))
}

/// The certification admin API (`/admin/v1/certification`), with a secret key.
public enum CertificationAdminEndpoint {
    private static let id = CertificationRoute.idParameter
    private static let ref = AdminRoute.userRefParameter

    private static func endpoint<Request, Response>(_ verb: HTTPVerb, _ route: CertificationAdminRoute, status: Int = 200)
        -> Endpoint<Request, Response> {
        Endpoint(verb, route.components, credential: .secretKey, status: status)
    }

    public static let createEntity: Endpoint<EntityInput, EntityDetails> = endpoint(.post, .entities, status: 201)
    public static let entities: Endpoint<NoBody, [EntityDetails]> = endpoint(.get, .entities)
    public static let addCheckpoint: Endpoint<CheckpointInput, CheckpointDetails> = endpoint(.post, .checkpoints, status: 201)
    public static let checkpoints: Endpoint<NoBody, [CheckpointDetails]> = endpoint(.get, .checkpoints)
    /// Query: `status`.
    public static let accreditationRequests: Endpoint<NoBody, [AccreditationRequestView]> = endpoint(.get, .accreditationRequests)
    /// The body may be left out: no evidence.
    public static let approve: Endpoint<AccreditationApprovalInput, ActivationCodeIssued> = endpoint(.post, .approve(id: id))
    public static let reject: Endpoint<AccreditationRejectionInput, AccreditationRequestView> = endpoint(.post, .reject(id: id))
    public static let unlock: Endpoint<NoBody, UnlockResult> = endpoint(.post, .unlock(userRef: ref))
    public static let createTransaction: Endpoint<TransactionInput, TransactionView> =
        endpoint(.post, .transactions(userRef: ref), status: 201)
    public static let transaction: Endpoint<NoBody, TransactionView> = endpoint(.get, .transaction(id: id))
    public static let verifySession: Endpoint<SessionCheckInput, SessionCheck> = endpoint(.post, .verifySession)
}
