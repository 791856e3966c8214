import ArgumentParser
import Foundation
import VerityServer
import VerityAdmin

/// `verity retention`: what an environment keeps and for how long is set
/// with `verity environment set --retention-…`; this shows the sweeps that
/// enforce it, or runs one now.
struct RetentionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retention", abstract: "The retention sweeps that erase what an environment keeps past its periods.",
        subcommands: [Show.self, Sweep.self])

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The environment's periods and its newest hourly sweeps.")
        @OptionGroup var target: TenantOptions
        @Option(help: "How many sweeps (1–500).") var limit: Int = 24

        func run() async throws {
            guard (1...500).contains(limit) else { throw ValidationError("--limit is 1–500") }
            let settings = try SettingsLoading.load()
            let (configuration, sweeps) = try await CLIOutput.reportingAsync {
                try await VerityApp.withDatabase(settings) { app in
                    let operations = try AdminOperations(app: app, settings: settings)
                    return (try await operations.tenants.configuration(tenant: target.tenant, environment: target.environment),
                            try await operations.retention.retentionSweeps(tenant: target.tenant, environment: target.environment, limit: limit))
                }
            }
            print(try JSONOutput.render(configuration.retention))
            for sweep in sweeps { print(try JSONOutput.render(sweep)) }
        }
    }

    struct Sweep: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Erase now what the environment keeps past its periods.")
        @OptionGroup var target: TenantOptions

        func run() async throws {
            let settings = try SettingsLoading.load()
            let removed = try await CLIOutput.reportingAsync {
                try await VerityApp.withDatabase(settings) { app in
                    try await AdminOperations(app: app, settings: settings).retention.sweepRetention(tenant: target.tenant, environment: target.environment)
                }
            }
            print(try JSONOutput.render(removed))
        }
    }
}
