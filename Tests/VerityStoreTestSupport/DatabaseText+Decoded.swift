import Foundation
import SQLKit

extension DatabaseText {
    /// Whether the database holds `text` as it is, or inside something that
    /// hides it from a plain search: base64 (a PEM, a JSON blob) or
    /// PostgreSQL's `bytea` hex, decoded first, and DER (whose strings are
    /// the text's own bytes, so a decoded certificate or CSR shows them).
    public static func holdsDecoded(_ app: some DatabaseUnderTest, _ text: String) async throws -> Bool {
        let needle = Data(text.utf8)
        for haystack in try await rawContents(app) {
            if haystack.range(of: needle) != nil { return true }
            for decoded in decodedRuns(in: haystack) where decoded.range(of: needle) != nil { return true }
        }
        return false
    }

    /// The SQLite file and its log; or PostgreSQL's rows as text and a
    /// plain `pg_dump` of the database, as a backup would hold it.
    static func rawContents(_ app: some DatabaseUnderTest) async throws -> [Data] {
        guard let sql = app.db as? any SQLDatabase else { return [] }
        if sql.dialect.name == "sqlite" {
            try await sql.raw("PRAGMA wal_checkpoint(PASSIVE)").run()
            return ["verity.sqlite", "verity.sqlite-wal"].compactMap { name in
                FileManager.default.contents(atPath: (app.dataDirectory as NSString).appendingPathComponent(name))
            }
        }
        var contents = [Data(try await dump(app).utf8)]
        if let url = app.postgresURL {
            let dumped = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["pg_dump", "--format=plain", "--no-owner", "--dbname=\(url)"])
            guard dumped.status == 0, !dumped.output.isEmpty else { throw PostgresDumpFailed(status: dumped.status) }
            contents.append(dumped.output)
        }
        return contents
    }

    /// Every run of base64 (line breaks inside allowed, as in a PEM) and of
    /// hex long enough to hide a word, decoded.
    static func decodedRuns(in data: Data) -> [Data] {
        runs(in: data, of: { isHex($0) || isBase64Letter($0) }, joiningLines: true).flatMap(base64Decodings)
            + runs(in: data, of: isHex, joiningLines: false).map(hexDecoding)
    }

    private static func isHex(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) || (0x41...0x46).contains(byte) }
    private static func isBase64Letter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2B || byte == 0x2F || byte == 0x3D
    }

    /// Maximal runs of bytes `accepted` says belong, 16 or longer.
    private static func runs(in data: Data, of accepted: (UInt8) -> Bool, joiningLines: Bool) -> [[UInt8]] {
        var found: [[UInt8]] = [], current: [UInt8] = []
        for byte in data {
            if accepted(byte) { current.append(byte); continue }
            if joiningLines, byte == 0x0A || byte == 0x0D, !current.isEmpty { continue }
            if current.count >= 16 { found.append(current) }
            current.removeAll(keepingCapacity: true)
        }
        if current.count >= 16 { found.append(current) }
        return found
    }

    /// The run decoded from each of its four alignments (it may begin inside a quantum).
    private static func base64Decodings(_ run: [UInt8]) -> [Data] {
        (0..<4).compactMap { offset in
            let body = run.dropFirst(offset)
            let usable = body.prefix(body.count - body.count % 4)
            return Data(base64Encoded: Data(usable), options: .ignoreUnknownCharacters)
        }
    }

    private static func hexDecoding(_ run: [UInt8]) -> Data {
        var bytes = Data(capacity: run.count / 2)
        var index = 0
        while index + 1 < run.count {
            if let byte = UInt8(String(decoding: run[index...index + 1], as: UTF8.self), radix: 16) { bytes.append(byte) }
            index += 2
        }
        return bytes
    }
}

/// `pg_dump` did not run (the PostgreSQL client tools must be on PATH).
public struct PostgresDumpFailed: Error {
    public let status: Int32
}
