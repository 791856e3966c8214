import Foundation
import Testing
import VerityAPI
@testable import VerityKernel
@testable import VerityWebhooks

/// Event data and delivery bodies are written by hand (`WebhookJSON`) for
/// speed: they must be the bytes `JSONEncoder` writes (keys sorted, slashes
/// not escaped), and what a receiver decodes must be what was published,
/// whatever a user reference holds.
@Suite("Webhook JSON: hand-written bodies match JSONEncoder's")
struct WebhookJSONTests {
    static let awkward = [
        "plain", "", "quote \" and backslash \\", "slash / stays", "new\nline\ttab\rreturn", "bell \u{07} nul \u{00} unit \u{1F}",
        "del \u{7F}", "العربية", "emoji 🪪", "line sep \u{2028}", "<script>alert(1)</script>",
    ]

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    @Test("Event data: the encoder's bytes, for every kind of value and awkward keys and strings")
    func objectMatchesTheEncoder() throws {
        var data: [String: WebhookValue] = ["attemptsRemaining": .int(2), "verified": .bool(true), "negative": .int(-9_223_372_036_854_775_808),
                                            "off": .bool(false), "zeta": .string("z"), "Alpha": .string("A")]
        for (index, text) in Self.awkward.enumerated() {
            data["s\(index)"] = .string(text)
            data[text] = .int(Int64(index))
        }
        #expect(WebhookJSON.object(data) == (try Self.encoder().encode(data)))
        #expect(WebhookJSON.object([:]) == Data("{}".utf8))
    }

    @Test("A body: the encoder's bytes for the wire type, with and without a user reference, and it decodes to the event")
    func bodyMatchesTheEncoder() throws {
        let data: [String: WebhookValue] = ["decision": .string("verified"), "attemptsRemaining": .int(3)]
        for userRef in Self.awkward.map(Optional.some) + [nil] {
            let event = WebhookEvent(id: "evt_0123", type: .identityVerificationDecided, createdAtEpochMs: 1_764_000_000_123,
                                     environment: "test", userRef: userRef, data: data)
            let body = WebhookJSON.body(id: event.id, type: event.type.rawValue, createdAtEpochMs: event.createdAtEpochMs,
                                        environment: event.environment, userRef: userRef, data: WebhookJSON.object(data))
            #expect(body == (try Self.encoder().encode(event)), "userRef \(String(describing: userRef))")
            #expect(try JSONDecoder().decode(WebhookEvent.self, from: body) == event)
        }
    }

    @Test("Stored data that is not an object is refused, not spliced")
    func onlyObjectsAreSpliced() {
        #expect(WebhookJSON.isObject(Data(#"{"a":1}"#.utf8)))
        for bad in ["", "[]", "\"x\"", "{", "}", "null"] { #expect(!WebhookJSON.isObject(Data(bad.utf8)), "\(bad)") }
    }
}
