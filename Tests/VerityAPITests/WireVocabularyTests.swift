import Testing
import VerityAPI
import VerityWire

/// The wire's vocabulary, as the server and every SDK share it: checked here
/// with nothing of the server built.
@Suite("The wire's vocabulary")
struct WireVocabularyTests {
    @Test func everyErrorCodeIsUniqueUpperSnakeAndOnlyVerityOwnFailuresAre5xx() {
        let names = ErrorCode.all.map(\.rawValue)
        #expect(Set(names).count == names.count)
        for code in ErrorCode.all {
            #expect(!code.rawValue.isEmpty && code.rawValue.allSatisfy { $0.isUppercase || $0 == "_" }, "\(code)")
            #expect((400..<600).contains(code.httpStatus), "\(code)")
            #expect(code.httpStatus < 500 || code.retryable, "\(code): a 5xx is Verity's own failure, and may be retried")
        }
        #expect(ErrorCode.systemError.httpStatus == 500 && ErrorCode.systemError.retryable)
    }

    @Test func everyWebhookEventHasExactlyOnePayloadType() {
        for event in WebhookEventType.allCases {
            let payloads = WebhookPayloads.all.filter { $0.eventType == event }
            #expect(payloads.count == 1, "\(event.rawValue): \(payloads.count) payload types")
            #expect(WebhookPayloads.type(of: event) != nil)
        }
        #expect(WebhookPayloads.all.count == WebhookEventType.allCases.count)
    }
}
