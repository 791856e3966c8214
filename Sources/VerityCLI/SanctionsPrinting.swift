import ArgumentParser
import Foundation
import VerityAPI
import VerityCore
import VerityAdmin

/// How `verity sanctions` prints what it did.
enum SanctionsPrinting {
    /// At most this many entries of each kind of change are printed (all of them with --json).
    static let shown = 20

    /// `--list`'s value as a list's id; a usage error (64) otherwise.
    static func listID(_ text: String) throws -> String {
        do { return try SanctionsListID.parse(text) } catch { throw ValidationError("--list: \(error.message)") }
    }

    static func imported(_ report: SanctionsImportReport) {
        let version = SanctionsListVersion(published: report.published, sha256: report.sha256)
        if report.unchanged {
            print("\(report.title): \(report.source) is the current version already (\(version), \(report.entries) entries); nothing changed.")
            return
        }
        var parts = ["\(report.title): \(report.entries) entries"]
        if let names = report.alternateNames { parts.append("\(names) alternate names") }
        if let addresses = report.addresses { parts.append("\(addresses) addresses") }
        print(parts.joined(separator: ", ") + ", version \(version), imported \(report.importedAt) (version number \(report.version)).")
        for note in report.leftOut { print("  left out: \(note)") }
        guard !report.first else { print("  the list's first version: screening now uses it."); return }
        changes(added: report.added, removed: report.removed, changed: report.changed)
    }

    /// What a version added, removed and changed since the one before, entry by entry (twenty of each).
    static func changes(added: [SanctionsEntryReference], removed: [SanctionsEntryReference], changed: [SanctionsEntryReference]) {
        print("  since the version before: \(added.count) added, \(removed.count) removed, \(changed.count) changed.")
        for (label, entries) in [("added", added), ("removed", removed), ("changed", changed)] {
            for entry in entries.prefix(shown) { print("  \(label)  \(entry.reference)  \(entry.name)") }
            if entries.count > shown { print("  … and \(entries.count - shown) more \(label) (--json lists them all)") }
        }
    }
}
