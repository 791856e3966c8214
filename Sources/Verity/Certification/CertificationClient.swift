import Crypto
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import VerityAPI
import VerityWire
@_spi(CMS) import X509

/// The certification SDK for one entity: verify the device by SMS code,
/// register, get accredited and certified (levels 1–4), then authenticate,
/// approve transactions and sign documents. The spec's callbacks become
/// `async` calls that throw ``CertificationError``, and the specification's
/// own form is here too, `SDK.getClient` and one closure per outcome
/// (`CertificationClient+Callbacks.swift`), made on the same calls.
///
/// Keys for levels 1–3 are made on the device and never leave it; a level-4
/// key lives in the platform's HSM behind the user's password.
///
/// A call that failed but may succeed later (`RATE_LIMITED`,
/// `SERVICE_UNAVAILABLE`, an unreachable service) is tried again as `retries`
/// says (after 1, 3 and 9 s by default); a POST carries one `Idempotency-Key`
/// for all its tries, so a retried certification or signature is not made twice.
public final class CertificationClient: Sendable {
    let baseURL: URL
    /// The entity this app registers users with.
    public let entity: String
    let keyStore: any KeyStore
    let session: URLSession?
    let requestTimeout: TimeInterval
    let userTokenProvider: @Sendable () async throws -> String
    /// How a failed call is tried again (a POST with the same `Idempotency-Key`).
    let retries: ServiceRetries
    /// Where the specification's closures (`onSuccess:`, `onClientError:`, …) are called.
    public let callbackQueue: DispatchQueue

    /// `userTokenProvider` returns a user token from the app's backend (`POST /admin/v1/users/{ref}/token`);
    /// it is used until the device is verified, and to recover a lost device token. `requestTimeout` is how
    /// long one call may take before it fails with `NETWORK_ERROR` (60 s by default); `retries`, how a
    /// failed call is tried again (`.never` for one try). `callbackQueue` is where the callback form calls its
    /// closures: the main queue unless the app names another (on Linux the main queue runs only in an app
    /// that runs it, as an `async` main or `dispatchMain()` does).
    public init(baseURL: URL, entity: String, keyStore: any KeyStore, session: URLSession? = nil, requestTimeout: TimeInterval = 60,
                retries: ServiceRetries = ServiceRetries(), callbackQueue: DispatchQueue = .main,
                userTokenProvider: @escaping @Sendable () async throws -> String) {
        self.baseURL = baseURL
        self.callbackQueue = callbackQueue
        self.retries = retries
        self.entity = entity
        self.keyStore = keyStore
        self.session = session
        self.requestTimeout = requestTimeout
        self.userTokenProvider = userTokenProvider
    }

    // MARK: Device

    /// Where this device makes its certification keys (levels 1–3).
    public enum KeyKind: String, Sendable {
        /// In the Secure Enclave (Apple platforms that have one): the key never leaves it.
        case secureEnclave
        /// A P-256 key in software, kept in the key store.
        case software
    }

    /// `.secureEnclave` on Apple devices that have one, `.software` elsewhere.
    public var keyKind: KeyKind { DeviceSigningKey.kind }

    /// Sends a 6-digit code by SMS for this device: to the number the user
    /// registered with (the one your backend filed with the user token,
    /// `UserTokenRequest.phoneNumber`), or to `phoneNumber` (E.164) when given.
    @discardableResult
    public func requestUserDeviceVerification(phoneNumber: String? = nil) async throws -> DeviceVerificationSent {
        try await send(CertificationEndpoint.requestDeviceVerification,
                       body: DeviceVerificationRequest(deviceId: try deviceIdentifier(), phoneNumber: phoneNumber), userToken: true)
    }

    /// The spec's spelling of ``verifyUserDevice(verificationCode:)``.
    public func verifyUserDevice(withVericationCode code: String) async throws {
        try await verifyUserDevice(verificationCode: code)
    }

    /// Checks the SMS code; the device is then verified (for every entity) and keeps a device token.
    public func verifyUserDevice(verificationCode: String) async throws {
        let token: DeviceToken = try await send(CertificationEndpoint.verifyDevice,
                                                body: DeviceVerificationInput(deviceId: try deviceIdentifier(), verificationCode: verificationCode),
                                                userToken: true)
        try store(Data(token.token.utf8), Names.deviceToken)
    }

