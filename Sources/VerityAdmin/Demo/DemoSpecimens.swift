import VerityAPI

/// The public specimens of real passports and ID cards the demo's first week
/// checks (`../shared/data/documents/mrz-specimens`): one list, from which
/// the demo environment's countries come and the week picks its files.
package enum DemoSpecimens {
    package struct Specimen: Sendable {
        /// Its path under the specimens' folder.
        package let file: String
        package let country: String
        package let type: IdDocumentType
    }

    /// Passports and ID cards of six countries; Malta's is wrong on purpose (its check digits do not hold).
    package static let all = [
        Specimen(file: "passports/Japan.png", country: "JP", type: .passport),
        Specimen(file: "passports/Canada.png", country: "CA", type: .passport),
        Specimen(file: "passports/Czech_Republic.png", country: "CZ", type: .passport),
        Specimen(file: "id_cards/Spain.png", country: "ES", type: .idCard),
        Specimen(file: "id_cards/Sweden.png", country: "SE", type: .idCard),
        Specimen(file: "id_cards/Malta_BAD.png", country: "MT", type: .idCard),
    ]

    /// The registry's countries, then the specimens' others, each once.
    static func countries(beside registry: [String]) -> [String] {
        all.map(\.country).reduce(into: registry) { if !$0.contains($1) { $0.append($1) } }
    }
}
