import Vapor
import VerityAPI
import VerityCore

/// Decodes JSON request bodies into wire types, turning every decoding
/// failure into `INVALID_INPUT` that names the field at fault.
package enum RequestBody {
    package static let maxBytes = 64 * 1024

    package static func decode<T: Decodable>(_ type: T.Type, from request: Request) throws -> T {
        guard let body = request.body.data, body.readableBytes > 0 else {
            throw VerityError(.invalidInput, "a JSON request body is required")
        }
        guard isJSON(request.headers) else {
            throw VerityError(.unsupportedMediaType, "send the body as application/json")
        }
        return try JSONDecoder().decode(T.self, from: Data(buffer: body))
    }

    /// No Content-Type, JSON, or a `+json` type. The plain header is compared
    /// first: Vapor's media-type parsing costs more than the rest of the check.
    static func isJSON(_ headers: HTTPHeaders) -> Bool {
        guard let raw = headers.first(name: .contentType) else { return true }
        if raw.lowercased() == "application/json" { return true }
        guard let contentType = headers.contentType else { return true }
        return contentType == .json || (contentType.type == "application" && contentType.subType.hasSuffix("+json"))
    }

    /// Like `decode`, but an empty body is nil (for optional bodies).
    /// `endpoint`'s body, for a handler that answers itself (`RoutesBuilder.register(_:answering:)`).
    package static func decode<Body: Decodable, Answer>(_ endpoint: Endpoint<Body, Answer>, from request: Request) throws -> Body {
        try decode(Body.self, from: request)
    }

    static func decodeOptional<T: Decodable>(_ type: T.Type, from request: Request) throws -> T? {
        guard let body = request.body.data, body.readableBytes > 0 else { return nil }
        return try decode(type, from: request)
    }

    static func verityError(for error: DecodingError) -> VerityError {
        func name(_ path: [any CodingKey]) -> String? {
            path.isEmpty ? nil : path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let field = name(context.codingPath + [key]) ?? key.stringValue
            return .invalid(field, "\(field) is required")
        case .valueNotFound(_, let context):
            let field = name(context.codingPath) ?? "body"
            return .invalid(field, "\(field) must not be null")
        case .typeMismatch(let expected, let context):
            let field = name(context.codingPath) ?? "body"
            return .invalid(field, "\(field) must be \(describe(expected))")
        case .dataCorrupted(let context):
            guard let field = name(context.codingPath) else {
                return VerityError(.invalidInput, "the request body is not valid JSON")
            }
            return .invalid(field, "\(field) has an unsupported value")
        @unknown default:
            return VerityError(.invalidInput, "the request body could not be read")
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type: "a whole number"
        case is Bool.Type: "true or false"
        default: "a JSON object"
        }
    }
}
