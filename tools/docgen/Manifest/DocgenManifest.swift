import Foundation

/// truth.json as tools/docgen/generate.py writes it: the generated samples with
/// their ground truth. Shared by the vision tests and the benchmarks.
public struct DocgenManifest: Decodable, Sendable {
    public let seed: Int
    /// Every sample, forgeries included.
    public let all: [Sample]
    /// Genuine documents: what reading accuracy is measured on.
    public var samples: [Sample] { all.filter { !$0.isForgery && !$0.isAnomalous } }
    /// Cards with something over, through or across one side (tools/docgen/anomaly.py).
    public var anomalous: [Sample] { all.filter(\.isAnomalous) }
    /// The same documents with a substituted portrait (tools/docgen/tamper.py).
    public var forgeries: [Sample] { all.filter(\.isForgery) }

    enum CodingKeys: String, CodingKey {
        case seed
        case all = "samples"
    }

    public struct Sample: Decodable, Sendable {
        public let id: String
        public let kind: String
        public let type: String
        public let country: String
        public let degradation: String
        public let files: [String]
        public let truth: [String: TruthValue]
        /// The raw AAMVA payload of a licence's PDF417, base64.
        public let aamva_base64: String?
        /// The Arabic font an Egyptian card is printed in (tools/docgen/fonts.py).
        public let font: String?
        /// What a check should find; for an anomalous card, which side and how it was captured.
        public let facts: Facts?

        public struct Facts: Decodable, Sendable {
            public let side: String?
            public let capture: String?
            /// A forged_* card's reprinted text: "word" or "digits", and how it differs ("font", "size", "weight", "baseline").
            public let forgery: String?
            public let alteration: String?
            /// An edited_* front: what was changed after capture (nil for the unedited control).
            public let edit: String?
        }

        public var isForgery: Bool { degradation.hasPrefix("tampered") }
        /// Covered, holed (anomaly_*), creased and cracked (damage_*), edited after capture (edited_*)
        /// or with reprinted text (forged_*).
        public var isAnomalous: Bool { ["anomaly", "damage", "edited", "forged"].contains { degradation.hasPrefix($0) } }
    }

    /// Truth values are strings, or lists of strings (MRZ lines).
    public enum TruthValue: Decodable, Sendable {
        case text(String)
        case lines([String])

        public init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) { self = .text(text) } else { self = .lines(try container.decode([String].self)) }
        }

        public var text: String? { if case .text(let value) = self { value } else { nil } }
        public var lines: [String]? { if case .lines(let value) = self { value } else { nil } }
    }

    /// Reads DIRECTORY/truth.json.
    public static func load(directory: URL) throws -> DocgenManifest {
        try JSONDecoder().decode(DocgenManifest.self, from: Data(contentsOf: directory.appendingPathComponent("truth.json")))
    }
}
