import Foundation

/// Documents of the registry's people (scripts/generate-test-documents.sh,
/// tools/docgen/fixtures.py): John Smith's passport and licence, Maria
/// García's, and those of someone no registry knows, with selfies.
public enum DocumentFixtures {
    public static var directory: String {
        ProcessInfo.processInfo.environment["VERITY_DOCGEN_FIXTURES_DIR"] ?? ".build/docgen-fixtures"
    }

    /// The bytes of `name` (e.g. "john-smith-passport-front.png").
    public static func data(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: directory).appendingPathComponent(name))
    }
}

/// Real documents no one on the project made: the public MRZ specimens beside
/// the project (`../shared/data/documents/mrz-specimens`). Tests read them;
/// nothing trains on them.
public enum SpecimenFiles {
    public static var directory: String {
        ProcessInfo.processInfo.environment["VERITY_SPECIMENS_DIR"]
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../../shared/data/documents/mrz-specimens").standardizedFileURL.path
    }

    /// The path of `name` under the specimens (e.g. "passports/Canada.png").
    public static func path(_ name: String) -> String {
        URL(fileURLWithPath: directory).appendingPathComponent(name).path
    }
}
