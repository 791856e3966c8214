import Fluent
import Foundation
import VerityStore
import VerityCore
import VerityKernel

/// Backups of Verity's database while servers serve (`verity backup`) and
/// their restore into a fresh deployment (`verity restore`).
///
/// - SQLite: `VACUUM INTO`, one consistent snapshot of the file taken in a
///   read transaction (writers go on), compacted, without the write-ahead log;
///   restored by copying it in as `verity.sqlite` before a server starts.
/// - PostgreSQL: `pg_dump` in its custom format (one consistent snapshot);
///   restored with `pg_restore` into an empty database.
///
/// A backup holds everything sealed as it is sealed: it opens only with the
/// data key of its time (`VERITY_DATA_KEY`), which is not in it.
public enum VerityBackup {
    public struct Made: Codable, Sendable {
        public var path: String
        public var bytes: Int
        /// `sqlite` or `postgresql`.
        public var database: String
    }

    /// Writes a backup of `db` to `path`, which must not exist.
    public static func make(db: any Database, settings: Settings, to path: String) async throws -> Made {
        guard !FileManager.default.fileExists(atPath: path) else {
            throw VerityError.invalid("output", "\(path) exists already: a backup never overwrites a file")
        }
        let database: String
        if let url = settings.databaseURL {
            database = "postgresql"
            let (address, password) = PostgresClientAddress.split(url)
            try run("pg_dump", ["--format=custom", "--no-owner", "--file=\(path)", "--dbname=\(address)"], password: password)
        } else {
            database = "sqlite"
            try await DatabaseProbe(db: db).copySQLite(to: path)
        }
        // A backup holds everyone's sealed data: readable by its owner only.
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        return Made(path: path, bytes: bytes, database: database)
    }

    /// Restores the backup at `path` into `settings`' database, which must be
    /// empty (no server may be running on it): the SQLite file is copied in,
    /// or `pg_restore` fills the PostgreSQL database. Servers then start as
    /// usual and run the migrations a newer version brings.
    public static func restore(from path: String, settings: Settings) throws {
        guard FileManager.default.fileExists(atPath: path) else { throw VerityError.invalid("input", "no file at \(path)") }
        if let url = settings.databaseURL {
            let (address, password) = PostgresClientAddress.split(url)
            try run("pg_restore", ["--no-owner", "--exit-on-error", "--single-transaction", "--dbname=\(address)", path], password: password)
            return
        }
        let target = settings.sqlitePath
        guard !FileManager.default.fileExists(atPath: target) else {
            throw VerityError.invalid("input", "\(target) exists: restore into an empty data folder (VERITY_DATA_DIR), with no server running")
        }
        try PrivateFiles.makeFolder(settings.dataDirectory)
        try FileManager.default.copyItem(atPath: path, toPath: target)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target)
    }

    /// Runs a PostgreSQL client tool found on PATH; its error output becomes the error.
    /// `password` reaches the tool through its environment (`PGPASSWORD`),
    /// never its command line, which every user of the machine can read in `ps`.
    private static func run(_ tool: String, _ arguments: [String], password: String?) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        var environment = ProcessInfo.processInfo.environment
        if let password { environment["PGPASSWORD"] = password }
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw VerityError(.serviceUnavailable, "\(tool) could not be started: install the PostgreSQL client tools (postgresql-client)")
        }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            // The tools name the database URL in some errors: its password must not reach a terminal or log.
            let line = message.split(separator: "\n").first.map(String.init) ?? "exit \(process.terminationStatus)"
            throw VerityError(.serviceUnavailable, "\(tool) failed: \(redactingPasswords(line))")
        }
    }

    public static func redactingPasswords(_ text: String) -> String {
        text.replacingOccurrences(of: #"://([^:/@\s]+):[^@\s]+@"#, with: "://$1:***@", options: .regularExpression)
    }
}

/// A PostgreSQL URL as the client tools get it: the address on the command
/// line, the password apart.
public enum PostgresClientAddress {
    /// `url` without its password, and the password (percent-decoded), if any.
    public static func split(_ url: String) -> (address: String, password: String?) {
        guard var components = URLComponents(string: url), let password = components.password else { return (url, nil) }
        components.password = nil
        return (components.string ?? url, password)
    }
}
