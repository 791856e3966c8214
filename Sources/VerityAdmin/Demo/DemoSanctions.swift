import VerityCore

/// The one entry the demo adds to OFAC's list: a fictional person, so the
/// demo's history can show a sanctions candidate without naming a real one.
/// No real passport names "NOBODY KNOWN"; the demo's generated one does
/// (`tools/docgen/fixtures.py`), and its programme says what the entry is.
enum DemoSanctions {
    /// Far above OFAC's entity numbers, so it never takes one of theirs.
    static let fictionalEntry = SanctionsEntry(
        id: 990_000_001, name: "KNOWN, Nobody", kind: .individual, programs: ["VERITY-DEMO (fictional)"],
        nationalities: ["Atlantis"])
    /// What the list's source says after the files' names.
    static let sourceSuffix = " + the demo's fictional entry"
}
