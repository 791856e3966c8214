import Foundation

/// Runs the openssl command line tool: the independent check of everything VerityPKI writes.
public enum OpenSSL {
    public struct Result: Sendable {
        public let status: Int32
        public let output: String

        public init(status: Int32, output: String) {
            self.status = status
            self.output = output
        }
    }

    public static func run(_ arguments: [String], in directory: URL) throws -> Result {
        try run(executable: URL(fileURLWithPath: "/usr/bin/openssl"), arguments, in: directory)
    }

    /// Any command, its output and error interleaved; `environment` replaces the process's.
    public static func run(executable: URL, _ arguments: [String], in directory: URL? = nil,
                           environment: [String: String]? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    public static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("verity-pki-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
