import Foundation
import VerityAPI
import VerityCore
import VerityKernel

/// Event data and delivery bodies, written byte by byte: every outcome with
/// a listener drafts one and every delivery sends one, and `JSONEncoder`
/// (with a decode of the stored data before it) cost a tenth of a
/// millisecond of each, on the cores the verifications run on
/// (`docs/benchmarks.md`). The output is the encoder's: keys sorted, slashes
/// not escaped, nil members left out.
enum WebhookJSON {
    /// `data` as one JSON object, keys sorted.
    static func object(_ data: [String: WebhookValue]) -> Data {
        var out: [UInt8] = [UInt8(ascii: "{")]
        out.reserveCapacity(64 * (data.count + 1))
        for (index, member) in data.sorted(by: { $0.key < $1.key }).enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendString(member.key, to: &out)
            out.append(UInt8(ascii: ":"))
            switch member.value {
            case .string(let value): appendString(value, to: &out)
            case .int(let value): out.append(contentsOf: String(value).utf8)
            case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
            }
        }
        out.append(UInt8(ascii: "}"))
        return Data(out)
    }

    /// A delivery's body (`VerityAPI.WebhookEvent` on the wire) around
    /// `data`, the event's stored object, copied as it is.
    static func body(id: String, type: String, createdAtEpochMs: Int64, environment: String, userRef: String?,
                     data: Data) -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(160 + data.count + (userRef?.utf8.count ?? 0))
        out.append(contentsOf: #"{"createdAtEpochMs":"#.utf8)
        out.append(contentsOf: String(createdAtEpochMs).utf8)
        out.append(contentsOf: #","data":"#.utf8)
        out.append(contentsOf: data)
        out.append(contentsOf: #","environment":"#.utf8)
        appendString(environment, to: &out)
        out.append(contentsOf: #","id":"#.utf8)
        appendString(id, to: &out)
        out.append(contentsOf: #","type":"#.utf8)
        appendString(type, to: &out)
        if let userRef {
            out.append(contentsOf: #","userRef":"#.utf8)
            appendString(userRef, to: &out)
        }
        out.append(UInt8(ascii: "}"))
        return Data(out)
    }

    /// Whether `data` is a stored object as `object` writes it (an event
    /// row's `data`): braces at both ends, nothing else to splice.
    static func isObject(_ data: Data) -> Bool {
        data.first == UInt8(ascii: "{") && data.last == UInt8(ascii: "}")
    }

    /// `text` as a JSON string: quote and backslash escaped, control
    /// characters as `\n`, `\t`, … or `\u00XX`; everything else as UTF-8.
    static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case 0x0A: out.append(contentsOf: #"\n"#.utf8)
            case 0x0D: out.append(contentsOf: #"\r"#.utf8)
            case 0x09: out.append(contentsOf: #"\t"#.utf8)
            case 0x08: out.append(contentsOf: #"\b"#.utf8)
            case 0x0C: out.append(contentsOf: #"\f"#.utf8)
            case 0..<0x20:
                out.append(contentsOf: (#"\u00"# + [byte].hexString).utf8)
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
