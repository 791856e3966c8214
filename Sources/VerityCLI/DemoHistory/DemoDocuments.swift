import Foundation
import VerityAPI

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

    /// A real specimen as a user would send it: its country and type, the picture as both sides.
    struct Specimen: Sendable {
        let file: String
        let country: String
        let type: IdDocumentType
    }

    /// Passports and ID cards of six countries; Malta's is wrong on purpose (its check digits do not hold).
    /// The demo's environment verifies documents from these countries (`DemoSetup.specimenCountries`).
    static let specimens = [
        Specimen(file: "passports/Japan.png", country: "JP", type: .passport),
        Specimen(file: "passports/Canada.png", country: "CA", type: .passport),
        Specimen(file: "passports/Czech_Republic.png", country: "CZ", type: .passport),
        Specimen(file: "id_cards/Spain.png", country: "ES", type: .idCard),
        Specimen(file: "id_cards/Sweden.png", country: "SE", type: .idCard),
        Specimen(file: "id_cards/Malta_BAD.png", country: "MT", type: .idCard),
    ]

    func specimen(_ specimen: Specimen) throws -> Data {
        try read((specimenFolder as NSString).appendingPathComponent(specimen.file))
    }

    private func read(_ path: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: path) else { throw Missing(path: path) }
        return data
    }
}
