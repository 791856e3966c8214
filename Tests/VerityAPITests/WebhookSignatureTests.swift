import Foundation
import Testing
import Verity
import VerityAPI

@Suite("Webhook signatures, as receivers check them")
struct WebhookSignatureTests {
    let body = Data(#"{"id":"evt_1","type":"document_check.completed"}"#.utf8)
    let now = Date(timeIntervalSince1970: 1_764_000_000)

    @Test func aSignatureUnderEitherSecretOfARotationIsAccepted() throws {
        let header = WebhookSignature.header(for: body, secrets: ["whsec_new", "whsec_old"], timestamp: 1_764_000_000)
        #expect(header.hasPrefix("t=1764000000,v1=") && header.components(separatedBy: "v1=").count == 3)
        try WebhookSignature.verify(body, header: header, secrets: ["whsec_new"], now: now)
        try WebhookSignature.verify(body, header: header, secrets: ["whsec_old"], now: now)
        #expect(throws: WebhookSignature.Failure.noMatchingSignature) {
            try WebhookSignature.verify(body, header: header, secrets: ["whsec_neither"], now: now)
        }
    }

    @Test func theTimeIsSignedAndAnOldDeliveryIsRefused() throws {
        let header = WebhookSignature.header(for: body, secrets: ["s"], timestamp: 1_764_000_000)
        #expect(throws: WebhookSignature.Failure.timestampOutsideTolerance) {
            try WebhookSignature.verify(body, header: header, secrets: ["s"], now: now.addingTimeInterval(301))
        }
        try WebhookSignature.verify(body, header: header, secrets: ["s"], tolerance: 600, now: now.addingTimeInterval(301))
        // Moving the time forward breaks the signature: the time is part of what is signed.
        let moved = header.replacingOccurrences(of: "t=1764000000", with: "t=1764000300")
        #expect(throws: WebhookSignature.Failure.noMatchingSignature) {
            try WebhookSignature.verify(body, header: moved, secrets: ["s"], now: now.addingTimeInterval(300))
        }
    }

    @Test func malformedHeadersAreRefusedNotCrashedOn() {
        for header in ["", "t=abc,v1=00", "v1=" + String(repeating: "0", count: 64), "t=1764000000", "t=1764000000,v1=zz",
                       "t=1764000000,v1=" + String(repeating: "g", count: 64), String(repeating: ",", count: 10_000)] {
            #expect(throws: WebhookSignature.Failure.self, "\(header.prefix(30))") {
                try WebhookSignature.verify(body, header: header, secrets: ["s"], now: now)
            }
        }
        #expect(throws: Webhook.VerificationError.missingHeader) { try Webhook.verify(payload: body, header: nil, secrets: ["s"]) }
        #expect(throws: Webhook.VerificationError.noSecret) {
            try Webhook.verify(payload: body, header: "t=1,v1=" + String(repeating: "0", count: 64), secrets: [])
        }
    }

    @Test func aVerifiedBodyThatIsNotAnEventIsSaidSo() throws {
        let header = WebhookSignature.header(for: Data("[]".utf8), secrets: ["s"], timestamp: 1_764_000_000)
        #expect(throws: Webhook.VerificationError.undecodableEvent) {
            try Webhook.verify(payload: Data("[]".utf8), header: header, secrets: ["s"], now: now)
        }
    }
}
