import ArgumentParser
import Foundation
import Verity
import VerityAPI
import VerityServer
import VerityVision
import VerityKernel
import VerityAdmin

/// An end user's identity calls through the SDK against a running server:
/// what an app does, from a terminal (support, scripts, smoke tests).
struct IdentityCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "identity", abstract: "Call the identity API as an end user, through the SDK.",
        subcommands: [VerifyDocument.self, CaptureLink.self])

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

extension IdentityCommand {
    struct CaptureLink: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "capture-link",
            abstract: "Make a capture-page link for the user (initiateIdentityDocumentCapture); it replaces any earlier one.")
        @OptionGroup var connection: Connection
        @Flag(help: "Also draw the link as a QR code in the terminal, to open it on a phone.") var qr = false
        @Flag(help: "Then follow the user's status until the document verification ends, and print it.") var follow = false

        func run() async throws {
            let client = try connection.client()
            let link = try await SDKOutput.reporting { try await client.initiateIdentityDocumentCapture() }
            print(try JSONOutput.render(link))
            if qr { print(try Self.terminalQR(link.documentCaptureUrl)) }
            guard follow else { return }
            var last: DocumentVerificationStatus?
            let ends: Set<DocumentVerificationStatus> = [.succeeded, .failed, .captureRetryLimitExceeded, .captureLinkTimeout, .captureLinkExpired]
            while true {
                let identity = try await SDKOutput.reporting { try await client.checkIdentityVerification() }
                if identity.documentVerificationStatus != last {
                    last = identity.documentVerificationStatus
                    var stderr = StandardError()
                    Swift.print("status: \(identity.documentVerificationStatus.rawValue)", to: &stderr)
                }
                if ends.contains(identity.documentVerificationStatus) {
                    print(try JSONOutput.render(identity))
                    return
                }
                try await Task.sleep(for: .seconds(2))
            }
        }

        /// Two modules per character cell (upper and lower half blocks), dark on light, with a quiet zone.
        static func terminalQR(_ text: String) throws -> String {
            let code = try QRCode(text)
            let side = code.size + 4
            let dark = { (x: Int, y: Int) -> Bool in
                let (cx, cy) = (x - 2, y - 2)
                return cx >= 0 && cy >= 0 && cx < code.size && cy < code.size && code.isDark(x: cx, y: cy)
            }
            var lines: [String] = []
            for y in stride(from: 0, to: side, by: 2) {
                lines.append(String((0..<side).map { x -> Character in
                    switch (dark(x, y), dark(x, y + 1)) {
                    case (false, false): "█"
                    case (true, false): "▄"
                    case (false, true): "▀"
                    case (true, true): " "
                    }
                }))
            }
            return lines.joined(separator: "\n")
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
                    try await AdminOperations(app: app, settings: settings)
                        .identity.documentCheck(tenant: target.tenant, environment: target.environment, id: id)
                }
            }
            print(try JSONOutput.render(detail))
        }
    }
}
