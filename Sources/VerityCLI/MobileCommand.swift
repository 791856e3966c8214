import ArgumentParser
import Foundation
import Verity
import VerityAPI

/// `verity mobile …`: the mobile API from a terminal, through the SDK, as an app calls it.
struct MobileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mobile", abstract: "Call the mobile API with a publishable client key, through the SDK.",
        subcommands: [Human.self, Age.self, Identity.self, Compliance.self])

    struct Connection: ParsableArguments {
        @Option(help: "The server's base URL.") var server: String = "http://127.0.0.1:8080"
        @Option(help: "A publishable client key, or set VERITY_CLIENT_KEY.") var clientKey: String?

        func client() throws -> MobileVerificationClient {
            guard let url = URL(string: server), ["http", "https"].contains(url.scheme ?? "") else {
                throw ValidationError("--server must be an http or https URL")
            }
            guard let key = clientKey ?? ProcessInfo.processInfo.environment["VERITY_CLIENT_KEY"], !key.isEmpty else {
                throw ValidationError("give --client-key or set VERITY_CLIENT_KEY")
            }
            return MobileVerificationClient(baseURL: url, clientKey: key)
        }
    }

    struct DocumentOptions: ParsableArguments {
        @Option(help: "The document's front (a passport's photo page).") var front: String?
        @Option(help: "The document's back (not for a passport).") var back: String?
        @Option(help: "passport, driverLicense or idCard: a hint; without it the server reads the type from the document.")
        var type: String?
        @Option(help: "ISO 3166-1 alpha-2 issuing country: a hint; without it the document names it.") var country: String?

        func document() throws -> MobileDocument {
            guard let front else { throw ValidationError("give --front") }
            let kind = try type.map { text in
                guard let kind = IdDocumentType(rawValue: text) else { throw ValidationError("--type is passport, driverLicense or idCard") }
                return kind
            }
            return MobileDocument(front: Data(try CLIFiles.read(front)), back: try back.map { Data(try CLIFiles.read($0)) },
                                  type: kind, country: country)
        }
    }

    struct Human: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "verify-human", abstract: "VerifyHuman: one selfie.")
        @OptionGroup var connection: Connection
        @Argument(help: "The selfie.") var selfie: String

        func run() async throws {
            let result = try await MobileOutput.reporting {
                try await connection.client().verifyHuman(image: Data(try CLIFiles.read(selfie)))
            }
            print("outcome: \(result.outcome.rawValue)  verification: \(result.verificationID)"
                  + (result.reasons.isEmpty ? "" : "  reasons: \(result.reasons.joined(separator: ","))")
                  + (result.token.map { "\ntoken (for your backend, once): \($0)" } ?? ""))
        }
    }

    struct Age: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "verify-age",
                                                        abstract: "VerifyAge: date of birth, selfie, and the document when asked.")
        @OptionGroup var connection: Connection
        @Option(help: "Claimed date of birth, YYYY-MM-DD.") var dateOfBirth: String
        @Option(help: "The selfie.") var selfie: String
        @OptionGroup var document: DocumentOptions

        func run() async throws {
            let doc = document
            let result = try await MobileOutput.reporting {
                try await connection.client().verifyAge(dateOfBirth: dateOfBirth, selfie: Data(try CLIFiles.read(selfie))) {
                    try doc.document()
                }
            }
            MobileOutput.print(result)
        }
    }

    struct Identity: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "verify-identity", abstract: "VerifyIdentity: selfie and document.")
        @OptionGroup var connection: Connection
        @Option(help: "The selfie.") var selfie: String
        @OptionGroup var document: DocumentOptions

        func run() async throws {
            try await MobileOutput.runDocumentSession(.verifyIdentity, connection: connection, selfie: selfie, document: document)
        }
    }

    struct Compliance: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify-compliance", abstract: "VerifyCompliance: selfie and document, and the identity read screened against the sanctions list.")
        @OptionGroup var connection: Connection
        @Option(help: "The selfie.") var selfie: String
        @OptionGroup var document: DocumentOptions

        func run() async throws {
            try await MobileOutput.runDocumentSession(.verifyCompliance, connection: connection, selfie: selfie, document: document)
        }
    }
}

/// SDK errors as "CODE: message" with exit status 65, as the other client commands print them.
enum MobileOutput {
    static func reporting<T>(_ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let error as MobileVerificationError {
            var stderr = StandardError()
            Swift.print("\(error.code.rawValue): \(error.message)" + (error.field.map { " (\($0))" } ?? ""), to: &stderr)
            throw ExitCode(65)
        }
    }

    /// VerifyIdentity or VerifyCompliance through the SDK, then the result's fields, face match and screening.
    static func runDocumentSession(_ product: MobileDocumentProduct, connection: MobileCommand.Connection, selfie: String,
                                   document: MobileCommand.DocumentOptions) async throws {
        let client = try connection.client()
        let result = try await reporting {
            let image = Data(try CLIFiles.read(selfie)), doc = try document.document()
            return product == .verifyCompliance ? try await client.verifyCompliance(selfie: image, document: doc)
                                                : try await client.verifyIdentity(selfie: image, document: doc)
        }
        print(result)
        guard result.outcome != nil else { return }
        let details = try await reporting { try await client.identityResult(sessionID: result.sessionID, product: product) }
        for (name, value) in details.fields.sorted(by: { $0.key < $1.key }) { Swift.print("  \(name): \(value)") }
        Swift.print("  face match: \(details.faceMatch.match.map { $0 ? "yes" : "no" } ?? "no face")"
                    + (details.faceMatch.distance.map { String(format: " (distance %.3f of %.2f)", $0, details.faceMatch.threshold) } ?? ""))
        if let screening = details.screening {
            Swift.print("  sanctions: " + (screening.matches.isEmpty ? "no match for \(screening.name)" : "\(screening.matches.count) match(es) for \(screening.name)"))
            for match in screening.matches {
                Swift.print(String(format: "    %.3f ", match.score) + "\(match.listedName) [entry \(match.entryID)]: \(match.reasons.joined(separator: "; "))")
            }
        }
    }

    static func print<Payload>(_ result: SessionVerification<Payload>) {
        Swift.print("outcome: \(result.outcome?.rawValue ?? "none yet")  session: \(result.sessionID)"
                    + (result.nextStep.map { "  next step: \($0.rawValue)" } ?? "")
                    + (result.reasons.isEmpty ? "" : "  reasons: \(result.reasons.joined(separator: ","))")
                    + ((result.data as? MobileAgeData)?.ageEstimate.map { String(format: "  age estimate: %.0f", $0) } ?? ""))
    }
}
