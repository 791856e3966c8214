import Foundation
import VerityAPI
import VerityCore
import VerityStore

/// What an import did, or what a version changed: the version, and every
/// entry added, removed and changed, by its reference and name (what
/// `verity sanctions import` and `verity sanctions changes` print).
public struct SanctionsImportReport: Codable, Sendable {
    public var list: String
    public var title: String
    public var source: String
    public var published: String?
    public var sha256: String
    /// ISO 8601: when this version was imported.
    public var importedAt: String
    /// The version number (the import's time in milliseconds), for `verity sanctions changes --version`.
    public var version: Int64
    public var entries: Int
    /// The file was the current version already: nothing changed.
    public var unchanged: Bool
    /// The list's first version: nothing to compare with.
    public var first: Bool
    public var added: [SanctionsEntryReference]
    public var removed: [SanctionsEntryReference]
    public var changed: [SanctionsEntryReference]
    /// OFAC's alt.csv and add.csv rows joined (nil for other lists, and for a version read back).
    public var alternateNames: Int?
    public var addresses: Int?
    public var leftOut: [String]

    init(_ imported: SanctionsRepository.Imported, read: SanctionsListFiles.Read?, source: String) {
        let version = imported.version
        list = version.list
        title = SanctionsListID.title(version.list)
        self.source = source
        published = version.published
        sha256 = version.sha256
        importedAt = Date(timeIntervalSince1970: Double(version.importedAt) / 1000).ISO8601Format()
        self.version = version.version
        entries = version.entries
        unchanged = imported.unchanged
        first = imported.first
        added = imported.diff.added.map(SanctionsEntryReference.init)
        removed = imported.diff.removed.map(SanctionsEntryReference.init)
        changed = imported.diff.changed.map(SanctionsEntryReference.init)
        let isOFAC = version.list == SanctionsListID.ofacSDN && read != nil
        alternateNames = isOFAC ? read?.alternateNames : nil
        addresses = isOFAC ? read?.addresses : nil
        leftOut = read?.file.leftOut ?? []
    }
}
