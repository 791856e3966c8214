import ArgumentParser
import Foundation
import VerityCore
import VerityKernel

/// The CLI is the one place that reads the process environment.
enum SettingsLoading {
    static func load(overrides: [String: String] = [:]) throws -> Settings {
        let environment = ProcessInfo.processInfo.environment.merging(overrides) { _, new in new }
        do {
            return try Settings.from(environment: environment)
        } catch let error as SettingsError {
            throw ValidationError("setting \(error.description)")
        }
    }
}

/// `--tenant` and `--environment`, shared by operator commands.
struct TenantOptions: ParsableArguments {
    @Option(help: "Tenant name.") var tenant: String
    @Option(help: "test or live.") var environment: EnvironmentKind = .test
}

extension EnvironmentKind: ExpressibleByArgument {}
