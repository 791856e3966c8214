import ArgumentParser
import DocgenManifest
import Dispatch
import Foundation
import VerityCore
import VerityVision

/// The document engine on the generated documents: full reports per document
/// (time per stage), MRZ reading of passport pages, PDF417 decoding of licence
/// backs, and Tesseract on visual-zone crops. Prints JSON for bench/documents.py,
/// which runs the baselines (PassportEye, zxing-cpp's Python binding, the
/// tesseract CLI) on the same files and prints the ratios.
struct DocumentBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "documents", abstract: "Benchmark the document engine.")

    @Option(help: "Directory of tools/docgen output.") var dir: String
    @Option(help: "Where to write the visual-zone crops the OCR comparison uses.") var crops: String
    @Option(help: "Where to write the JSON results.") var out: String

    func run() throws {
        let base = URL(fileURLWithPath: dir)
        let samples = try DocgenManifest.load(directory: base).samples
        func bytes(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: base.appendingPathComponent(name))) }
        let today = CalendarDate(year: 2026, month: 11, day: 22)!
        var results: [String: Any] = [:]

        // Warm up: models and engines load once per process.
        if let first = samples.first(where: { $0.kind == "passport" }) {
            _ = try? DocumentInspector(today: today).inspect(front: try bytes(first.files[0]), type: .passport, country: "UT")
            _ = try? DocumentInspector(today: today).inspect(front: try bytes(first.files[0]), back: try bytes(first.files[0]), type: .idCard, country: "EG")
        }

        // Full reports.
        var perKind: [String: [String: Any]] = [:]
        for kind in ["passport", "id_card", "driver_licence", "egypt_id"] {
            var totals: [Double] = [], stages: [String: Double] = [:]
            let chosen = samples.filter { $0.kind == kind }
            for sample in chosen {
                let front = try bytes(sample.files[0])
                let back = sample.files.count > 1 ? try bytes(sample.files[1]) : nil
                let type = DocumentType(rawValue: sample.type) ?? .passport
                let country = sample.country.count == 2 ? sample.country : "UT"
                let start = DispatchTime.now().uptimeNanoseconds
                guard let report = try? DocumentInspector(today: today).inspect(front: front, back: back, type: type, country: country) else { continue }
                totals.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                for timing in report.timings { stages[timing.stage, default: 0] += timing.milliseconds }
            }
            totals.sort()
            perKind[kind] = [
                "documents": totals.count,
                "meanMs": totals.reduce(0, +) / Double(max(1, totals.count)),
                "p50Ms": totals.isEmpty ? 0 : totals[totals.count / 2],
                "maxMs": totals.last ?? 0,
                "stageMeanMs": stages.mapValues { $0 / Double(max(1, totals.count)) },
            ]
        }
        results["inspect"] = perKind

        // MRZ on passport pages, decoding included (PassportEye decodes too).
        let passports = samples.filter { $0.kind == "passport" }
        var mrzValid = 0, mrzExact = 0, mrzTime = 0.0
        for sample in passports {
            let data = try bytes(sample.files[0])
            let start = DispatchTime.now().uptimeNanoseconds
            let reading = try? MRZImageReader(today: today).read(imageBytes: data)
            mrzTime += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            if reading?.result?.valid == true { mrzValid += 1 }
            if let lines = sample.truth["mrz"]?.lines, reading?.result?.lines == lines { mrzExact += 1 }
        }
        results["mrz"] = ["files": passports.map { $0.files[0] }, "images": passports.count, "valid": mrzValid, "exact": mrzExact,
                          "msPerImage": mrzTime / Double(max(1, passports.count))]

        // PDF417 on licence backs.
        let licences = samples.filter { $0.kind == "driver_licence" }
        var decoded = 0, barcodeTime = 0.0, perFile: [String: Double] = [:], found: [String: Bool] = [:]
        for sample in licences {
            let data = try bytes(sample.files[1])
            let expected = [UInt8](Data(base64Encoded: sample.aamva_base64 ?? "") ?? Data())
            let start = DispatchTime.now().uptimeNanoseconds
            let symbols = (try? BarcodeScanner().scan(imageBytes: data)) ?? []
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            barcodeTime += elapsed
            perFile[sample.files[1]] = elapsed
            found[sample.files[1]] = symbols.contains(where: { $0.rawBytes == expected })
            if found[sample.files[1]] == true { decoded += 1 }
        }
        results["pdf417"] = ["files": licences.map { $0.files[1] }, "expected": licences.map { $0.aamva_base64 ?? "" },
                             "images": licences.count, "decoded": decoded, "msPerImage": barcodeTime / Double(max(1, licences.count)),
                             "msByFile": perFile, "decodedByFile": found]

        // Tesseract: the visual zone of passport pages (the part above the MRZ) as crops.
        try FileManager.default.createDirectory(atPath: crops, withIntermediateDirectories: true)
        var cropFiles: [String] = [], ocrTime = 0.0, ocrLines = 0
        for sample in passports where ["clean", "jpeg", "noise", "greyscale", "low_resolution", "glare"].contains(sample.degradation) {
            let image = try ImageDecoder().decode(try bytes(sample.files[0]))
            let keep = image.height * 3 / 4
            let crop = RGBImage(width: image.width, height: keep, pixels: Array(image.pixels.prefix(image.width * keep * 3)))
            guard let png = PNGWriter.encode(crop) else { continue }
            let path = URL(fileURLWithPath: crops).appendingPathComponent("\(sample.id).png").path
            FileManager.default.createFile(atPath: path, contents: Data(png))
            cropFiles.append(path)
            let start = DispatchTime.now().uptimeNanoseconds
            ocrLines += (try? PrintedTextReader().lines(imageBytes: png, language: "eng").count) ?? 0
            ocrTime += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        }
        results["ocr"] = ["files": cropFiles, "crops": cropFiles.count, "lines": ocrLines, "msPerCrop": ocrTime / Double(max(1, cropFiles.count))]

        let data = try JSONSerialization.data(withJSONObject: results, options: [.prettyPrinted, .sortedKeys])
        try data.write(to: URL(fileURLWithPath: out))
        print("verity-bench documents: wrote \(out)")
    }
}
