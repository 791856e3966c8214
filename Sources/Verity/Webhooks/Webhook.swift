import Foundation
import VerityAPI

// The events and their payloads (`try event.payload(DocumentCheckCompleted.self)`)
// are VerityAPI's, which the SDK re-exports whole (`IdentityVerificationClient.swift`).

/// What a backend's webhook receiver calls on each delivery, before trusting it:
///
/// ```swift
/// let event = try Webhook.verify(payload: body, header: request.headers["Verity-Signature"],
///                                secrets: [currentSecret, previousSecret])
/// ```
///
/// Checks that the delivery was signed with one of `secrets` (pass both while
/// rotating) no longer than `tolerance` ago, comparing signatures in constant
/// time, and only then decodes the event. Deduplicate on `event.id`: a
/// delivery can come more than once.
public enum Webhook {
    /// The header deliveries carry their signature in.
    public static let signatureHeader = WebhookSignature.header

    /// Why a delivery was refused.
    public enum VerificationError: Error, Equatable, Sendable {
        /// No signature header was given.
        case missingHeader
        case malformedHeader
        /// Signed too long ago or in the future: possibly a replay.
        case timestampOutsideTolerance
        /// Not signed with any of the secrets.
        case invalidSignature
        case noSecret
        /// Signed correctly, but not an event this SDK can read.
        case undecodableEvent
    }

    public static func verify(payload: Data, header: String?, secrets: [String],
                              tolerance: TimeInterval = WebhookSignature.defaultTolerance, now: Date = Date()) throws(VerificationError) -> WebhookEvent {
        guard let header, !header.isEmpty else { throw .missingHeader }
        do {
            try WebhookSignature.verify(payload, header: header, secrets: secrets, tolerance: tolerance, now: now)
        } catch {
            switch error {
            case .malformedHeader: throw .malformedHeader
            case .timestampOutsideTolerance: throw .timestampOutsideTolerance
            case .noMatchingSignature: throw .invalidSignature
            case .noSecret: throw .noSecret
            }
        }
        do {
            return try JSONDecoder().decode(WebhookEvent.self, from: payload)
        } catch {
            throw .undecodableEvent
        }
    }
}
