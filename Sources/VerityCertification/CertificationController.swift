import Fluent
import Vapor
import VerityAPI
import VerityCore
import VerityStore
import VerityKernel

/// `/v1/certification`: what the SDK's `CertificationClient` calls.
struct CertificationController: RouteCollection {
    /// The device token or user token check (and `Idempotency-Key`) in front of every route.
    let auth: CertificationAuthMiddleware
    /// The services, built once at start-up (`CertificationServices`); a
    /// request brings its context (user, device, its database handle and logger).
    let services: CertificationServices
    let clock: VerityClock

    var devices: DeviceVerificationService { services.devices }
    var registrations: RegistrationService { services.registrations }
    var certification: CertificationService { services.certification }
    var uses: CertificateUseService { services.uses }

    func boot(routes: any RoutesBuilder) throws {
        let api = routes.grouped(auth)
        api.on(CertificationEndpoint.requestDeviceVerification, use: requestCode)
        api.on(CertificationEndpoint.verifyDevice, use: verifyDevice)
        // Refreshing accepts a stale device token, so it authenticates itself.
        routes.register(CertificationEndpoint.refreshDeviceToken, answering: refreshToken)
        api.on(CertificationEndpoint.entityDetails, use: entityDetails)
        api.on(CertificationEndpoint.user, use: user)
        api.on(CertificationEndpoint.register, use: register)
        api.register(CertificationEndpoint.requestAccreditation, answering: requestAccreditation)
        api.on(CertificationEndpoint.certifyLevel1, use: certifyLevel1)
        api.on(CertificationEndpoint.certify, use: certify)
        api.on(CertificationEndpoint.certifyLevel4, use: certifyLevel4)
        api.on(CertificationEndpoint.certificate, use: certificate)
        api.on(CertificationEndpoint.uncertify, use: uncertify)
        api.on(CertificationEndpoint.challenge, use: challenge)
        api.on(CertificationEndpoint.answerChallenge, use: answer)
        api.on(CertificationEndpoint.transactions, use: transactions)
        api.on(CertificationEndpoint.approveTransaction, use: approve)
        api.on(CertificationEndpoint.signDocument, maxBytes: 15 * 1024 * 1024, use: signDocument)
        api.on(CertificationEndpoint.checkpoints, use: checkpoints)
        api.on(CertificationEndpoint.nearestCheckpoints, use: nearestCheckpoints)
        api.on(CertificationEndpoint.checkpoint, use: checkpoint)
    }

    // MARK: Device

    func requestCode(request: Request, input: DeviceVerificationRequest) async throws -> DeviceVerificationSent {
        try await devices.requestCode(input, context: try request.certificationContext())
    }

    func verifyDevice(request: Request, input: DeviceVerificationInput) async throws -> DeviceToken {
        try await devices.verify(input, context: try request.certificationContext())
    }

    /// A new device token for an expired (or certification-changed) one, or
    /// for the user token. An exchange spends the old token, so its retry
    /// (the same `Idempotency-Key`, after an answer lost on the way) would be
    /// refused at the token: the exchange runs under the key, and a token
    /// spent by an exchange still reaches the key's record, which gives the
    /// exchange's answer again (or `IDEMPOTENCY_ANSWER_LOST` when it died with
    /// its server, and the app asks with its user token).
    func refreshToken(request: Request) async throws -> Response {
        // The credential first: a stranger learns nothing of what the body must hold.
        let bearer = try request.bearerCredential()
        let input = try RequestBody.decode(CertificationEndpoint.refreshDeviceToken, from: request)
        let now = clock.nowMillis()
        let idempotency = auth.idempotency
        guard bearer.hasPrefix(DeviceTokens.prefix) else {
            let caller = try await auth.userTokenCaller(bearer, request: request, now: now)
            return try await idempotency.run(request, scope: caller.userID) {
                try await devices.refresh(input, context: caller.context(of: request)).encodeResponse(for: request)
            }
        }
        let resolved: (DeviceTokenModel, CertificationDeviceModel, UUID)
        do {
            resolved = try await DeviceTokens.resolve(bearer, request: request, on: request.db, now: now, allowStale: true)
        } catch let refusal as VerityError {
            guard let spent = try await DeviceTokenRepository(db: request.db).token(hash: DataProtector.hashSecret(bearer)),
                  spent.revocation == .rotated else { throw refusal }
            return try await idempotency.run(request, scope: spent.$user.id) { throw refusal }
        }
        let (row, device, environmentID) = resolved
        guard device.deviceHash == (try DeviceVerificationService.deviceHash(input.deviceId)) else {
            throw VerityError(.invalidToken, "The device token belongs to another device.", resolution: .verifyDevice)
        }
        let caller = CertificationAuthMiddleware.Caller(userID: device.$user.id, environmentID: environmentID, device: device)
        return try await idempotency.run(request, scope: caller.userID) {
            // The old token is spent: exchanged once, never again.
            try await DeviceTokenRepository(db: request.db).revoke(id: try row.requireID(), reason: .rotated, now: now)
            return try await devices.refresh(input, context: caller.context(of: request)).encodeResponse(for: request)
        }
    }

    // MARK: Entity, registration, accreditation

