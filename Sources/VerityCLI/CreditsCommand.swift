import ArgumentParser
import Foundation
import VerityServer
import VerityAdmin

/// `verity credits`: an environment's credits for the mobile API.
struct CreditsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "credits", abstract: "Grant or show an environment's credits (mobile API).", subcommands: [Grant.self, Show.self])

    struct Grant: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add credits; prints the new balance.")
        @OptionGroup var target: TenantOptions
        @Argument(help: "Credits to add (1–10,000,000).") var amount: Int64
        @Option(help: "A note kept in the ledger (an invoice number, …).") var note: String?

        func run() async throws {
            let settings = try SettingsLoading.load()
            let balance = try await VerityApp.withDatabase(settings) { app in
                try await AdminOperations(app: app, settings: settings)
                    .mobile.grantCredits(tenant: target.tenant, environment: target.environment, amount: amount, note: note)
            }
            print("Balance: \(balance) credits.")
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the balance and the latest ledger rows.")
        @OptionGroup var target: TenantOptions
        @Option(help: "Ledger rows to print.") var entries: Int = 20

        func run() async throws {
            let settings = try SettingsLoading.load()
            let (balance, rows) = try await VerityApp.withDatabase(settings) { app in
                try await AdminOperations(app: app, settings: settings)
                    .mobile.credits(tenant: target.tenant, environment: target.environment, entries: entries)
            }
            print("Balance: \(balance) credits.")
            for row in rows {
                let when = Date(timeIntervalSince1970: Double(row.createdAt) / 1000).ISO8601Format()
                print("\(when)  \(row.delta > 0 ? "+" : "")\(row.delta)  → \(row.balanceAfter)  \(row.reason)  \(row.reference ?? "")")
            }
        }
    }
}
