import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import VerityAPI
import VerityWire

/// The SDK's one way to call the service: JSON in and out, a credential in
/// the headers, and every failure decoded once into a `ServiceFailure` that
/// each client's error type (`ServiceError`) takes as it is. Generic over the
/// error type, so a client's calls throw only its own.
struct ServiceTransport<Failure: ServiceError>: Sendable {
    let baseURL: URL
    let http: HTTPExchange
    /// How long one call may take, connecting included (URLRequest's default: 60 s).
    let requestTimeout: TimeInterval

    init(baseURL: URL, session: URLSession?, requestTimeout: TimeInterval = 60) {
        self.init(baseURL: baseURL, http: .choosing(session), requestTimeout: requestTimeout)
    }

    init(baseURL: URL, http: HTTPExchange, requestTimeout: TimeInterval) {
        self.baseURL = baseURL
        self.http = http
        self.requestTimeout = requestTimeout
    }

    /// One call: `credential` in its header, `body` as JSON; the decoded answer and the response.
    func send<Response: Decodable>(_ method: String, _ path: String, query: [URLQueryItem] = [], body: Data? = nil,
                                   credential: ServiceCredential, headers: [String: String] = [:],
                                   as type: Response.Type = Response.self) async throws(Failure) -> Response {
        let (data, response) = try await exchange(method, path, query: query, body: body, credential: credential, headers: headers)
        let status = response?.statusCode ?? 0
        guard let answer = try? JSONDecoder().decode(Response.self, from: data) else {
            throw Failure(ServiceFailure(.unreadable, httpStatus: status))
        }
        return answer
    }

    /// `send` with an `Encodable` body.
    func send<Body: Encodable, Response: Decodable>(_ method: String, _ path: String, query: [URLQueryItem] = [], json body: Body,
                                                    credential: ServiceCredential, headers: [String: String] = [:],
                                                    as type: Response.Type = Response.self) async throws(Failure) -> Response {
        guard let encoded = try? JSONEncoder().encode(body) else {
            throw Failure(ServiceFailure(.invalidInput, message: "the request could not be encoded as JSON"))
        }
        return try await send(method, path, query: query, body: encoded, credential: credential, headers: headers)
    }

    /// The exchange: a 2xx answer's bytes and response, or the failure the answer (or its absence) means.
    func exchange(_ method: String, _ path: String, query: [URLQueryItem] = [], body: Data?, credential: ServiceCredential,
                  headers: [String: String] = [:]) async throws(Failure) -> (Data, HTTPURLResponse?) {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
            throw Failure(ServiceFailure(.invalidInput, message: "the base URL is not valid", field: "baseURL"))
        }
        components.percentEncodedPath = components.percentEncodedPath.trimmingSuffix("/") + path
        if !query.isEmpty { components.queryItems = query }
        guard let url = components.url, ["http", "https"].contains(url.scheme ?? "") else {
            throw Failure(ServiceFailure(.invalidInput, message: "the base URL is not valid", field: "baseURL"))
        }
        var request = URLRequest(url: url)
        request.timeoutInterval = requestTimeout
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in headers.merging(credential.headers, uniquingKeysWith: { _, credential in credential }) {
            request.setValue(value, forHTTPHeaderField: name)
        }
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = body
        }
        let data: Data, response: HTTPURLResponse?
        do {
            (data, response) = try await http.data(for: request)
        } catch {
            throw Failure(ServiceFailure(.unreachable, message: "the service could not be reached: \(error.localizedDescription)"))
        }
        let status = response?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            throw Failure(ServiceFailure(answer: data, status: status,
                                         retryAfterSeconds: response?.value(forHTTPHeaderField: WireHeader.retryAfter).flatMap(Int.init)))
        }
        return (data, response)
    }
}

/// Who a call is made for: an end user's or a device's token, or an app's publishable key.
enum ServiceCredential: Sendable {
    case bearer(String)
    case clientKey(String)

