#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Folders and files only their owner may read, made so from their first
/// byte: the data folder (the SQLite file, its write-ahead log, the data key
/// of the demo, `demo-keys.json`, CA key files) holds every secret Verity keeps.
/// A mode set after the file is written would leave a window in which anyone
/// on the machine could open it, and a file opened then stays open.
public enum PrivateFiles {
    /// The process's file-creation mask: everything it creates afterwards,
    /// through any library (SQLite's file and log, Foundation, a C shim), is
    /// its owner's alone. The CLI sets it before anything else runs.
    public static func restrictNewFiles() {
        umask(0o077)
    }

    /// Makes `path` (and missing parents) readable by its owner only; an
    /// existing folder keeps its mode, as its owner chose it.
    public static func makeFolder(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
    }

    /// Writes `data` to `path` atomically, created with `mode` (0600 unless a
    /// certificate, which anyone may read): written to a new file made with
    /// that mode, synced, then renamed over `path`.
    public static func write(_ data: Data, to path: String, mode: mode_t = 0o600) throws {
        let temporary = path + ".tmp-" + UUID().uuidString
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw PrivateFileError(path: path, errno: errno) }
        var failure: Int32 = 0
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        // umask may have narrowed the mode; a certificate is meant to be read.
        if failure == 0, chmod(temporary, mode) != 0 { failure = errno }
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw PrivateFileError(path: path, errno: failure)
        }
    }
}

/// A file Verity keeps private could not be written.
public struct PrivateFileError: Error, CustomStringConvertible {
    public let path: String
    public let errno: Int32
    public var description: String { "\(path) could not be written: \(String(cString: strerror(errno)))" }
}
