import ArgumentParser
import Foundation
import VerityAPI
import VerityServer
import VerityKernel
import VerityAdmin

struct UsersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "users", abstract: "Act on one end user.",
        subcommands: [Reset.self, Token.self, RequireMethod.self, Export.self, Erase.self])

    struct Reset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Reset a user's identity verification.")
        @OptionGroup var target: TenantOptions
        @Option(help: "The integrator's reference for the user.") var user: String

        func run() async throws {
            let settings = try SettingsLoading.load()
            let identity = try await VerityApp.withDatabase(settings) { app in
                try await AdminOperations(app: app, settings: settings)
                    .identity.resetUser(tenant: target.tenant, environment: target.environment, userRef: user)
            }
            print(try JSONOutput.render(identity))
        }
    }

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Everything held on a user, as one JSON document (the right of access); written to --output or printed.")
        @OptionGroup var target: TenantOptions
        @Option(help: "The integrator's reference for the user.") var user: String
        @Option(help: "Write the document to this file (created with mode 0600) instead of printing it.") var output: String?

        func run() async throws {
            let settings = try SettingsLoading.load()
            let export = try await VerityApp.withDatabase(settings) { app in
                try await AdminOperations(app: app, settings: settings)
                    .identity.exportUser(tenant: target.tenant, environment: target.environment, userRef: user)
            }
            let text = try JSONOutput.render(export)
            guard let output else { return print(text) }
            // It is the person's whole file: readable by its owner only.
            guard FileManager.default.createFile(atPath: output, contents: Data((text + "\n").utf8), attributes: [.posixPermissions: 0o600]) else {
                throw ValidationError("cannot write \(output)")
            }
            print("wrote \(output)")
        }
    }

    struct Erase: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Erase a user: their key destroyed, their records removed, their certificates revoked. Cannot be undone.")
        @OptionGroup var target: TenantOptions
        @Option(help: "The integrator's reference for the user.") var user: String
        @Flag(help: "Confirm: the erasure cannot be undone.") var yes = false

        func run() async throws {
            guard yes else { throw ValidationError("erasing a user cannot be undone: add --yes to go ahead") }
            let settings = try SettingsLoading.load()
            let erasure = try await VerityApp.withDatabase(settings) { app in
                try await AdminOperations(app: app, settings: settings)
                    .identity.eraseUser(tenant: target.tenant, environment: target.environment, userRef: user)
            }
            print(try JSONOutput.render(erasure))
        }
    }

    struct Token: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Mint an end-user token.")
        @OptionGroup var target: TenantOptions
        @Option(help: "The integrator's reference for the user.") var user: String
        @Option(help: "Lifetime in seconds (60–86400).") var ttl: Int?
        @Option(help: "The user's phone number (E.164), filed for device verification's SMS code.") var phoneNumber: String?
        @Option(help: "The user's e-mail address, filed with the user.") var email: String?

        func run() async throws {
            let settings = try SettingsLoading.load()
            let token = try await VerityApp.withDatabase(settings) { app in
                try await AdminOperations(app: app, settings: settings)
                    .identity.mintToken(tenant: target.tenant, environment: target.environment, userRef: user, ttlSeconds: ttl,
                               phoneNumber: phoneNumber, email: email)
            }
            print(try JSONOutput.render(token))
        }
    }

    struct RequireMethod: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "require", abstract: "Set the level one user must reach (GOVERNMENT_ID or KNOWLEDGE_OF_PII).")
        @OptionGroup var target: TenantOptions
        @Option(help: "The integrator's reference for the user.") var user: String
        @Argument(help: "GOVERNMENT_ID or KNOWLEDGE_OF_PII.") var method: String

        func run() async throws {
            guard let level = VerificationMethod(rawValue: method), level != .none else {
                throw ValidationError("method must be GOVERNMENT_ID or KNOWLEDGE_OF_PII")
            }
            let settings = try SettingsLoading.load()
            let identity = try await VerityApp.withDatabase(settings) { app in
                try await AdminOperations(app: app, settings: settings)
                    .identity.requireMethod(tenant: target.tenant, environment: target.environment, userRef: user, method: level)
            }
            print(try JSONOutput.render(identity))
        }
    }
}

enum JSONOutput {
    static func render<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