    /// A new device token for this verified device: in exchange for the old
    /// one, or with a fresh user token when the old one is gone.
    public func refreshDeviceToken() async throws {
        let input = DeviceTokenRequest(deviceId: try deviceIdentifier())
        let token: DeviceToken
        if let old = try storedDeviceToken() {
            do {
                token = try await send(CertificationEndpoint.refreshDeviceToken, body: input, bearer: old)
            } catch let error as CertificationError where error.code == .invalidToken {
                token = try await send(CertificationEndpoint.refreshDeviceToken, body: input, userToken: true)
            }
        } else {
            token = try await send(CertificationEndpoint.refreshDeviceToken, body: input, userToken: true)
        }
        try store(Data(token.token.utf8), Names.deviceToken)
    }

    /// Does what an `INVALID_TOKEN` error's resolution says. For
    /// ``CertificationError/Resolution/verifyDevice`` the app must ask the user
    /// for a new SMS code: this forgets the stale token and rethrows.
    public func resolve(_ error: CertificationError) async throws {
        switch error.resolution {
        case .refreshToken: try await refreshDeviceToken()
        case .verifyDevice, .none:
            try? keyStore.delete(Names.deviceToken)
            throw error
        }
    }

    // MARK: User, entity, registration

    /// The user's status with the entity, their fields and certificate. A
    /// certificate newly issued for a key on this device is stored with it
    /// here, as the spec says: once `status == .certified`, the device can sign.
    public func requestUser() async throws -> User {
        let user: User = try await send(CertificationEndpoint.user)
        if user.status == .certified, let certificate = user.certificate { try keep(certificate) }
        return user
    }

    /// The entity's registration form and levels.
    public func requestEntityDetails() async throws -> EntityDetails {
        try await send(CertificationEndpoint.entityDetails)
    }

    /// Registers with the entity: every field is checked against its definition.
    @discardableResult
    public func registerUser(_ fields: [String: String]) async throws -> User {
        try await send(CertificationEndpoint.register, body: RegistrationInput(fields: fields))
    }

    /// The spec's form: a `User` filled in field by field (`user[field.name] = value`).
    @discardableResult
    public func registerUser(withUser user: User) async throws -> User {
        try await registerUser(user.fields ?? [:])
    }

    /// Asks an operator to accredit the user at `level` (2–4).
    @discardableResult
    public func requestAccreditation(level: Int, evidence: AccreditationEvidence? = nil) async throws -> AccreditationRequestView {
        try await send(CertificationEndpoint.requestAccreditation,
                       body: AccreditationRequestInput(level: level, evidence: evidence))
    }

    // MARK: Certification

    /// Level 1: a key made here, certified by the platform at once.
    @discardableResult
    public func certifyUserAtLevel1() async throws -> User {
        let csr = try await signingRequest()
        let user: User = try await send(CertificationEndpoint.certifyLevel1,
                                                     body: CertifyLevel1Input(csr: csr))
        if user.certificate != nil { try adopt(user.certificate) }
        return user
    }

    /// The spec's spelling of ``certifyUser(diac:)``.
    @discardableResult
    public func certifyUser(withDIAC diac: String) async throws -> User { try await certifyUser(diac: diac) }

    /// Levels 2–3: a key made here, its CSR sent with the DIAC; the user is
    /// then `CERTIFICATE_PENDING` until the authority issues it, and the next
    /// ``requestUser()`` that shows `CERTIFIED` stores the certificate here.
    @discardableResult
    public func certifyUser(diac: String) async throws -> User {
        let csr = try await signingRequest()
        return try await send(CertificationEndpoint.certify, body: CertifyInput(diac: diac, csr: csr))
    }

    /// The spec's spelling of ``certifyUserAtLevel4(diac:password:)``.
    @discardableResult
    public func certifyUserAtLevel4(withDIAC diac: String, andPassword password: String) async throws -> User {
        try await certifyUserAtLevel4(diac: diac, password: password)
    }

    /// Level 4: the key is made in the platform's HSM, protected by `password`
    /// (8–128 characters), which every later signature needs.
    @discardableResult
    public func certifyUserAtLevel4(diac: String, password: String) async throws -> User {
        try await send(CertificationEndpoint.certifyLevel4, body: CertifyLevel4Input(diac: diac, password: password))
    }

    /// The issued certificate and chain; kept on the device with its key
    /// (``requestUser()`` does this by itself once the user is certified).
    @discardableResult
    public func fetchCertificate() async throws -> UserCertificate {
        let certificate: UserCertificate = try await send(CertificationEndpoint.certificate)
        try adopt(certificate)
        return certificate
    }

