import ArgumentParser
import Foundation
import VerityCore
import VerityVision

/// `verity document …`: the document engine on files, without a server.
struct DocumentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "document", abstract: "Read identity documents: full report, MRZ, barcodes, AAMVA payloads.",
        subcommands: [Inspect.self, MRZ.self, Barcode.self, AAMVA.self, OCR.self])

    struct Inspect: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Inspect a document's images (PNG, JPEG or GIF) and print the report.")

        @Option(help: "passport, driverLicense or idCard. Optional: without it the MRZ's layout or a licence barcode says what the document is.")
        var type: String?
        @Option(help: "ISO 3166 alpha-2 country of issue, e.g. US, EG. Optional when the document has an MRZ (it names the country) and for US licences; needed for Egyptian ID cards.")
        var country: String?
        @Argument(help: "Image of the front (or the passport data page).") var front: String
        @Argument(help: "Image of the back.") var back: String?
        @Option(help: "Directory of the face models, for the portrait checks (advancedConfidence).") var modelsDir: String = "models"
        @Flag(help: "Skip the portrait checks (no face models needed; advancedConfidence is absent).") var noFaces = false
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let documentType = try type.map { text in
                guard let documentType = DocumentType(rawValue: text) else {
                    throw ValidationError("--type must be one of: \(DocumentType.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                return documentType
            }
            let countryCode = try country.map { text in
                guard let code = CountryCode.parse(text) else { throw ValidationError("--country must be an ISO 3166 alpha-2 code") }
                return code
            }
            let faces = noFaces ? nil : try CLIOutput.reporting { try FaceEngine(modelsDirectory: modelsDir) }
            let inspector = DocumentInspector(today: CLIClock.today, faces: faces)
            let report = try CLIOutput.reporting {
                try inspector.inspect(front: try CLIFiles.read(front), back: try back.map(CLIFiles.read),
                                      type: documentType, country: countryCode)
            }
            try CLIOutput.print(report, json: json)
        }
    }

    struct MRZ: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Parse MRZ lines and check every check digit.",
            discussion: "Quote each line: verity document mrz 'P<UTOERIKSSON<<ANNA<MARIA<<<…' 'L898902C36UTO…'")

        @Argument(help: "Two or three MRZ lines.") var lines: [String]
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let result = try CLIOutput.reporting { try MRZParser(today: CLIClock.today).parse(lines) }
            try CLIOutput.print(result, json: json)
            if !result.valid { throw ExitCode(2) }
        }
    }

    struct Barcode: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List every barcode in an image: format, text, bytes (base64).")

        @Argument(help: "PNG, JPEG or GIF image.") var image: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let bytes = try CLIFiles.read(image)
            let symbols = try CLIOutput.reporting { try BarcodeScanner().scan(imageBytes: bytes) }
            try CLIOutput.print(symbols, json: json)
            if symbols.isEmpty { throw ExitCode(2) }
        }
    }

    struct AAMVA: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Parse a raw AAMVA driver licence payload (the PDF417 bytes).")

        @Argument(help: "File holding the raw payload.") var file: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let bytes = try CLIFiles.read(file)
            let licence = try CLIOutput.reporting { try AAMVALicense.parse(bytes) }
            try CLIOutput.print(licence, json: json)
        }
    }
}

extension DocumentCommand {
    struct OCR: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the lines of text Tesseract finds in an image.")

        @Option(help: "eng or ara.") var language: String = "eng"
        @Argument(help: "PNG, JPEG or GIF image.") var image: String
        @Flag(help: "Print JSON.") var json = false

        func run() throws {
            let bytes = try CLIFiles.read(image)
            let lines = try CLIOutput.reporting { try PrintedTextReader().lines(imageBytes: bytes, language: language) }
            if json { try CLIOutput.print(lines, json: true) } else { for line in lines { print(line.text) } }
        }
    }
}

enum CLIClock {
    /// Today's date in UTC: decides centuries and expiry.
    static var today: CalendarDate {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date())
        return CalendarDate(year: parts.year!, month: parts.month!, day: parts.day!)!
    }
}

enum CLIFiles {
    static func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw ValidationError("cannot read \(path)") }
        return [UInt8](data)
    }
}

enum CLIOutput {
    /// Runs `work`; a VerityError is printed as "CODE: message" with exit status 65.
    static func reporting<T>(_ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch let error as VerityError {
            var stderr = StandardError()
            Swift.print("\(error.code.rawValue): \(error.message)", to: &stderr)
            throw ExitCode(65)
        }
    }

    /// `reporting` for async work.
    static func reportingAsync<T>(_ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let error as VerityError {
            var stderr = StandardError()
            Swift.print("\(error.code.rawValue): \(error.message)", to: &stderr)
            throw ExitCode(65)
        }
    }

    static func print<T: Encodable>(_ value: T, json: Bool) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = json ? [.sortedKeys, .withoutEscapingSlashes] : [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        Swift.print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}
