import ArgumentParser
import Foundation
import VerityServer
import VerityAdmin

struct AuditCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Print an environment's newest verification attempts and administrative actions (no PII).")

    @OptionGroup var target: TenantOptions
    @Option(help: "How many lines at most.") var limit: Int = 50

    func run() async throws {
        guard (1...10_000).contains(limit) else { throw ValidationError("limit must be 1–10000") }
        let settings = try SettingsLoading.load()
        let lines = try await VerityApp.withDatabase(settings) { app in
            try await AdminOperations(app: app, settings: settings)
                .tenants.audit(tenant: target.tenant, environment: target.environment, limit: limit)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for line in lines { print(String(decoding: try encoder.encode(line), as: UTF8.self)) }
    }
}
