import Foundation
import Testing
@testable import VerityAdmin
@testable import VerityCore
@testable import VerityStore
import VerityTestSupport

/// `VERITY_SANCTIONS_FOLDER`: the real UN and BIS files dropped in a folder
/// are imported once, a changed file imports its differences, a malformed
/// one is refused with the list left as it was, and a file still being
/// written waits; housekeeping queues one read per interval, which a job runs.
@Suite("Sanctions folder")
struct SanctionsFolderTests {
    static let shared = ProcessInfo.processInfo.environment["VERITY_SANCTIONS_DIR"] ?? "../shared/data/sanctions"

    /// `name` in `folder`, written an hour ago (settled).
    static func put(_ bytes: Data, _ name: String, in folder: String, age: TimeInterval = 3_600) throws {
        let path = (folder as NSString).appendingPathComponent(name)
        try bytes.write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-age)], ofItemAtPath: path)
    }

    @Test func changedFilesAreImportedOnceAndABadOneLeavesItsListAsItWas() async throws {
        try await withVerityApp { app async throws in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sanctions-\(UUID())").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let un = try Data(contentsOf: URL(fileURLWithPath: Self.shared + "/un-consolidated-2026-02-27.xml"))
            try Self.put(un, "consolidated.xml", in: folder)
            try Self.put(try Data(contentsOf: URL(fileURLWithPath: Self.shared + "/us-bis-dpl.txt")), "dpl.txt", in: folder)
            try Self.put(Data("notes".utf8), "readme.md", in: folder)
            let sanctions = try app.operations.sanctions
            // The first read imports both lists.
            let first = try await sanctions.importFolder(folder)
            #expect(first.files.map(\.outcome) == ["imported", "imported", "skipped"], "\(first.files)")
            #expect(first.files.first { $0.name == "consolidated.xml" }?.list == SanctionsListID.unConsolidated)
            // The next changes nothing.
            #expect(try await sanctions.importFolder(folder).files.map(\.outcome) == ["unchanged", "unchanged", "skipped"])
            // A new version of the UN list: one entry removed, reported as its difference.
            var text = String(decoding: un, as: UTF8.self)
            let start = try #require(text.range(of: "<INDIVIDUAL>\n      <DATAID>6907993</DATAID>"))
            let end = try #require(text.range(of: "</INDIVIDUAL>", range: start.upperBound..<text.endIndex))
            text.removeSubrange(start.lowerBound..<end.upperBound)
            try Self.put(Data(text.utf8), "consolidated.xml", in: folder)
            let changed = try #require(try await sanctions.importFolder(folder).files.first { $0.name == "consolidated.xml" })
            #expect(changed.outcome == "imported" && changed.detail == "1002 entries, +0 -1 ~0", "\(changed)")
            // A broken file is refused, and the list stays at that version; a file written just now waits.
            try Self.put(Data("<CONSOLIDATED_LIST><INDIVIDUALS>".utf8), "consolidated.xml", in: folder)
            try Self.put(Data("\"Name\"\t\"Street_Address\"".utf8), "dpl.txt", in: folder, age: 5)
            let refused = try await sanctions.importFolder(folder)
            #expect(refused.files.first { $0.name == "consolidated.xml" }?.outcome == "refused")
            #expect(refused.files.first { $0.name == "dpl.txt" }?.outcome == "waiting")
            #expect(try await sanctions.sanctionsStatus(list: SanctionsListID.unConsolidated)?.entries == 1002)
            #expect(try await DatabaseText.count(app, "SELECT COUNT(*) AS n FROM audit_events WHERE action = 'sanctions.import' AND actor = 'folder'") == 3)
        }
    }

    @Test func housekeepingQueuesOneReadAnIntervalAndTheJobRecordsWhatItFound() async throws {
        try await withVerityApp { app async throws in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sanctions-\(UUID())").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try Self.put(try Data(contentsOf: URL(fileURLWithPath: Self.shared + "/us-bis-dpl.txt")), "dpl.txt", in: folder)
            let housekeeping = Housekeeping(db: app.app.db, abandonedAttemptMilliseconds: 600_000, sanctionsFolderMinutes: 15,
                                            protector: { try app.app.dataProtector })
            // A minute into this interval, so a minute later is still the same interval whatever the time of day.
            let interval: Int64 = 15 * 60_000
            let now = Int64(Date().timeIntervalSince1970 * 1000) / interval * interval + 60_000
            #expect(try await housekeeping.sweep(now: now).sanctionsFolderQueued)
            #expect(try await !housekeeping.sweep(now: now + 60_000).sanctionsFolderQueued, "one read an interval")
            let scan = try #require(try await SanctionsFolderScanModel.query(on: app.app.db).first())
            let job = SanctionsFolderJob(db: app.app.db, clock: .system, protector: try app.app.dataProtector, folder: folder, logger: app.app.logger)
            try await job.run(subject: try scan.requireID())
            let finished = try #require(try await SanctionsFolderScanRepository(db: app.app.db).recent(limit: 1).first)
            #expect(finished.report?.contains("\"outcome\":\"imported\"") == true && finished.report?.contains("us-bis-dpl") == true)
            #expect(try await app.operations.sanctions.sanctionsStatus(list: SanctionsListID.usDeniedPersons)?.entries == 413)
        }
    }
}
