import Foundation
import Vapor
import VerityAPI
import VerityCore
import VerityEnginePool
import VerityKernel

/// Mobile request bodies: JSON objects decoded into the step's request type
/// (`VerityAPI/MobileRequests.swift`). A body that carries a `clientKey` is
/// refused (the key belongs in a header), a missing, null or empty field is
/// `MISSING_REQUIRED_FIELD` naming it, and images are checked as images
/// before anything else happens.
enum MobileBody {
    /// Images are accepted up to 8 MB decoded (the specification's limit).
    static let maximumImageBytes = 8 * 1024 * 1024
    /// Room for an image over the limit, so it is answered INVALID_IMAGE, not a body-size error.
    static let maximumRequestBytes = 2 * (maximumImageBytes / 3 * 4) + 64 * 1024

    /// The body as `Body`; an absent body is an empty object. `admitted`
    /// runs between the refusal of a key in the body and the fields' checks
    /// (the credential's questions come before the body's).
    static func decode<Body: MobileRequest>(_ type: Body.Type, from request: Request, admitted: () throws -> Void) throws -> Body {
        let data = request.body.data.map { Data(buffer: $0) } ?? Data()
        let json = data.isEmpty ? Data("{}".utf8) : data
        // One parse of a body that may hold two 8 MB images: its field names and the body as `Body`.
        let parsed: Parsed<Body>
        do {
            parsed = try JSONDecoder().decode(Parsed<Body>.self, from: json)
        } catch {
            throw VerityError(.invalidInput, "the request body is not a JSON object")
        }
        if parsed.keys.contains(where: { ["clientkey", "client_key"].contains($0.lowercased()) }) {
            throw VerityError(.invalidClientKey, "a clientKey in the body is not accepted: \(ClientKeyMiddleware.headerHelp)")
        }
        try admitted()
        switch parsed.body {
        case .success(let body): return body
        case .failure(let error as DecodingError): throw verityError(for: error)
        case .failure(let error): throw error
        }
    }

    /// A required text field: present but empty is still missing.
    static func required(_ text: String, field: String) throws -> String {
        guard !text.isEmpty else { throw VerityError(.missingRequiredField, "\(field) must not be empty", field: field) }
        return text
    }

    /// An optional hint: nil when absent or blank (a hint left out).
    static func hint(_ text: String?) -> String? {
        let trimmed = text?.trimmingCharacters(in: .whitespaces)
        return trimmed?.isEmpty == false ? trimmed : nil
    }

    /// A required base64 image: JPEG or PNG by its magic bytes, at most 8 MB,
    /// with a header a decoder may safely allocate; otherwise `INVALID_IMAGE`.
    static func image(_ text: String, field: String) throws -> [UInt8] {
        let text = try required(text, field: field)
        guard text.utf8.count <= maximumImageBytes / 3 * 4 + 4 else {
            throw VerityError(.invalidImage, "\(field) is larger than 8 MB", field: field)
        }
        do {
            return try DocumentImages.image(text, field: field, maximumBytes: maximumImageBytes)
        } catch {
            // One code for every bad image here, as the mobile specification has it.
            throw VerityError(.invalidImage, error.message, field: field)
        }
    }

    /// Decoding failures in the mobile API's terms: an absent or null field is
    /// missing, a field of another type is invalid; both name the field.
    static func verityError(for error: DecodingError) -> VerityError {
        func name(_ path: [any CodingKey]) -> String {
            path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context):
            let field = name(context.codingPath + [key])
            return VerityError(.missingRequiredField, "\(field) is required", field: field)
        case .valueNotFound(_, let context):
            let field = name(context.codingPath)
            return VerityError(.missingRequiredField, "\(field) is required", field: field)
        case .typeMismatch(_, let context):
            let field = name(context.codingPath)
            return .invalid(field, "\(field) must be a string")
        case .dataCorrupted(let context):
            let field = name(context.codingPath)
            return field.isEmpty ? VerityError(.invalidInput, "the request body is not a JSON object") : .invalid(field, "\(field) is not valid")
        @unknown default:
            return VerityError(.invalidInput, "the request body could not be read")
        }
    }

    /// A JSON object read once: its top-level field names, whatever their
    /// values, and the object as `Body`, or why it is not one (reported only
    /// after the names and the key's scope have been checked).
    private struct Parsed<Body: Decodable>: Decodable {
        let keys: [String]
        let body: Result<Body, any Error>

        init(from decoder: any Decoder) throws {
            keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
            body = Result { try Body(from: decoder) }
        }

        struct AnyKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
    }
}
