import Foundation

/// Where the SDK keeps what identifies this install and its user: the device
/// identifier, the device token, private keys and certificates. Values are
/// small secrets; a store must keep them from other apps and users.
///
/// ``FileKeyStore`` is the Linux store (files readable by the owner only). On
/// Apple platforms, back the same three calls with the Keychain (and create
/// the signing key in the Secure Enclave where the app needs it).
public protocol KeyStore: Sendable {
    /// The value stored under `name`, or nil.
    func read(_ name: String) throws -> Data?
    /// Stores `value` under `name`, replacing any earlier value.
    func write(_ name: String, _ value: Data) throws
    /// Removes `name`; no error when it is absent.
    func delete(_ name: String) throws
}

/// A ``KeyStore`` in a folder of its own: the folder is mode 0700 and every
/// file 0600, written atomically (a crash never leaves half a key).
public struct FileKeyStore: KeyStore {
    public let directory: URL

    /// Creates the folder (0700) if needed.
    public init(directory: URL) throws {
        self.directory = directory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
    }

    public func read(_ name: String) throws -> Data? {
        let url = try file(name)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Data(contentsOf: url)
    }

    public func write(_ name: String, _ value: Data) throws {
        let url = try file(name)
        let temporary = directory.appendingPathComponent(".\(name).\(UUID().uuidString).tmp")
        // Created 0600 before any byte is written, synced, then renamed over the old file.
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw CertificationError(code: .keyStoreError, message: "the key store could not write \(name)") }
        let written = value.withUnsafeBytes { bytes in bytes.isEmpty ? 0 : Foundation.write(descriptor, bytes.baseAddress, bytes.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == value.count, synced, rename(temporary.path, url.path) == 0 else {
            unlink(temporary.path)
            throw CertificationError(code: .keyStoreError, message: "the key store could not write \(name)")
        }
    }

    public func delete(_ name: String) throws {
        let url = try file(name)
        if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
    }

    private func file(_ name: String) throws -> URL {
        guard !name.isEmpty, name.count <= 200, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }),
              !name.hasPrefix(".") else {
            throw CertificationError(code: .keyStoreError, message: "key store names are letters, digits, '-', '_' or '.'")
        }
        return directory.appendingPathComponent(name)
    }
}