    /// Gives the certificate up (revoked; a level-4 key destroyed) and forgets the key here.
    @discardableResult
    public func uncertify() async throws -> User {
        let user: User = try await send(CertificationEndpoint.uncertify)
        for name in [Names.key(entity), Names.pendingKey(entity), Names.chain(entity)] { try keyStore.delete(name) }
        return user
    }

    // MARK: Using the certificate

    /// Signs a server nonce with the certificate's key (level 4: in the HSM, with `password`).
    public func authenticate(password: String? = nil) async throws -> AuthenticationSession {
        let challenge: AuthenticationChallenge = try await send(CertificationEndpoint.challenge)
        guard let nonce = Data(base64Encoded: challenge.nonce) else {
            throw CertificationError(code: .invalidResponse, message: "the challenge is not base64")
        }
        let proof = try signature(over: nonce, password: password)
        return try await send(CertificationEndpoint.answerChallenge, id: challenge.id.uuidString, body: proof)
    }

    /// Transactions waiting for the user's approval.
    public func requestTransactions() async throws -> [TransactionView] {
        try await send(CertificationEndpoint.transactions)
    }

    /// Approves `transaction`: the digest is recomputed here from the
    /// description the user saw, so a server cannot swap what is signed.
    public func approveTransaction(_ transaction: TransactionView, password: String? = nil) async throws -> TransactionView {
        let description = TransactionDescription(reference: transaction.description.reference, summary: transaction.description.summary,
                                                 details: transaction.description.details)
        let digest = Array(SHA256.hash(data: description.canonicalBytes))
        guard digest.map({ String(format: "%02x", $0) }).joined() == transaction.digest.lowercased() else {
            throw CertificationError(code: .invalidResponse, message: "the transaction's digest does not match its description")
        }
        let proof = try signature(over: Data(digest), password: password)
        return try await send(CertificationEndpoint.approveTransaction, id: transaction.id.uuidString, body: proof)
    }

    /// A detached CMS (PKCS#7) signature over `document`: made here with the
    /// device key (levels 1–3), or in the HSM with `password` (level 4).
    public func signDocument(_ document: Data, password: String? = nil) async throws -> Data {
        if let password {
            let output: DocumentSignatureOutput = try await send(CertificationEndpoint.signDocument,
                                                                 body: DocumentSigningInput(document: document.base64EncodedString(), password: password))
            guard let signature = Data(base64Encoded: output.signature) else {
                throw CertificationError(code: .invalidResponse, message: "the signature is not base64")
            }
            return signature
        }
        let (key, chain) = try certifiedKey()
        do {
            let signature = try CMS.sign(Array(document), signatureAlgorithm: .ecdsaWithSHA256, additionalIntermediateCertificates: Array(chain.dropFirst()),
                                         certificate: chain[0], privateKey: key.certificateKey, signingTime: Date(), detached: true)
            return Data(signature)
        } catch {
            throw CertificationError(code: .keyStoreError, message: "the document could not be signed: \(error)")
        }
    }

    // MARK: Checkpoints

    /// Every checkpoint where users are accredited in person.
    public func requestCheckpoints() async throws -> [CheckpointDetails] {
        try await send(CertificationEndpoint.checkpoints)
    }

    /// The `limit` nearest checkpoints to a point, nearest first (great-circle distance).
    public func requestNearestCheckpoints(latitude: Double, longitude: Double, limit: Int = 10) async throws -> [CheckpointDetails] {
        try await send(CertificationEndpoint.nearestCheckpoints, query: [
            URLQueryItem(name: "latitude", value: String(latitude)), URLQueryItem(name: "longitude", value: String(longitude)),
            URLQueryItem(name: "limit", value: String(limit)),
        ])
    }

    /// One checkpoint.
    public func requestCheckpointDetails(id: UUID) async throws -> CheckpointDetails {
        try await send(CertificationEndpoint.checkpoint, id: id.uuidString)
    }

    // MARK: Keys

    enum Names {
        static let deviceID = "device-id"
        static let deviceToken = "device-token"
        static func key(_ entity: String) -> String { "\(entity).key" }
        static func pendingKey(_ entity: String) -> String { "\(entity).pending-key" }
        static func chain(_ entity: String) -> String { "\(entity).chain.pem" }
    }

    /// This install's identifier, made once.
    func deviceIdentifier() throws -> String {
        if let stored = try keyStore.read(Names.deviceID), let text = String(data: stored, encoding: .utf8), !text.isEmpty { return text }
        let made = UUID().uuidString + "-" + UUID().uuidString.prefix(8)
        try store(Data(made.utf8), Names.deviceID)
        return made
    }

