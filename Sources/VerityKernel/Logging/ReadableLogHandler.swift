import Foundation
import Logging

/// One short line per event for a person at a terminal (`verity demo`, or
/// `VERITY_LOG_FORMAT=text`): the time, the level when it is not plain
/// news, the message, then its metadata as key=value. Credentials are
/// redacted as in the JSON lines.
public struct ReadableLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level
    let write: @Sendable (String) -> Void

    public init(level: Logger.Level,
                write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }) {
        self.logLevel = level
        self.write = write
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let time = String(LogTimestamp.now().dropFirst(11).prefix(8))   // HH:mm:ss of the ISO time
        var line = time + " "
        if event.level >= .warning { line += event.level.rawValue.uppercased() + " " }
        line += JSONLogHandler.redactingCredentials(event.message.description)
        let merged = event.metadata.map { metadata.merging($0) { _, new in new } } ?? metadata
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) where key != "request_id" {
            line += "  \(key)=\(LogRedaction.value(value, forKey: key))"
        }
        write(line)
    }
}
