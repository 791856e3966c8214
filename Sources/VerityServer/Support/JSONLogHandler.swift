import Foundation
import Logging

/// One JSON object per line on standard error: time, level, label, message
/// and metadata. Callers log ids and codes only, never PII, keys or tokens.
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
        var fields: [String: String] = [
            "time": ISO8601DateFormatter.logFormatter.string(from: Date()),
            "level": event.level.rawValue,
            "label": label,
            "message": Self.redactingCredentials(event.message.description),
        ]
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        for (key, value) in merged { fields[key] = Self.redactingCredentials(Self.flatten(value)) }
        guard let line = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]) else { return }
        write(String(decoding: line, as: UTF8.self))
    }

    /// Defence in depth: whatever a library logs, a bearer credential or a
    /// secret key never reaches the log.
    public static func redactingCredentials(_ text: String) -> String {
        guard text.contains("Bearer") || text.contains("vk_") else { return text }
        var result = text.replacingOccurrences(of: #"Bearer\s+[^\s;,"]+"#, with: "Bearer [redacted]", options: .regularExpression)
        result = result.replacingOccurrences(of: #"vk_(test|live)_[0-9A-Za-z]+"#, with: "vk_$1_[redacted]", options: .regularExpression)
        return result
    }

    static func flatten(_ value: Logger.Metadata.Value) -> String {
        switch value {
        case .string(let text): text
        case .stringConvertible(let convertible): convertible.description
        case .array(let values): "[" + values.map(flatten).joined(separator: ",") + "]"
        case .dictionary(let dict): "{" + dict.sorted { $0.key < $1.key }.map { "\($0.key)=\(flatten($0.value))" }.joined(separator: ",") + "}"
        }
    }
}

extension ISO8601DateFormatter {
    nonisolated(unsafe) static let logFormatter: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()
}
