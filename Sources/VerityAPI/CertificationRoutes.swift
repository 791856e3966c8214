import Foundation

/// Paths of the certification surface the SDK calls. Entity names and ids are
/// path components; servers register the `:entity`, `:id` placeholders.
public enum CertificationRoute: Sendable, Equatable {
    case deviceVerificationRequest
    case deviceVerification
    case deviceToken
    case entity(String)
    case user(entity: String)
    case registration(entity: String)
    case accreditationRequests(entity: String)
    case certifyLevel1(entity: String)
    case certify(entity: String)
    case certifyLevel4(entity: String)
    case certificate(entity: String)
    case challenges(entity: String)
    case challengeResponse(entity: String, id: String)
    case transactions(entity: String)
    case transactionApproval(entity: String, id: String)
    case signatures(entity: String)
    case checkpoints
    case nearestCheckpoints
    case checkpoint(id: String)

    /// Placeholders for servers.
    public static let entityParameter = RouteParameter.entity.placeholder
    public static let idParameter = RouteParameter.id.placeholder

    public var components: [String] {
        let base = ["v1", "certification"]
        switch self {
        case .deviceVerificationRequest: return base + ["device", "verification-requests"]
        case .deviceVerification: return base + ["device", "verification"]
        case .deviceToken: return base + ["device", "token"]
        case .entity(let e): return base + ["entities", e]
        case .user(let e): return base + ["entities", e, "user"]
        case .registration(let e): return base + ["entities", e, "registration"]
        case .accreditationRequests(let e): return base + ["entities", e, "accreditation-requests"]
        case .certifyLevel1(let e): return base + ["entities", e, "certification", "level1"]
        case .certify(let e): return base + ["entities", e, "certification"]
        case .certifyLevel4(let e): return base + ["entities", e, "certification", "level4"]
        case .certificate(let e): return base + ["entities", e, "certificate"]
        case .challenges(let e): return base + ["entities", e, "authentication", "challenges"]
        case .challengeResponse(let e, let id): return base + ["entities", e, "authentication", "challenges", id, "response"]
        case .transactions(let e): return base + ["entities", e, "transactions"]
        case .transactionApproval(let e, let id): return base + ["entities", e, "transactions", id, "approval"]
        case .signatures(let e): return base + ["entities", e, "signatures"]
        case .checkpoints: return base + ["checkpoints"]
        case .nearestCheckpoints: return base + ["checkpoints", "nearest"]
        case .checkpoint(let id): return base + ["checkpoints", id]
        }
    }

    /// The path with each component percent-encoded.
    public var path: String {
        percentEncodedPath(components)
    }
}

/// Paths of `/admin/v1/certification`, for operators and the app's backend.
public enum CertificationAdminRoute: Sendable, Equatable {
    case entities
    case checkpoints
    case accreditationRequests
    case approve(id: String)
    case reject(id: String)
    case unlock(userRef: String)
    case transactions(userRef: String)
    case transaction(id: String)
    case verifySession

    public var components: [String] {
        let base = ["admin", "v1", "certification"]
        switch self {
        case .entities: return base + ["entities"]
        case .checkpoints: return base + ["checkpoints"]
        case .accreditationRequests: return base + ["accreditation-requests"]
        case .approve(let id): return base + ["accreditation-requests", id, "approve"]
        case .reject(let id): return base + ["accreditation-requests", id, "reject"]
        case .unlock(let ref): return base + ["users", ref, "unlock"]
        case .transactions(let ref): return base + ["users", ref, "transactions"]
        case .transaction(let id): return base + ["transactions", id]
        case .verifySession: return base + ["sessions", "verify"]
        }
    }

    /// The path with each component percent-encoded.
    public var path: String {
        percentEncodedPath(components)
    }
}

/// Public PKI files: the revocation list and the CA chain.
public enum PKIRoute: String, Sendable, CaseIterable {
    case crl = "pki/crl.der"
    case chain = "pki/chain.pem"
    /// The test environments' CA (issue 47, finding 10): its own chain and CRL.
    case testCRL = "pki/test/crl.der"
    case testChain = "pki/test/chain.pem"

    public var components: [String] { rawValue.split(separator: "/").map(String.init) }
    public var path: String { "/" + rawValue }
}
