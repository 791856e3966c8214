import ArgumentParser
import Foundation

/// `verity hsm …`: level-4 tokens, made and destroyed here only, with the SO
/// PIN (`VERITY_HSM_SO_PIN`), which no serving process needs.
struct HSMCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hsm", abstract: "Level-4 HSM tokens: provision them ahead, wipe those no one needs.",
        subcommands: [Provision.self, Wipe.self])

    struct Provision: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make tokens for level-4 users, each under a random PIN the user's password replaces when they certify.")
        @Option(help: "How many tokens (1–1000).") var count: Int = 10

        func run() async throws {
            let count = self.count
            try await AdminCommand.run { try await $0.certification.provisionHSMTokens(count: count) }
        }
    }

    struct Wipe: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Destroy the tokens of uncertified, replaced and erased level-4 certificates.")

        func run() async throws {
            try await AdminCommand.run { try await $0.certification.wipeHSMTokens() }
        }
    }
}
