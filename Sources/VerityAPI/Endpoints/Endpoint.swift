import Foundation

/// One call of the API, declared once for the server that answers it and the
/// SDK that makes it: the verb, the path with its parameters, the type of the
/// body it takes and of the answer it gives, the credential it needs and the
/// headers it reads. The server registers its routes from endpoints and the
/// SDK sends through them, so the two cannot pair a verb, a path or a body
/// type differently.
public struct Endpoint<Request: Sendable, Response: Sendable>: Sendable, CustomStringConvertible {
    public let verb: HTTPVerb
    /// The path's components; a parameter is its `RouteParameter.placeholder`.
    public let components: [String]
    public let credential: EndpointCredential
    /// The headers it reads besides its credential (`WireHeader`'s names).
    public let headers: [String]
    /// The status of a successful answer.
    public let status: Int

    /// Every POST behind a credential honours `Idempotency-Key` (the server's
    /// rule, `Idempotency`): it is added to `headers` here, not listed by hand.
    public init(_ verb: HTTPVerb, _ components: [String], credential: EndpointCredential, headers: [String] = [], status: Int = 200) {
        self.verb = verb
        self.status = status
        self.components = components
        self.credential = credential
        self.headers = verb == .post && credential != .none ? headers + [WireHeader.idempotencyKey] : headers
    }

    /// The path's parameters, in order.
    public var parameters: [RouteParameter] {
        components.filter { $0.hasPrefix(":") }.map { RouteParameter(String($0.dropFirst())) }
    }

    /// Whether a retry with the same `Idempotency-Key` is answered with the first answer instead of running again.
    public var honoursIdempotencyKey: Bool { headers.contains(WireHeader.idempotencyKey) }

    /// The path with `values` in place of its parameters, each percent-encoded.
    /// A parameter without a value is a programming error.
    public func path(_ values: [RouteParameter: String] = [:]) -> String {
        percentEncodedPath(components.map { component in
            guard component.hasPrefix(":") else { return component }
            let parameter = RouteParameter(String(component.dropFirst()))
            guard let value = values[parameter] else { preconditionFailure("\(self) needs a value for \(parameter.name)") }
            return value
        })
    }

    public var description: String { "\(verb.rawValue) /\(components.joined(separator: "/"))" }
}

/// The methods the API uses.
public enum HTTPVerb: String, Sendable, CaseIterable {
    case get = "GET", post = "POST", put = "PUT", delete = "DELETE"
}

/// Who may make a call (`docs/security.md`, "Who may call what").
public enum EndpointCredential: String, Sendable, CaseIterable {
    /// An end user's token (`Authorization: Bearer`, minted by the integrator's backend).
    case userToken
    /// The integrator's secret key (`Authorization: Bearer vk_…`).
    case secretKey
    /// A mobile app's publishable client key (`X-Client-Key`).
    case clientKey
    /// A device token with `Verity-Device-ID`, or the user token before a device is verified.
    case deviceOrUserToken
    /// None: public.
    case none
}

/// The body of a call that sends none, or the answer of one that gives none.
public struct NoBody: Codable, Sendable, Equatable {
    public init() {}
}