    var headers: [String: String] {
        switch self {
        case .bearer(let token): ["Authorization": "Bearer \(token)"]
        case .clientKey(let key): [WireHeader.clientKey: key]
        }
    }
}

/// A client's error type: made from a `ServiceFailure` as it is.
protocol ServiceError: Error {
    init(_ failure: ServiceFailure)
}

/// The failure itself, for the retries, which read its code before a client's error type is made.
extension ServiceFailure: ServiceError {
    init(_ failure: ServiceFailure) { self = failure }
}

/// A failed call, decoded once: the service's error envelope (the `/v1`
/// surfaces' `{"error": {…}}` or the mobile API's flat body), or what the
/// SDK saw when there was none. Codes are the service's; those the SDK
/// raises itself are `ClientCode`'s.
struct ServiceFailure: Error, Sendable {
    var code: String
    var message: String
    var field: String?
    var retryable: Bool
    /// The HTTP status; 0 when the service was not reached.
    var httpStatus: Int
    var retryAfterSeconds: Int?
    /// `REFRESH_TOKEN` or `VERIFY_DEVICE` for a certification `INVALID_TOKEN`.
    var resolution: String?
    /// Every field at fault (registration forms).
    var details: [(field: String, message: String)] = []
    /// The mobile API's session, when the error names it.
    var sessionID: String?

    /// What the SDK saw when the service said nothing it could read.
    enum ClientCode: String {
        /// The request was wrong before it left (a bad base URL).
        case invalidInput = "INVALID_INPUT"
        /// The service could not be reached: retryable.
        case unreachable = "NETWORK_ERROR"
        /// The service answered something the SDK cannot read.
        case unreadable = "INVALID_RESPONSE"
        /// A 5xx without an envelope: retryable.
        case unavailable = "SERVICE_UNAVAILABLE"
        /// Something on the device failed outside the call (the app's token provider threw).
        case device = "CLIENT_ERROR"
    }

    init(_ code: ClientCode, message: String? = nil, field: String? = nil, httpStatus: Int = 0) {
        self.code = code.rawValue
        self.message = message ?? (code == .unreadable ? "the service's answer could not be read" : "the service answered HTTP \(httpStatus)")
        self.field = field
        retryable = code == .unreachable || code == .unavailable
        self.httpStatus = httpStatus
    }

    /// A non-2xx answer: its envelope, in either shape, or the status alone.
    init(answer data: Data, status: Int, retryAfterSeconds: Int?) {
        if let body = try? JSONDecoder().decode(ErrorEnvelope.self, from: data).error {
            self.init(code: body.code, message: body.message, field: body.field, retryable: body.retryable, httpStatus: status)
            resolution = body.resolution
            details = (body.details ?? []).map { ($0.field, $0.message) }
        } else if let body = try? JSONDecoder().decode(MobileErrorBody.self, from: data) {
            self.init(code: body.code, message: body.message, field: body.field, retryable: body.retryable ?? false, httpStatus: status)
            sessionID = body.sessionID
        } else {
            self.init(status >= 500 ? .unavailable : .unreadable, message: "the service answered HTTP \(status)", httpStatus: status)
        }
        self.retryAfterSeconds = retryAfterSeconds
    }

    private init(code: String, message: String, field: String?, retryable: Bool, httpStatus: Int) {
        self.code = code
        self.message = message
        self.field = field
        self.retryable = retryable
        self.httpStatus = httpStatus
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}

/// A client error type's `Code`: built from the service's catalogue
/// (`ErrorCode`) or from what the SDK saw itself, never spelled by hand.
protocol ServiceErrorCode {
    init(rawValue: String)
}

extension ServiceErrorCode {
    init(_ code: ErrorCode) { self.init(rawValue: code.rawValue) }
    init(_ code: ServiceFailure.ClientCode) { self.init(rawValue: code.rawValue) }
}
