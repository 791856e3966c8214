import Foundation
import Logging

/// One JSON object per line on standard error: time, level, label, message
/// and metadata. Callers log ids and codes only, never PII, keys or tokens.
/// Every request logs through here, so lines are built by hand, not by
/// JSONSerialization.
public struct JSONLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level
    let label: String
    let write: @Sendable (String) -> Void

    /// `write` receives each line without its newline; standard error by default.
    public init(label: String, level: Logger.Level,
                write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }) {
        self.label = label
        self.logLevel = level
        self.write = write
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var fields: [(String, String)] = [
            ("time", LogTimestamp.now()), ("level", event.level.rawValue), ("label", label),
            ("message", Self.redactingCredentials(event.message.description)),
        ]
        let merged = event.metadata.map { metadata.merging($0) { _, new in new } } ?? metadata
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
            fields.append((key, LogRedaction.value(value, forKey: key)))
        }
        var line = "{"
        for (index, (key, value)) in fields.enumerated() {
            if index > 0 { line += "," }
            Self.appendQuoted(key, to: &line)
            line += ":"
            Self.appendQuoted(value, to: &line)
        }
        line += "}"
        write(line)
    }

    /// Defence in depth: whatever a library logs, a credential never
    /// reaches the log (`LogRedaction`).
    public static func redactingCredentials(_ text: String) -> String { LogRedaction.redactingCredentials(text) }

    static func flatten(_ value: Logger.Metadata.Value) -> String {
        switch value {
        case .string(let text): text
        case .stringConvertible(let convertible): convertible.description
        case .array(let values): "[" + values.map(flatten).joined(separator: ",") + "]"
        case .dictionary(let dict): "{" + dict.sorted { $0.key < $1.key }.map { "\($0.key)=\(flatten($0.value))" }.joined(separator: ",") + "}"
        }
    }

    /// A JSON string literal (RFC 8259 escaping).
    static func appendQuoted(_ text: String, to line: inout String) {
        line.append("\"")
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": line.append("\\\"")
            case "\\": line.append("\\\\")
            case "\n": line.append("\\n")
            case "\r": line.append("\\r")
            case "\t": line.append("\\t")
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                line.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default: line.unicodeScalars.append(scalar)
            }
        }
        line.append("\"")
    }
}

/// UTC timestamps with milliseconds, e.g. 2026-11-21T23:40:28.716Z.
enum LogTimestamp {
    static func now() -> String {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        var parts = tm()
        var seconds = time.tv_sec
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(Int(parts.tm_year) + 1900, 4))-\(pad(Int(parts.tm_mon) + 1, 2))-\(pad(Int(parts.tm_mday), 2))T"
            + "\(pad(Int(parts.tm_hour), 2)):\(pad(Int(parts.tm_min), 2)):\(pad(Int(parts.tm_sec), 2))."
            + "\(pad(time.tv_nsec / 1_000_000, 3))Z"
    }
}
