import Foundation
import Vapor
import VerityCore

/// Mobile request bodies: JSON objects with snake_case fields. A body that
/// carries a `clientKey` is refused (the key belongs in a header), a missing
/// or empty field is `MISSING_REQUIRED_FIELD`, and images are checked as
/// images before anything else happens.
enum MobileBody {
    /// Images are accepted up to 8 MB decoded (the specification's limit).
    static let maximumImageBytes = 8 * 1024 * 1024
    /// Room for an image over the limit, so it is answered INVALID_IMAGE, not a body-size error.
    static let maximumRequestBytes = 2 * (maximumImageBytes / 3 * 4) + 64 * 1024

    /// The body's top-level fields.
    static func fields(_ request: Request) throws -> [String: Any] {
        guard let buffer = request.body.data, buffer.readableBytes > 0 else { return [:] }
        guard let object = try? JSONSerialization.jsonObject(with: Data(buffer: buffer)) as? [String: Any] else {
            throw VerityError(.invalidInput, "the request body is not a JSON object")
        }
        if object.keys.contains(where: { ["clientkey", "client_key"].contains($0.lowercased()) }) {
            throw VerityError(.invalidClientKey, "a clientKey in the body is not accepted: \(ClientKeyMiddleware.headerHelp)")
        }
        return object
    }

    /// A required string field.
    static func string(_ fields: [String: Any], _ name: String) throws -> String {
        guard let value = fields[name], !(value is NSNull) else {
            throw VerityError(.missingRequiredField, "\(name) is required", field: name)
        }
        guard let text = value as? String else { throw VerityError.invalid(name, "\(name) must be a string") }
        guard !text.isEmpty else { throw VerityError(.missingRequiredField, "\(name) must not be empty", field: name) }
        return text
    }

    /// An optional string field: nil when absent, null or empty (a hint left out).
    static func optionalString(_ fields: [String: Any], _ name: String) throws -> String? {
        guard let value = fields[name], !(value is NSNull) else { return nil }
        guard let text = value as? String else { throw VerityError.invalid(name, "\(name) must be a string") }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// A required base64 image: JPEG or PNG by its magic bytes, at most 8 MB,
    /// with a header a decoder may safely allocate; otherwise `INVALID_IMAGE`.
    static func image(_ fields: [String: Any], _ name: String) throws -> [UInt8] {
        let text = try string(fields, name)
        guard text.utf8.count <= maximumImageBytes / 3 * 4 + 4 else {
            throw VerityError(.invalidImage, "\(name) is larger than 8 MB", field: name)
        }
        do {
            return try DocumentImages.image(text, field: name, maximumBytes: maximumImageBytes)
        } catch {
            // One code for every bad image here, as the mobile specification has it.
            throw VerityError(.invalidImage, error.message, field: name)
        }
    }
}
