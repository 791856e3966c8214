import Fluent
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Verity
import VerityAPI
@testable import VerityCore
@testable import VerityStore
@testable import VerityKernel

/// A live server with a certification entity, an operator (secret key) and
/// SDK clients with their own key stores.
public struct CertificationHarness: Sendable {
    public let app: VerityTestApp
    public let url: URL
    /// The environment users certify in: test (its own CA, the development
    /// outbox) or live (the platform or outside CA, an SMS provider).
    public var environment: EnvironmentKind = .test
    /// The environment's secret key (nil: the app's test key).
    public var adminKey: String?
    /// Live environments send by SMS provider: this one, which keeps what it gets.
    public var smsProvider: WebhookReceiver?
    public static let entity = "bank"

    /// The entity every test registers with: all four levels, a name, an email and a date of birth.
    public static let entityInput = EntityInput(name: entity, displayName: "Example Bank", levels: [1, 2, 3, 4], userFieldDefinitions: [
        FieldDefinition(name: "givenName", type: "text"),
        FieldDefinition(name: "surname", type: "text"),
        FieldDefinition(name: "email", type: "email", required: false),
        FieldDefinition(name: "dateOfBirth", type: "date"),
    ])

    public static let alice = ["givenName": "Alice", "surname": "Example", "email": "alice@example.org", "dateOfBirth": "1990-04-01"]

    /// A client for `userRef` with a fresh file key store.
    public func client(_ userRef: String, entity: String = CertificationHarness.entity) throws -> CertificationClient {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("verity-keys-\(UUID().uuidString)")
        let (app, environment) = (self.app, self.environment)
        return CertificationClient(baseURL: url, entity: entity, keyStore: try FileKeyStore(directory: directory),
                                   requestTimeout: TestDeadlines.requestTimeout) {
            try await app.operations.identity.mintToken(tenant: app.tenant, environment: environment, userRef: userRef, ttlSeconds: nil,
                                               phoneNumber: nil, email: nil).token
        }
    }

    /// Verifies `userRef` with John Smith's licence (captureAndVerifyIdentityDocument):
    /// a succeeded document check, the evidence levels 3 and 4 need. Returns the check's id.
    @discardableResult
    public func verifiedDocument(_ userRef: String) async throws -> String {
        try await app.configure { $0.consentRequired = false }
        let identity = IdentityVerificationClient(baseURL: url, token: try await app.token(for: userRef), requestTimeout: TestDeadlines.requestTimeout)
        let verified = try await identity.captureAndVerifyIdentityDocumentToEnd(input: VerifyIdentityDocument(
            image: try DocumentFixtures.data("john-smith-licence-front.png"),
            backImage: try DocumentFixtures.data("john-smith-licence-back.png"), country: "US", documentType: .driverLicense))
        guard verified.documentVerificationStatus == .succeeded, let check = verified.documentCheck else {
            throw IdentityVerificationError(code: .invalidResponse, message: "the licence did not verify: \(verified.documentCheck?.reasons ?? [])")
        }
        return check.checkId
    }

    /// An admin API call with the acme test key; the decoded body and the status.
    public func admin<Response: Decodable>(_ method: String, _ path: String, body: (some Encodable)? = Optional<Int>.none,
                                    as type: Response.Type = Response.self) async throws -> (Response?, Int) {
        var request = URLRequest(url: URL(string: url.absoluteString + path)!)
        request.httpMethod = method
        request.setValue("Bearer \(adminKey ?? app.secretKey)", forHTTPHeaderField: "Authorization")
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try JSONEncoder().encode(body)
        }
        let (data, response) = try await TestHTTP.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        return (try? JSONDecoder().decode(Response.self, from: data), status)
    }

    /// Bytes of a public path (`/pki/...`).
    public func download(_ path: String) async throws -> Data {
        try await TestHTTP.data(from: URL(string: url.absoluteString + path)!).0
    }

    /// Asks for an SMS code a second after the last one, so the outbox's
    /// newest message is the code just sent (the test clock stands still).
    public func sendCode(_ client: CertificationClient, to phone: String = "+447700900123") async throws {
        app.clock.advance(seconds: 1)
        try await client.requestUserDeviceVerification(phoneNumber: phone)
    }

    /// The newest message in the development outbox, opened.
    public func lastMessage() async throws -> String {
        if let smsProvider {
            struct Sent: Decodable { let text: String }
            return try smsProvider.deliveries().last.map { try JSONDecoder().decode(Sent.self, from: $0.bytes).text } ?? ""
        }
        let protector = try DataProtector(dataKey: app.settings.dataKey)
        guard let row = try await OutboxMessageModel.query(on: app.app.db).sort(\.$createdAt, .descending).first() else { return "" }
        return try row.opened(protector).text
    }

    /// The 6-digit code in the newest message.
    public func lastCode() async throws -> String {
        let text = try await lastMessage()
        guard let range = text.range(of: "[0-9]{6}", options: .regularExpression) else { return "" }
        return String(text[range])
    }

    /// A client whose device is verified and whose user is registered.
    public func registeredClient(_ userRef: String, phone: String = "+447700900123") async throws -> CertificationClient {
        let client = try client(userRef)
        try await sendCode(client, to: phone)
        try await client.verifyUserDevice(verificationCode: try await lastCode())
        try await client.registerUser(Self.alice)
        return client
    }

    /// Approves the newest pending request of the environment; the DIAC.
    public func approveNewest(evidence: AccreditationEvidence? = nil) async throws -> String {
        let (requests, _) = try await admin("GET", CertificationAdminRoute.accreditationRequests.path + "?status=pending",
                                            as: [AccreditationRequestView].self)
        guard let newest = requests?.first else { return "" }
        app.clock.advance(seconds: 1)
        let (issued, _) = try await admin("POST", CertificationAdminRoute.approve(id: newest.id.uuidString).path,
                                          body: AccreditationApprovalInput(evidence: evidence), as: ActivationCodeIssued.self)
        return issued?.diac ?? ""
    }
}

