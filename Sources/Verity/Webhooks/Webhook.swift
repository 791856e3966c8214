import Foundation
import VerityAPI

@_exported import struct VerityAPI.WebhookEvent
@_exported import enum VerityAPI.WebhookEventType
@_exported import enum VerityAPI.WebhookValue
// Each event type's data as a type: `try event.payload(DocumentCheckCompleted.self)`.
@_exported import protocol VerityAPI.WebhookPayload
@_exported import struct VerityAPI.WebhookPayloadError
@_exported import enum VerityAPI.ReviewVerdict
@_exported import enum VerityAPI.DecidedBy
@_exported import enum VerityAPI.DocumentCheckOutcome
@_exported import struct VerityAPI.IdentityVerificationDecided
@_exported import struct VerityAPI.DocumentCheckCompleted
@_exported import struct VerityAPI.DocumentCheckReviewRequired
@_exported import struct VerityAPI.DocumentCheckDecided
@_exported import struct VerityAPI.CaptureLinkOpened
@_exported import struct VerityAPI.CaptureLinkExpired
@_exported import struct VerityAPI.MobileSessionCompleted
@_exported import struct VerityAPI.MobileSessionDecided
@_exported import struct VerityAPI.OCRCombinationCompleted
@_exported import struct VerityAPI.OCRCombinationDecided
@_exported import struct VerityAPI.AccreditationRequested
@_exported import struct VerityAPI.AccreditationApproved
@_exported import struct VerityAPI.AccreditationRejected
@_exported import struct VerityAPI.CertificateIssued
@_exported import struct VerityAPI.CertificateRevoked

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
