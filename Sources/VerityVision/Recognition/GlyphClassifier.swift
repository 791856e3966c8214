import Foundation

/// A glyph classifier: a one-hidden-layer network trained on rendered fonts by
/// tools/mrzmodel (OCR-B for the MRZ, Arabic fonts for Eastern Arabic digits);
/// the file format is written by tools/mrzmodel/mlp.py.
final class GlyphClassifier: Sendable {
    let alphabet: [Character]
    private let inputs: Int, hidden: Int, outputs: Int
    private let w1: [Float], b1: [Float], w2: [Float], b2: [Float]

    /// One reading of a glyph: characters by probability, best first.
    struct Guess: Sendable {
        let character: Character
        let probability: Double
        let alternatives: [(Character, Double)]
    }

    /// OCR-B: A–Z, 0–9 and <. `VERITY_MRZ_MODEL` names another model file to
    /// read with instead: for measuring a model trained without a document's
    /// glyphs on that document (tools/mrzmodel/leave_documents_out.sh), never for serving.
    static let mrz: GlyphClassifier = {
        guard let path = ProcessInfo.processInfo.environment["VERITY_MRZ_MODEL"] else { return named("mrz-ocrb") }
        guard let data = FileManager.default.contents(atPath: path), let classifier = GlyphClassifier(data: [UInt8](data)) else {
            fatalError("VERITY_MRZ_MODEL=\(path) is no MRZ model written by tools/mrzmodel.")
        }
        return classifier
    }()
    /// ٠–٩ and /.
    static let easternDigits = named("eastern-digits")

    private static func named(_ name: String) -> GlyphClassifier {
        guard let url = Bundle.module.url(forResource: name, withExtension: "mlp", subdirectory: "Resources")
            ?? Bundle.module.url(forResource: name, withExtension: "mlp"),
              let data = try? Data(contentsOf: url), let classifier = GlyphClassifier(data: [UInt8](data)) else {
            // A build without its resources is broken, not a request error.
            fatalError("VerityVision resource \(name).mlp is missing or corrupt: rebuild the package.")
        }
        return classifier
    }

    init?(data: [UInt8]) {
        guard data.count > 20, Array(data[0..<4]) == Array("VMLP".utf8) else { return nil }
        func u32(_ offset: Int) -> Int { Int(UInt32(data[offset]) | UInt32(data[offset + 1]) << 8 | UInt32(data[offset + 2]) << 16 | UInt32(data[offset + 3]) << 24) }
        guard u32(4) == 2, data.count > 24 else { return nil }
        inputs = u32(8); hidden = u32(12); outputs = u32(16)
        let alphabetBytes = u32(20)
        var offset = 24
        guard inputs == GlyphFeatures.count, data.count >= offset + alphabetBytes else { return nil }
        alphabet = Array(String(decoding: data[offset..<(offset + alphabetBytes)], as: UTF8.self))
        guard alphabet.count == outputs else { return nil }
        offset += alphabetBytes
        let floats = (data.count - offset) / 4
        guard floats == inputs * hidden + hidden + hidden * outputs + outputs else { return nil }
        var values = [Float](repeating: 0, count: floats)
        for index in 0..<floats {
            let bits = UInt32(u32(offset + index * 4))
            values[index] = Float(bitPattern: bits)
        }
        var cursor = 0
        func take(_ count: Int) -> [Float] { defer { cursor += count }; return Array(values[cursor..<(cursor + count)]) }
        w1 = take(inputs * hidden); b1 = take(hidden); w2 = take(hidden * outputs); b2 = take(outputs)
    }

    func classify(_ features: [Float]) -> Guess {
        var activations = [Float](repeating: 0, count: hidden)
        w1.withUnsafeBufferPointer { weights in
            features.withUnsafeBufferPointer { input in
                for unit in 0..<hidden {
                    var sum = b1[unit]
                    let row = unit * inputs
                    for index in 0..<inputs { sum += weights[row + index] * input[index] }
                    activations[unit] = max(sum, 0)
                }
            }
        }
        var logits = [Double](repeating: 0, count: outputs)
        for output in 0..<outputs {
            var sum = b2[output]
            let row = output * hidden
            for unit in 0..<hidden { sum += w2[row + unit] * activations[unit] }
            logits[output] = Double(sum)
        }
        let top = logits.max() ?? 0
        let exps = logits.map { exp($0 - top) }
        let total = exps.reduce(0, +)
        let ranked = exps.enumerated().map { (alphabet[$0.offset], $0.element / total) }.sorted { $0.1 > $1.1 }
        return Guess(character: ranked[0].0, probability: ranked[0].1, alternatives: Array(ranked.dropFirst().prefix(2)))
    }
}