    func entityDetails(request: Request) async throws -> EntityDetails {
        try await registrations.details(try entityName(request), context: try request.certificationContext())
    }

    func user(request: Request) async throws -> CertificationUser {
        try await registrations.user(try entityName(request), context: try request.certificationContext())
    }

    func register(request: Request, input: RegistrationInput) async throws -> CertificationUser {
        try await registrations.register(try entityName(request), input: input, context: try request.certificationContext())
    }

    func requestAccreditation(request: Request) async throws -> Response {
        let input = try RequestBody.decode(CertificationEndpoint.requestAccreditation, from: request)
        let (view, created) = try await registrations.requestAccreditation(try entityName(request), input: input,
                                                                           context: try request.certificationContext())
        return try await view.encodeResponse(status: created ? .created : .ok, for: request)
    }

    // MARK: Certification

    func certifyLevel1(request: Request, input: CertifyLevel1Input) async throws -> CertificationUser {
        try await certification.certifyAtLevel1(try entityName(request), input: input, context: try request.certificationContext())
    }

    func certify(request: Request, input: CertifyInput) async throws -> CertificationUser {
        try await certification.certify(try entityName(request), input: input, context: try request.certificationContext())
    }

    func certifyLevel4(request: Request, input: CertifyLevel4Input) async throws -> CertificationUser {
        try await certification.certifyAtLevel4(try entityName(request), input: input, context: try request.certificationContext())
    }

    func certificate(request: Request) async throws -> UserCertificate {
        try await certification.certificate(try entityName(request), context: try request.certificationContext())
    }

    func uncertify(request: Request) async throws -> CertificationUser {
        try await certification.uncertify(try entityName(request), context: try request.certificationContext())
    }

    // MARK: Using the certificate

    func challenge(request: Request) async throws -> AuthenticationChallenge {
        try await uses.challenge(try entityName(request), context: try request.certificationContext())
    }

    func answer(request: Request, input: SignatureInput) async throws -> AuthenticationSession {
        try await uses.answer(try entityName(request), challengeID: try idParameter(request), input: input,
                                              context: try request.certificationContext())
    }

    func transactions(request: Request) async throws -> [TransactionView] {
        try await uses.pendingTransactions(try entityName(request), context: try request.certificationContext())
    }

    func approve(request: Request, input: SignatureInput) async throws -> TransactionView {
        try await uses.approve(try entityName(request), transactionID: try idParameter(request), input: input,
                                               context: try request.certificationContext())
    }

    func signDocument(request: Request, input: DocumentSigningInput) async throws -> DocumentSignatureOutput {
        try await uses.signDocument(try entityName(request), input: input, context: try request.certificationContext())
    }

    // MARK: Checkpoints

    func checkpoints(request: Request) async throws -> [CheckpointDetails] {
        let context = try request.certificationContext()
        return try await directory(context).checkpoints(environmentID: context.environmentID).map(CheckpointDetails.init)
    }

    func nearestCheckpoints(request: Request) async throws -> [CheckpointDetails] {
        let context = try request.certificationContext()
        guard let latitude = Double(request.query[String.self, at: "latitude"] ?? "") else {
            throw VerityError(.validationError, "latitude is required, in degrees.", field: "latitude")
        }
        guard let longitude = Double(request.query[String.self, at: "longitude"] ?? "") else {
            throw VerityError(.validationError, "longitude is required, in degrees.", field: "longitude")
        }
        let limitText = request.query[String.self, at: "limit"] ?? "10"
        guard let limit = Int(limitText) else { throw VerityError(.validationError, "limit is 1–100.", field: "limit") }
        return try await directory(context).nearestCheckpoints(environmentID: context.environmentID, latitude: latitude,
                                                               longitude: longitude, limit: limit).map(CheckpointDetails.init)
    }

    func checkpoint(request: Request) async throws -> CheckpointDetails {
        let context = try request.certificationContext()
        guard let id = UUID(uuidString: try idParameter(request)) else { throw VerityError(.notFound, "No checkpoint has that id.", field: "id") }
        return CheckpointDetails(try await directory(context).checkpoint(environmentID: context.environmentID, id: id))
    }

    // MARK: Plumbing

    private func entityName(_ request: Request) throws -> String {
        guard let name = request.parameters.get(.entity) else { throw VerityError(.validationError, "entity is required", field: "entity") }
        return name
    }

    private func idParameter(_ request: Request) throws -> String {
        guard let id = request.parameters.get(.id) else { throw VerityError(.validationError, "id is required", field: "id") }
        return id
    }

    private func directory(_ context: CertificationContext) -> DirectoryOperations {
        DirectoryOperations(db: context.db, clock: clock)
    }

    init(auth: CertificationAuthMiddleware, services: CertificationServices, clock: VerityClock) {
        self.auth = auth
        self.services = services
        self.clock = clock
    }
}

extension CheckpointDetails {
    init(_ summary: CheckpointSummary) {
        self.init(id: summary.id, name: summary.name, address: summary.address, latitude: summary.latitude, longitude: summary.longitude,
                  levels: summary.levels, openingHours: summary.openingHours, distanceKilometres: summary.distanceKilometres)
    }
}
