import ArgumentParser
import Foundation
import Verity
import VerityAPI
import VerityServer

/// An end user's identity calls through the SDK against a running server:
/// what an app does, from a terminal (support, scripts, smoke tests).
struct IdentityCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "identity", abstract: "Call the identity API as an end user, through the SDK.",
        subcommands: [VerifyDocument.self])

    struct Connection: ParsableArguments {
        @Option(help: "The server's base URL.") var server: String = "http://127.0.0.1:8080"
        @Option(help: "An end-user token (`verity users token`), or set VERITY_USER_TOKEN.") var token: String?

        func client() throws -> IdentityVerificationClient {
            guard let url = URL(string: server), ["http", "https"].contains(url.scheme ?? "") else {
                throw ValidationError("--server must be an http or https URL")
            }
            guard let token = token ?? ProcessInfo.processInfo.environment["VERITY_USER_TOKEN"], !token.isEmpty else {
                throw ValidationError("give --token or set VERITY_USER_TOKEN")
            }
            return IdentityVerificationClient(baseURL: url, token: token)
        }
    }

    struct VerifyDocument: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify-document",
            abstract: "Submit a document: verifyIdentityDocument (after a PII attempt) or, with --capture, captureAndVerifyIdentityDocument.")
        @OptionGroup var connection: Connection
        @Option(help: "passport, driverLicense or idCard.") var type: String
        @Option(help: "ISO 3166 alpha-2 country that issued the document.") var country: String
        @Argument(help: "Image of the front (or the passport's photo page).") var front: String
        @Argument(help: "Image of the back (a passport's photo page again when left out).") var back: String?
        @Option(help: "A selfie, when the environment asks for one.") var face: String?
        @Flag(help: "Verify from the document alone (captureAndVerifyIdentityDocument): licence or ID card.") var capture = false
        @Flag(help: "Wait until a pending check settles.") var wait = false

        func run() async throws {
            guard let documentType = IdDocumentType(rawValue: type) else {
                throw ValidationError("--type must be passport, driverLicense or idCard")
            }
            let client = try connection.client()
            let frontBytes = Data(try CLIFiles.read(front))
            let input = VerifyIdentityDocument(
                image: frontBytes, backImage: try back.map { Data(try CLIFiles.read($0)) } ?? frontBytes,
                faceImage: try face.map { Data(try CLIFiles.read($0)) }, country: country, documentType: documentType)
            var identity = try await SDKOutput.reporting {
                capture ? try await client.captureAndVerifyIdentityDocument(input: input) : try await client.verifyIdentityDocument(input: input)
            }
            while wait && identity.documentVerificationStatus == .pending {
                try await Task.sleep(for: .seconds(1))
                identity = try await SDKOutput.reporting { try await client.checkIdentityVerification() }
            }
            print(try JSONOutput.render(identity))
        }
    }
}

/// An SDK error printed as "CODE: message" (field) with exit status 65, as the engine commands do.
enum SDKOutput {
    static func reporting<T>(_ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let error as IdentityVerificationError {
            var stderr = StandardError()
            Swift.print("\(error.code.rawValue): \(error.message)" + (error.field.map { " (\($0))" } ?? ""), to: &stderr)
            throw ExitCode(65)
        }
    }
}

/// `verity document-checks show ID`: a check's evidence, from the database.
struct DocumentChecksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "document-checks", abstract: "Document checks' evidence.", subcommands: [Show.self])

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print one check: outcome, reasons, the report, the selfie's measurements.")
        @OptionGroup var target: TenantOptions
        @Argument(help: "The check's id (VerifiedIdentity.documentCheck.checkId).") var id: String

        func run() async throws {
            let settings = try SettingsLoading.load()
            let detail = try await CLIOutput.reportingAsync {
                try await VerityApp.withDatabase(settings) { app in
                    try await AdminOperations(db: app.db, settings: settings)
                        .documentCheck(tenant: target.tenant, environment: target.environment, id: id)
                }
            }
            print(try JSONOutput.render(detail))
        }
    }
}
