/// One imported version of a list, as a match and an audit line name it: the
/// publisher's date and the file's own hash, which together say exactly which
/// list a decision was made against.
public struct SanctionsListVersion: Sendable, Codable, Equatable, Hashable, CustomStringConvertible {
    /// The publication date the file gives (`YYYY-MM-DD`); nil when it gives none (OFAC's CSVs).
    public var published: String?
    /// SHA-256 of the imported file(s), hex.
    public var sha256: String

    public init(published: String?, sha256: String) {
        self.published = published
        self.sha256 = sha256
    }

    /// `2026-02-27 sha256:1a2b3c4d5e6f` (what an audit line and the console print).
    public var description: String { (published.map { $0 + " " } ?? "") + "sha256:" + sha256.prefix(12) }
}
