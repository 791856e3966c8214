import Foundation
import Vapor
import VerityCore

/// The mobile API's one response shape (snake_case, as its specification
/// writes it): every answer, success or error, carries the envelope fields.
struct MobileEnvelope<Payload: Encodable & Sendable>: AsyncResponseEncodable, Encodable, Sendable {
    struct Meta: Encodable, Sendable {
        var environment: String
        var step: String?

        /// The session's current step, as the specification's example shows
        /// (after `session`, `next_step` and `meta.step` are both
        /// `upload_id_front`): the step due; once the flow ended, the step
        /// that ended it in the answer to that step, and none on a later read.
        static func current(environment: String, due: MobileStep?, taken: String?) -> Meta {
            Meta(environment: environment, step: due?.rawValue ?? taken)
        }
    }

    var success = true
    var sessionID: String?
    var verificationID: String?
    var product: MobileProduct
    /// `pass`, `fail` or `undetermined` once the flow is terminal.
    var outcome: String?
    var nextStep: String?
    var data: Payload?
    var meta: Meta

    enum CodingKeys: String, CodingKey {
        case success, sessionID = "session_id", verificationID = "verification_id", product, outcome,
             nextStep = "next_step", data, meta
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(success, forKey: .success)
        // Absent values are null, not missing: clients read every field.
        try container.encode(sessionID, forKey: .sessionID)
        try container.encode(verificationID, forKey: .verificationID)
        try container.encode(product, forKey: .product)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(nextStep, forKey: .nextStep)
        try container.encode(data, forKey: .data)
        try container.encode(meta, forKey: .meta)
    }

    func encodeResponse(for request: Request) async throws -> Response {
        let response = Response(status: .ok)
        try response.content.encode(self, as: .json)
        return response
    }
}

/// An error on the mobile surface: `success: false`, `code`, `message`,
/// `retryable` when a retry can succeed, and the envelope fields known.
struct MobileErrorBody: Encodable, Sendable {
    var success = false
    var code: String
    var message: String
    var retryable: Bool?
    var field: String?
    var sessionID: String?
    var verificationID: String?
    var product: String?
    var outcome: String?
    var nextStep: String?
    var meta: MobileEnvelope<Empty>.Meta?

    struct Empty: Encodable, Sendable {}

    enum CodingKeys: String, CodingKey {
        case success, code, message, retryable, field, sessionID = "session_id", verificationID = "verification_id", product,
             outcome, nextStep = "next_step", data, meta
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(success, forKey: .success)
        try container.encode(code, forKey: .code)
        try container.encode(message, forKey: .message)
        try container.encodeIfPresent(retryable, forKey: .retryable)
        try container.encodeIfPresent(field, forKey: .field)
        try container.encode(sessionID, forKey: .sessionID)
        try container.encode(verificationID, forKey: .verificationID)
        try container.encode(product, forKey: .product)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(nextStep, forKey: .nextStep)
        try container.encodeNil(forKey: .data)
        try container.encode(meta, forKey: .meta)
    }
}
