import Foundation

/// Paths of the identity surface, used by the server to register routes and by
/// the SDK to call them: one spelling of each path.
public enum IdentityRoute: String, CaseIterable, Sendable {
    case supportedCountries = "supported-countries"
    case verify = "verify"
    case verification = "verification"
    case consentRequired = "consent/required"
    case consent = "consent"
    case consentContent = "consent/content"
    case documentFaceImageRequired = "document/face-image-required"
    case documentVerify = "document/verify"
    case documentCaptureAndVerify = "document/capture-and-verify"
    case documentCapture = "document/capture"
    case documentChipChallenge = "document/chip-challenge"

    /// Path components after the host, e.g. `["v1", "identity", "verify"]`.
    public var components: [String] { ["v1", "identity"] + rawValue.split(separator: "/").map(String.init) }
    /// `/v1/identity/verify`.
    public var path: String { "/" + components.joined(separator: "/") }
}

/// Paths of the admin surface. Routes about one user take the integrator's
/// own user reference.
public enum AdminRoute: Sendable, Equatable {
    case userToken(userRef: String)
    case revokeUserTokens(userRef: String)
    case userVerification(userRef: String)
    case resetVerification(userRef: String)
    case requiredVerificationMethod(userRef: String)
    /// DELETE: erase the user and everything held on them.
    case user(userRef: String)
    /// GET: everything held on the user, as one JSON document.
    case userExport(userRef: String)
    /// One document check's full evidence.
    case documentCheck(id: String)

    /// The placeholder servers register in place of a check id.
    public static let checkIDParameter = RouteParameter.checkID.placeholder
    /// The placeholder servers register in place of a user reference.
    public static let userRefParameter = RouteParameter.userRef.placeholder
    public static let maxUserRefLength = 128

    public var components: [String] {
        switch self {
        case .userToken(let ref): ["admin", "v1", "users", ref, "token"]
        case .revokeUserTokens(let ref): ["admin", "v1", "users", ref, "tokens", "revoke"]
        case .userVerification(let ref): ["admin", "v1", "users", ref, "identity-verification"]
        case .resetVerification(let ref): ["admin", "v1", "users", ref, "identity-verification", "reset"]
        case .requiredVerificationMethod(let ref): ["admin", "v1", "users", ref, "identity-verification", "required-method"]
        case .user(let ref): ["admin", "v1", "users", ref]
        case .userExport(let ref): ["admin", "v1", "users", ref, "export"]
        case .documentCheck(let id): ["admin", "v1", "document-checks", id]
        }
    }

    /// The path with the user reference percent-encoded.
    public var path: String {
        percentEncodedPath(components)
    }
}

/// Paths load balancers and monitors call.
public enum OpsRoute: String, CaseIterable, Sendable {
    case healthz, readyz

    public var path: String { "/" + rawValue }
}

/// `/a/b/c` from path components, each percent-encoded (ids and user
/// references are data, whatever characters they hold).
func percentEncodedPath(_ components: [String]) -> String {
    "/" + components.map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathComponentAllowed) ?? $0 }.joined(separator: "/")
}

extension CharacterSet {
    /// Unreserved characters only, so '/', '?' and '%' in a reference stay data.
    static let urlPathComponentAllowed = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}

/// Paths of the pages a browser opens: the capture page, its two calls and
/// its assets. Tokens and file names are path components; servers register
/// the `:token` and `:file` placeholders. (The page's script builds the same
/// paths from its own address.)
public enum PageRoute: Sendable, Equatable {
    case capture(token: String)
    case captureStatus(token: String)
    case captureSubmit(token: String)
    case asset(file: String)

    public static let tokenParameter = RouteParameter.token.placeholder
    public static let fileParameter = RouteParameter.file.placeholder

    public var components: [String] {
        switch self {
        case .capture(let token): ["capture", token]
        case .captureStatus(let token): ["capture", token, "status"]
        case .captureSubmit(let token): ["capture", token, "submit"]
        case .asset(let file): ["assets", file]
        }
    }

    public var path: String {
        percentEncodedPath(components)
    }
}

/// Paths of one review case in the console.
public enum ConsoleCaseRoute: Sendable, Equatable {
    /// GET: the case and its evidence.
    case show(id: String)
    /// POST: claim it (or extend one's own claim).
    case claim(id: String)
    /// POST: give one's claim back to the queue.
    case release(id: String)
    /// POST: approve or reject, with a reason.
    case decision(id: String)
    /// GET: one of a held document check's images (`front`, `back`, `face`).
    case image(id: String, side: String)

    public static let idParameter = RouteParameter.caseID.placeholder
    public static let sideParameter = RouteParameter.side.placeholder

    public var components: [String] {
        switch self {
        case .show(let id): ["console", "cases", id]
        case .claim(let id): ["console", "cases", id, "claim"]
        case .release(let id): ["console", "cases", id, "release"]
        case .decision(let id): ["console", "cases", id, "decision"]
        case .image(let id, let side): ["console", "cases", id, "images", side]
        }
    }

    public var path: String { percentEncodedPath(components) }
}

/// Paths of the mobile API's admin side, for the tenant's backend with its secret key.
public enum MobileAdminRoute: String, CaseIterable, Sendable {
    case clientKeys = "client-keys"
    case revokeClientKey = "client-keys/revoke"
    case credits
    case verifyPassToken = "mobile/tokens/verify"

    public var components: [String] { ["admin", "v1"] + rawValue.split(separator: "/").map(String.init) }
    public var path: String { "/" + components.joined(separator: "/") }
}
