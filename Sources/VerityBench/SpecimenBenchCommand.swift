import ArgumentParser
import Dispatch
import Foundation
import VerityCore
import VerityVision

/// The MRZ reader on real images no one on the project made (the public
/// specimens in ../shared/data/documents/mrz-specimens): per file, whether a
/// zone was found, the lines read, which check digits fail, the time taken,
/// and the quality flags a user would see. JSON for bench/documents.py, which
/// runs PassportEye on the same files.
struct SpecimenBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "mrz-specimens", abstract: "Read the MRZ of every image in a folder tree.")

    @Option(help: "Folder of images (searched recursively for .png, .jpg, .jpeg).") var dir: String
    @Option(help: "Where to write the JSON results.") var out: String?
    @Flag(help: "Print one line per file.") var verbose = false

    func run() throws {
        let files = Self.images(under: URL(fileURLWithPath: dir))
        let today = CalendarDate(year: 2026, month: 11, day: 22)!
        // Warm up: the classifier loads once per process.
        if let first = files.first { _ = try? MRZImageReader(today: today).read(imageBytes: [UInt8](try Data(contentsOf: first))) }

        var rows: [[String: Any]] = [], valid = 0, totalMs = 0.0, flagCounts: [String: Int] = [:]
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: file))
            let name = String(file.path.dropFirst(URL(fileURLWithPath: dir).path.count + 1))
            let start = DispatchTime.now().uptimeNanoseconds
            let reading: MRZReading?
            var failure: String?
            do { reading = try MRZImageReader(today: today).read(imageBytes: bytes) } catch { reading = nil; failure = error.code.rawValue }
            let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            totalMs += ms
            let result = reading?.result
            if result?.valid == true { valid += 1 }
            let failing = result?.checks.filter { !$0.valid }.map(\.name) ?? []
            let outcome = failure ?? (reading == nil ? "MRZ_NOT_FOUND" : result == nil ? "MRZ_UNPARSED" : result!.valid ? "VALID" : "MRZ_UNREADABLE")
            // The full report, as `verity document inspect` gives it without a country: quality flags a user would see.
            let type: DocumentType = name.hasPrefix("passports/") || name.hasPrefix("visas/") ? .passport : .idCard
            let report = try? DocumentInspector(today: today).inspect(front: bytes, type: type)
            let flags = (report?.front.quality.problems.map(\.name.rawValue) ?? ["NO_REPORT"])
                + (report?.front.quality.document.map { !$0.fullyInFrame && !$0.fillsFrame } == true ? ["cutOff"] : [])
            for flag in flags { flagCounts[flag, default: 0] += 1 }
            rows.append(["file": name, "outcome": outcome, "qualityFlags": flags, "documentUnreadable": report?.documentUnreadable?.map(\.rawValue) ?? [], "lines": result?.lines ?? reading?.recognisedLines ?? [],
                         "failingChecks": failing, "ms": ms, "letterHeight": reading?.letterHeight ?? 0,
                         "confidence": reading?.confidence ?? 0, "uncertain": reading?.uncertain ?? 0])
            if verbose {
                print("\(outcome.padding(toLength: 15, withPad: " ", startingAt: 0)) \(String(format: "%6.1f", ms)) ms  \(name)  \(failing.joined(separator: ","))  flags \(flags.joined(separator: ","))  confidence \(String(format: "%.2f", reading?.confidence ?? 0)), \(reading?.uncertain ?? 0) uncertain")
                for line in result?.lines ?? reading?.recognisedLines ?? [] { print("    \(line)") }
            }
        }
        print("mrz-specimens: \(valid) of \(files.count) valid, \(String(format: "%.1f", totalMs / Double(max(1, files.count)))) ms per image")
        print("quality flags on the specimens: \(flagCounts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))")
        if let out {
            let summary: [String: Any] = ["images": files.count, "valid": valid, "msPerImage": totalMs / Double(max(1, files.count)),
                                          "qualityFlags": flagCounts,
                                          "files": rows]
            try JSONSerialization.data(withJSONObject: summary, options: [.prettyPrinted, .sortedKeys]).write(to: URL(fileURLWithPath: out))
        }
    }

    static func images(under directory: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        var found: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if ["png", "jpg", "jpeg"].contains(url.pathExtension.lowercased()) { found.append(url) }
        }
        return found.sorted { $0.path < $1.path }
    }
}