    func storedDeviceToken() throws -> String? {
        try keyStore.read(Names.deviceToken).flatMap { String(data: $0, encoding: .utf8) }
    }

    private func store(_ value: Data, _ name: String) throws {
        do { try keyStore.write(name, value) } catch let error as CertificationError { throw error } catch {
            throw CertificationError(code: .keyStoreError, message: "the key store could not keep \(name)")
        }
    }

    /// A new key (kept as pending until its certificate arrives) and its CSR,
    /// naming the registered person.
    private func signingRequest() async throws -> String {
        let user = try await requestUser()
        let key: DeviceSigningKey
        do { key = try DeviceSigningKey.make() } catch {
            throw CertificationError(code: .keyStoreError, message: "the device could not make a key: \(error)")
        }
        try store(key.stored, Names.pendingKey(entity))
        let name = RegisteredName.parts(of: user.fields ?? [:]).map { "\($0.givenName) \($0.surname)" }
        do {
            let subject = try DistinguishedName { if let name { CommonName(name) } }
            let csr = try CertificateSigningRequest(version: .v1, subject: subject, privateKey: key.certificateKey,
                                                    attributes: CertificateSigningRequest.Attributes(), signatureAlgorithm: .ecdsaWithSHA256)
            return try csr.serializeAsPEM().pemString
        } catch {
            throw CertificationError(code: .keyStoreError, message: "the signing request could not be made: \(error)")
        }
    }

    /// A certified user's certificate, kept when it is for a key on this device
    /// and not kept already; a certificate for another device's key is that device's.
    private func keep(_ certificate: UserCertificate) throws {
        if let stored = try keyStore.read(Names.chain(entity)), String(data: stored, encoding: .utf8) == certificate.chainPEM { return }
        try adopt(certificate, required: false)
    }

    /// Keeps a certificate with the key it certifies: a pending key becomes
    /// the key. No key of this device fits: an error when `required`.
    private func adopt(_ certificate: UserCertificate?, required: Bool = true) throws {
        guard let certificate, !certificate.keyInHSM else { return }
        let chain = try Self.certificates(certificate.chainPEM)
        for name in [Names.pendingKey(entity), Names.key(entity)] {
            guard let raw = try keyStore.read(name), let key = DeviceSigningKey(stored: raw) else { continue }
            if P256.Signing.PublicKey(chain[0].publicKey)?.rawRepresentation == key.publicKey.rawRepresentation {
                try store(raw, Names.key(entity))
                if name != Names.key(entity) { try keyStore.delete(name) }
                try store(Data(certificate.chainPEM.utf8), Names.chain(entity))
                return
            }
        }
        if required { throw CertificationError(code: .invalidResponse, message: "the certificate is not for a key on this device") }
    }

    private func certifiedKey() throws -> (DeviceSigningKey, [Certificate]) {
        guard let raw = try keyStore.read(Names.key(entity)), let key = DeviceSigningKey(stored: raw),
              let chainData = try keyStore.read(Names.chain(entity)), let pem = String(data: chainData, encoding: .utf8) else {
            throw CertificationError(code: .userNotAccredited, message: "this device holds no certified key for \(entity): fetch the certificate first")
        }
        return (key, try Self.certificates(pem))
    }

    /// The device's signature over `message`, or the password for the HSM to sign with.
    private func signature(over message: Data, password: String?) throws -> SignatureInput {
        if let password { return SignatureInput(password: password) }
        let (key, _) = try certifiedKey()
        let signature = try key.signature(for: message)
        return SignatureInput(signature: signature.derRepresentation.base64EncodedString())
    }

    static func certificates(_ pem: String) throws -> [Certificate] {
        let blocks = pem.components(separatedBy: "-----END CERTIFICATE-----").compactMap { part -> String? in
            guard let start = part.range(of: "-----BEGIN CERTIFICATE-----") else { return nil }
            return String(part[start.lowerBound...]) + "-----END CERTIFICATE-----"
        }
        let certificates = blocks.compactMap { try? Certificate(pemEncoded: $0) }
        guard !certificates.isEmpty, certificates.count == blocks.count else {
            throw CertificationError(code: .invalidResponse, message: "the certificate chain could not be read")
        }
        return certificates
    }
}

/// The spec's `User`: a user's status with an entity (`User.Status`), their
/// registration fields (`user[fieldName]`), accreditation and certificate.
public typealias User = CertificationUser
