import Foundation
import Logging
@testable import VerityKernel

/// Every log line the process writes during tests, rendered by Verity's own
/// JSON log handler, so tests can prove what the logs never contain.
public enum CapturedLogs {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var lines: [String] = []

    /// Installs the capturing handler (once per process).
    public static let install: Void = {
        LoggingSystem.bootstrap { label in
            JSONLogHandler(label: label, level: .trace) { line in
                lock.withLock { lines.append(line) }
            }
        }
    }()

    public static var all: [String] { lock.withLock { lines } }
}
