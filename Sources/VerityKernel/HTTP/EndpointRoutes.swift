import Vapor
import VerityAPI

/// Routes registered from VerityAPI's `Endpoint`s: the verb, the path and the
/// body's type come from the one declaration the SDK sends through too.
extension RoutesBuilder {
    /// `endpoint` answered by `handler`, which is given the body decoded by
    /// `RequestBody`'s rules (JSON, its size limit, errors naming the field).
    /// `maxBytes`: a POST that collects a larger body than JSON routes do
    /// (images), after taking one of the server's large-body slots.
    @discardableResult
    package func on<Body: Decodable & Sendable, Answer: AsyncResponseEncodable & Sendable>(
        _ endpoint: Endpoint<Body, Answer>, maxBytes: Int? = nil,
        use handler: @escaping @Sendable (Request, Body) async throws -> Answer) -> Route {
        register(endpoint, maxBytes: maxBytes) { request in
            let body = try RequestBody.decode(Body.self, from: request)
            return try await handler(request, body).encodeResponse(status: HTTPStatus(statusCode: endpoint.status), for: request)
        }
    }

    /// `endpoint`, whose body may be left out: `handler` is given nil then.
    @discardableResult
    package func on<Body: Decodable & Sendable, Answer: AsyncResponseEncodable & Sendable>(
        _ endpoint: Endpoint<Body, Answer>, optionalBody handler: @escaping @Sendable (Request, Body?) async throws -> Answer) -> Route {
        register(endpoint) { request in
            let body = try RequestBody.decodeOptional(Body.self, from: request)
            return try await handler(request, body).encodeResponse(status: HTTPStatus(statusCode: endpoint.status), for: request)
        }
    }

    /// `endpoint`, which takes no body, answered by `handler`.
    @discardableResult
    package func on<Answer: AsyncResponseEncodable & Sendable>(_ endpoint: Endpoint<NoBody, Answer>,
                                                       use handler: @escaping @Sendable (Request) async throws -> Answer) -> Route {
        register(endpoint) { request in
            try await handler(request).encodeResponse(status: HTTPStatus(statusCode: endpoint.status), for: request)
        }
    }

    /// `endpoint`'s verb and path, answered by a handler that makes its own
    /// response: a status chosen per request, or an answer replayed.
    @discardableResult
    package func register<Body, Answer>(_ endpoint: Endpoint<Body, Answer>, maxBytes: Int? = nil,
                                answering handler: @escaping @Sendable (Request) async throws -> Response) -> Route {
        let path = routePath(endpoint.components)
        let route: Route
        if let maxBytes {
            precondition(endpoint.verb == .post, "\(endpoint): only a POST collects a large body")
            route = postCollecting(path, maxBytes: maxBytes, use: handler)
        } else {
            route = on(HTTPMethod(rawValue: endpoint.verb.rawValue), path, use: handler)
        }
        route.userInfo[EndpointCredentialKey.key] = endpoint.credential
        route.userInfo[EndpointAnswerKey.key] = EndpointAnswerKey.Facts(status: endpoint.status, headers: endpoint.headers)
        return route
    }
}

/// The credential a route's endpoint declares (`RouteCredentialsTests` holds
/// it against `docs/security.md`).
enum EndpointCredentialKey {
    static let key = "verity.credential"

    static func of(_ route: Route) -> EndpointCredential? { route.userInfo[key] as? EndpointCredential }
}

/// The success status and the headers a route's endpoint declares
/// (`ContractCoverageTests` holds them against `docs/openapi.yaml`).
enum EndpointAnswerKey {
    static let key = "verity.answer"

    struct Facts: Sendable {
        let status: Int
        let headers: [String]
    }

    static func of(_ route: Route) -> Facts? { route.userInfo[key] as? Facts }
}
