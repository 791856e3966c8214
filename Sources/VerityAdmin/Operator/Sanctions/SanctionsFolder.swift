import Foundation
import VerityCore

/// What one read of the sanctions folder found, file by file.
public struct SanctionsFolderReport: Codable, Sendable, Equatable {
    public struct File: Codable, Sendable, Equatable {
        public var name: String
        /// `imported`, `unchanged`, `refused`, `skipped` or `waiting` (changed in the last minute: read next time).
        public var outcome: String
        public var list: String?
        public var detail: String
    }

    public var files: [File] = []
}

/// `VERITY_SANCTIONS_FOLDER` as the server reads it: `sdn.csv` (with `alt.csv`
/// and `add.csv` beside it) is OFAC's list, and every other `.xml`, `.txt` or
/// `.csv` file is recognised from its content (the UN's XML, BIS's DPL).
/// Hidden files and partial downloads (`.part`, `.tmp`, `~`) are left alone,
/// and so is a file changed in the last minute: it may still be being written
/// (copy the file beside and rename it in).
struct SanctionsFolder {
    let path: String
    let now: Date

    static let maximumBytes = 64 * 1024 * 1024
    static let settleSeconds: TimeInterval = 60
    static let ofacSupplements: Set<String> = ["alt.csv", "add.csv"]

    /// The lists the folder holds, each with its files read, and the files left alone with why.
    func lists() throws -> (lists: [(name: String, files: SanctionsListFiles)], leftAlone: [SanctionsFolderReport.File]) {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: path).sorted() } catch {
            throw VerityError(.serviceUnavailable, "the sanctions folder \(path) cannot be read")
        }
        var lists: [(name: String, files: SanctionsListFiles)] = []
        var leftAlone: [SanctionsFolderReport.File] = []
        func skip(_ name: String, _ outcome: String, _ why: String) { leftAlone.append(.init(name: name, outcome: outcome, list: nil, detail: why)) }
        for name in names {
            let lower = name.lowercased()
            if name.hasPrefix(".") || lower.hasSuffix(".part") || lower.hasSuffix(".tmp") || name.hasSuffix("~") { continue }
            guard [".xml", ".txt", ".csv"].contains(where: lower.hasSuffix) else { skip(name, "skipped", "not .xml, .txt or .csv"); continue }
            if Self.ofacSupplements.contains(lower) { continue }   // read with sdn.csv
            let group = lower == "sdn.csv" ? [name] + names.filter { Self.ofacSupplements.contains($0.lowercased()) } : [name]
            do {
                let files = try group.map { try read($0) }
                var list = SanctionsListFiles(main: files[0], source: group.joined(separator: " + "))
                if lower == "sdn.csv" {
                    list.list = SanctionsListID.ofacSDN
                    for (file, bytes) in zip(group, files).dropFirst() {
                        if file.lowercased() == "alt.csv" { list.alternateNames = bytes } else { list.addresses = bytes }
                    }
                } else if list.recognisedList == SanctionsListID.ofacSDN {
                    skip(name, "skipped", "not a list Verity recognises by its content (OFAC's list is read from a file named sdn.csv)")
                    continue
                }
                lists.append((name, list))
            } catch let waiting as Waiting {
                skip(waiting.name, "waiting", "changed in the last minute: read at the next interval")
            } catch {
                skip(name, "skipped", (error as? VerityError)?.message ?? "cannot be read")
            }
        }
        return (lists, leftAlone)
    }

    struct Waiting: Error { let name: String }

    func read(_ name: String) throws -> [UInt8] {
        let file = (path as NSString).appendingPathComponent(name)
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        guard attributes[.type] as? FileAttributeType == .typeRegular else { throw VerityError.invalid("file", "not a regular file") }
        if let size = attributes[.size] as? Int, size > Self.maximumBytes {
            throw VerityError.invalid("file", "larger than \(Self.maximumBytes / 1_048_576) MB")
        }
        if let modified = attributes[.modificationDate] as? Date, now.timeIntervalSince(modified) < Self.settleSeconds { throw Waiting(name: name) }
        guard let data = FileManager.default.contents(atPath: file) else { throw VerityError.invalid("file", "cannot be read") }
        return Array(data)
    }
}

extension SanctionsOperations {
    /// Reads the folder and imports each list whose files changed (the same
    /// files as the current version change nothing); a refused file leaves
    /// its list as it was. Audited as `folder`.
    public func importFolder(_ path: String) async throws -> SanctionsFolderReport {
        let found = try SanctionsFolder(path: path, now: Date(timeIntervalSince1970: Double(clock.nowMillis()) / 1000)).lists()
        var report = SanctionsFolderReport(files: found.leftAlone)
        for (name, files) in found.lists {
            do {
                let imported = try await importSanctions(files, actor: "folder") { _, _ in }
                report.files.append(.init(name: name, outcome: imported.unchanged ? "unchanged" : "imported", list: imported.list,
                                          detail: imported.unchanged ? "the current version already"
                                              : "\(imported.entries) entries, +\(imported.added.count) -\(imported.removed.count) ~\(imported.changed.count)"))
            } catch let error as VerityError {
                report.files.append(.init(name: name, outcome: "refused", list: files.recognisedList, detail: error.message))
            }
        }
        report.files.sort { $0.name < $1.name }
        return report
    }
}
