import Foundation

/// Runs a program without holding a thread while it runs.
///
/// Tests run every Verity server in the test process, on Swift's cooperative
/// thread pool: one thread per core, two on the CI machine. A child that
/// talks to one of those servers (a browser script, a metrics scraper, the
/// `verity` CLI on the same database) must not be waited for by blocking a
/// pool thread: with both blocked, every server in the process stops
/// answering, its child included, until something times out. So the
/// output goes to files and the exit is awaited through the termination
/// handler, not `readDataToEndOfFile` and `waitUntilExit` (which on Linux
/// also spins the calling thread's run loop).
public enum ChildProcess {
    public struct Result: Sendable {
        public let status: Int32
        public let output: Data
        public let errors: Data

        public var outputText: String { String(decoding: output, as: UTF8.self) }
        public var errorText: String { String(decoding: errors, as: UTF8.self) }
        /// The last line the program printed: where the test scripts put their JSON result.
        public var lastLine: String { outputText.split(separator: "\n").last.map(String.init) ?? "" }
    }

    /// Runs `executable` to its end. `environment` replaces the process's;
    /// `errorsIntoOutput` interleaves stderr with stdout, as a terminal would.
    public static func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil,
                           environment: [String: String]? = nil, errorsIntoOutput: Bool = false) async throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("verity-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputFile = folder.appendingPathComponent("stdout"), errorFile = folder.appendingPathComponent("stderr")
        for file in [outputFile, errorFile] where !FileManager.default.createFile(atPath: file.path, contents: nil) {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
        let output = try FileHandle(forWritingTo: outputFile), errors = try FileHandle(forWritingTo: errorFile)
        defer {
            try? output.close()
            try? errors.close()
        }

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errorsIntoOutput ? output : errors
        let status: Int32 = try await withCheckedThrowingContinuation { finished in
            process.terminationHandler = { finished.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                finished.resume(throwing: error)
            }
        }
        return Result(status: status, output: try Data(contentsOf: outputFile), errors: try Data(contentsOf: errorFile))
    }

    /// Runs one of the project's Python test scripts with the test virtualenv's
    /// interpreter; the scripts take their time limits from `TestDeadlines`.
    public static func python(_ script: String, _ arguments: [String]) async throws -> Result {
        let environment = ProcessInfo.processInfo.environment.merging(TestDeadlines.scriptEnvironment) { _, ours in ours }
        return try await run(URL(fileURLWithPath: ".venv/bin/python"), [script] + arguments, environment: environment)
    }
}