/// Runs `body` with a live server whose acme environment (test unless
/// `environment` says live) has the `bank` entity.
public func withCertification<T: Sendable>(hsm: Bool = false, environment: EnvironmentKind = .test, logLevel: String = "info",
                                    settings change: (inout Settings) -> Void = { _ in },
                                    _ body: (CertificationHarness) async throws -> T) async throws -> T {
    if hsm { SoftHSMSetup.configure() }
    // A live environment has no development outbox: its codes go to an SMS provider.
    let provider = environment == .live ? try WebhookReceiver() : nil
    defer { provider?.stop() }
    return try await withVerityApp(settings: { settings in
        settings.logLevel = logLevel
        change(&settings)
        if hsm { settings.hsm = HSMSettings(modulePath: SoftHSMSetup.modulePath) }
        if let provider, let url = URL(string: provider.url) { settings.sms = SMSSettings(url: url) }
    }) { app async throws in
        let url = try await app.startServer()
        var harness = CertificationHarness(app: app, url: url)
        if environment == .live {
            harness.environment = .live
            harness.adminKey = try await app.operations.tenants.createKey(tenant: app.tenant, environment: .live)
            harness.smsProvider = provider
        }
        let (_, status) = try await harness.admin("POST", CertificationAdminRoute.entities.path, body: CertificationHarness.entityInput,
                                                  as: EntityDetails.self)
        guard status == 201 else { throw CertificationError(code: .validationError, message: "entity not created: \(status)") }
        // Level-4 tokens are made ahead, as `verity hsm provision` makes them: servers hold no SO PIN.
        if hsm { _ = try await app.securityOfficer(pin: SoftHSMSetup.soPIN).certification.provisionHSMTokens(count: 3) }
        return try await body(harness)
    }
}

/// The certification error a call threw, or nil.
public func certificationError(_ call: () async throws -> some Any) async -> CertificationError? {
    do {
        _ = try await call()
        return nil
    } catch {
        return error as? CertificationError
    }
}

extension CertificationClient {
    /// `call`, doing what an INVALID_TOKEN's resolution says once: a status
    /// change may land between any two calls (the spec's InvalidTokenError).
    public func resolving<T>(_ call: () async throws -> T) async throws -> T {
        do {
            return try await call()
        } catch let error as CertificationError where error.code == .invalidToken {
            try await resolve(error)
            return try await call()
        }
    }

    public func currentUser() async throws -> CertificationUser {
        try await resolving { try await requestUser() }
    }

    /// Waits until the certificate job has certified the user; the user then.
    public func waitUntilCertified() async throws -> CertificationUser {
        try await waitFor("the user to be certified") {
            let user = try await currentUser()
            return user.status == .certified ? .ready(user) : .notYet("\(user.status)")
        }
    }

    /// Waits until the user is certified, then fetches the certificate.
    public func waitForCertificate() async throws -> UserCertificate {
        _ = try await waitUntilCertified()
        return try await resolving { try await fetchCertificate() }
    }
}

extension CertificationHarness {
    /// A client for `userRef` (a phone and `email` on its token) whose device is
    /// verified, whose user is registered with `fields`, and who asked for level 2.
    public func accreditationRequested(_ userRef: String, email: String?, fields: [String: String] = CertificationHarness.alice) async throws -> CertificationClient {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("verity-keys-\(UUID().uuidString)")
        let app = self.app
        let client = CertificationClient(baseURL: self.url, entity: CertificationHarness.entity, keyStore: try FileKeyStore(directory: directory),
                                   requestTimeout: TestDeadlines.requestTimeout) {
            try await app.token(for: userRef, phoneNumber: "+447700900123", email: email)
        }
        self.app.clock.advance(seconds: 1)
        try await client.requestUserDeviceVerification()
        try await client.verifyUserDevice(withVericationCode: try await self.lastCode())
        try await client.registerUser(fields)
        try await client.requestAccreditation(level: 2)
        return client
    }
}
