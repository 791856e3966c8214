import Foundation
import Testing
import VerityAPI
@testable import VerityKernel
@testable import VerityWebhooks

/// Each event type's data is a struct of VerityAPI, written by the server
/// through `WebhookPayloadEncoder` (no JSON tree, for speed) and read by a
/// backend through `WebhookEvent.payload(_:)`: the bytes must be the ones
/// `JSONEncoder` writes for the struct, and they must read back as it.
@Suite("Webhook payloads: one struct per event type, the same bytes both ways")
struct WebhookPayloadTests {
    /// One of each type, with the awkward values a payload can hold.
    static let samples: [any WebhookPayload] = [
        ScreeningMatchFound(alertId: UUID().uuidString, source: "verifycompliance", verificationId: "mver_" + UUID().uuidString.lowercased(),
                            list: "un-consolidated", listPublished: "2026-02-27", listSha256: String(repeating: "a", count: 64), entryId: 6_908_000,
                            reference: "QDi.006", listedName: "AIMAN MUHAMMED RABI AL-ZAWAHIRI", programs: "Al-Qaida", scorePercent: 95,
                            dateOfBirth: "agrees"),
        ScreeningMatchDecided(alertId: UUID().uuidString, verificationId: "mver_" + UUID().uuidString.lowercased(), list: "watchlist:staff",
                              reference: "R-1", decision: .rejected, reason: "SANCTIONS_MATCH"),
        IdentityVerificationDecided(attemptId: UUID().uuidString, decision: .governmentIDRequired, verificationMethod: .knowledgeOfPII,
                                    requiredVerificationMethod: .governmentID, attemptsRemaining: 0),
        DocumentCheckCompleted(checkId: UUID().uuidString, outcome: .unreadable, reasons: ["BLURRY", "GLARE"], documentType: .idCard,
                               documentVerificationStatus: .failed, decidedBy: .engine),
        DocumentCheckReviewRequired(checkId: "c", reasons: [], documentType: .passport, documentVerificationStatus: .pending),
        DocumentCheckDecided(checkId: "c", decision: .rejected, reason: "DOCUMENT_TAMPERED", outcome: .failed, documentVerificationStatus: .failed),
        CaptureLinkOpened(linkId: "l"),
        CaptureLinkExpired(linkId: "l", reason: .timeout),
        MobileSessionCompleted(product: .verifyCompliance, outcome: .undetermined, reasons: "SANCTIONS_REVIEW", verificationId: "mver_x",
                               demo: false),
        MobileSessionCompleted(product: .verifyHuman, outcome: .pass, reasons: "", verificationId: "mver_demo", demo: true, decidedBy: .reviewer),
        MobileSessionDecided(verificationId: "mver_x", product: .verifyIdentity, case: "mobile_session", decision: .approved,
                             reason: "FACE_CONFIRMED", outcome: .pass, reasons: ""),
        OCRCombinationCompleted(combinationId: "ocrc_\"quoted\" / slash \u{1F}", success: false),
        OCRCombinationDecided(combinationId: "ocrc_x", decision: .approved, reason: "FIELDS_CONFIRMED"),
        AccreditationRequested(entity: "bank/العربية", requestId: "r", level: 4),
        AccreditationApproved(entity: "bank", requestId: "r", level: 3, evidenceKind: .checkpoint),
        AccreditationApproved(entity: "bank", requestId: "r", level: 2, evidenceKind: nil),
        AccreditationRejected(entity: "bank", requestId: "r", level: 2),
        CertificateIssued(entity: "bank", level: 1, serialNumber: "0A1B", notAfterEpochMs: Int64.max),
        CertificateRevoked(entity: "bank", level: 4, serialNumber: "0A1B", reason: .replaced),
    ]

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    @Test func everyEventTypeHasItsPayload() {
        #expect(Set(Self.samples.map { type(of: $0).eventType }) == Set(WebhookEventType.allCases))
        // The one list decoding goes by: every event type once.
        let listed = WebhookPayloads.all.map { $0.eventType }
        #expect(listed.count == Set(listed).count && Set(listed) == Set(WebhookEventType.allCases), "\(listed)")
        for event in WebhookEventType.allCases { #expect(WebhookPayloads.type(of: event)?.eventType == event) }
    }

    /// The contract's event types are the server's, so the SDKs held to the contract read every one.
    @Test func theContractListsEveryEventType() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/openapi.yaml")
        let text = try String(contentsOf: url, encoding: .utf8)
        let line = try #require(text.components(separatedBy: "\n").drop { !$0.hasPrefix("    WebhookEventType:") }.first { $0.contains("enum:") })
        let listed = line.split(separator: "[", maxSplits: 1)[1].dropLast().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(Set(listed) == Set(WebhookEventType.allCases.map(\.rawValue)), "\(listed)")
    }

    @Test func theServerWritesTheEncodersBytesAndABackendReadsThemBack() throws {
        for sample in Self.samples { try roundTrip(sample) }
    }

    private func roundTrip<Payload: WebhookPayload>(_ payload: Payload) throws {
        let draft = WebhookEvents.draft(payload, environmentID: UUID(), userID: nil)
        #expect(draft.type == Payload.eventType)
        #expect(draft.data == (try Self.encoder().encode(payload)), "\(Payload.self)")
        let body = WebhookJSON.body(id: "evt_1", type: draft.type.rawValue, createdAtEpochMs: 1, environment: "test", userRef: nil, data: draft.data)
        let event = try JSONDecoder().decode(WebhookEvent.self, from: body)
        #expect(try event.payload(Payload.self) == payload)
        #expect(try event.anyPayload() as? Payload == payload)
    }

    @Test func dataOfAnotherShapeIsATypedError() throws {
        let event = WebhookEvent(id: "evt_1", type: .certificateIssued, createdAtEpochMs: 1, environment: "test", userRef: nil,
                                 data: ["entity": .string("bank"), "level": .string("four")])
        #expect(throws: WebhookPayloadError.self) { try event.payload(CertificateIssued.self) }
        #expect(throws: WebhookPayloadError.self) { try event.payload(CertificateRevoked.self) }
        #expect(throws: WebhookPayloadError.self) { try event.anyPayload() }
    }
}
