import Foundation
import VerityAdmin

/// The images the demo's first week uses: documents of the registry's people
/// rendered by `scripts/generate-demo-documents.sh` (with real face photos),
/// and public specimens of real passports and ID cards, when their folders
/// are there. A missing folder leaves its steps out, said in the record.
struct DemoDocuments: Sendable {
    /// `tools/docgen/fixtures.py`'s folder.
    let generatedFolder: String
    /// The public MRZ specimens (`../shared/data/documents/mrz-specimens`).
    let specimenFolder: String

    struct Missing: Error, CustomStringConvertible {
        let path: String
        var description: String { "\(path) is missing (scripts/generate-demo-documents.sh renders the generated ones)" }
    }

    /// A generated file (`john-smith-passport-front.png`).
    func generated(_ name: String) throws -> Data {
        try read((generatedFolder as NSString).appendingPathComponent(name))
    }

    /// A real specimen's picture (`DemoSpecimens`).
    func specimen(_ specimen: DemoSpecimens.Specimen) throws -> Data {
        try read((specimenFolder as NSString).appendingPathComponent(specimen.file))
    }

    private func read(_ path: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: path) else { throw Missing(path: path) }
        return data
    }
}
