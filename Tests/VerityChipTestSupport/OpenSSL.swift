import Foundation

/// OpenSSL's command line, the independent party the chip's cryptography is
/// checked against: it makes the keys and signatures, Verity verifies them.
public struct OpenSSL: Sendable {
    public let directory: URL

    public init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("verity-chip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    public func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    public func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    public func write(_ name: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: directory.appendingPathComponent(name))
    }

    public func read(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    /// Runs `openssl` with `arguments` in the directory; fails on a non-zero exit.
    @discardableResult
    public func run(_ arguments: [String], input: [UInt8]? = nil) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        let errors = Pipe()
        let standardInput = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = standardInput
        try process.run()
        if let input { standardInput.fileHandleForWriting.write(Data(input)) }
        try standardInput.fileHandleForWriting.close()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw OpenSSLFailure(arguments: arguments, message: String(decoding: message, as: UTF8.self))
        }
        return [UInt8](bytes)
    }
}

public struct OpenSSLFailure: Error, CustomStringConvertible {
    public let arguments: [String]
    public let message: String
    public var description: String { "openssl \(arguments.joined(separator: " ")): \(message)" }
}
