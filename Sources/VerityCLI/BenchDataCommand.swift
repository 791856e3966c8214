import ArgumentParser
import Foundation
import VerityCore
import VerityServer
import VerityStore
import VerityAdmin

/// `verity bench-data`: what the console's benchmark (`bench/console.sh`)
/// needs from the database itself: a large synthetic history, and the
/// baseline of a plain `SELECT count(*)` through the same driver.
struct BenchDataCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-data", abstract: "Synthetic data and baselines for benchmarks (never on a tenant with real users).",
        subcommands: [Console.self, Count.self])

    struct Console: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add synthetic document checks (no PII, references synthetic-…) and review cases, open and decided.")
        @OptionGroup var target: TenantOptions
        @Option(help: "Document checks to add, spread over the last 14 days.") var checks: Int = 100_000
        @Option(help: "Of them, checks waiting for a reviewer (open cases).") var openCases: Int = 10_000
        @Option(help: "Of them, checks a reviewer decided.") var decidedCases: Int = 10_000

        func run() async throws {
            guard checks > 0, checks <= 5_000_000, openCases >= 0, decidedCases >= 0, openCases + decidedCases <= checks else {
                throw ValidationError("checks is 1–5,000,000, and open plus decided cases at most checks")
            }
            let settings = try SettingsLoading.load()
            let started = Date()
            let written = try await CLIOutput.reportingAsync { try await VerityApp.withDatabase(settings) { app in
                try await AdminOperations(app: app, settings: settings).benchData.fillSyntheticConsoleLoad(
                    tenant: target.tenant, environment: target.environment,
                    plan: SyntheticLoad.Plan(checks: checks, openCases: openCases, decidedCases: decidedCases))
            } }
            print("{\"checks\": \(written), \"openCases\": \(openCases), \"decidedCases\": \(decidedCases), \"seconds\": \(String(format: "%.1f", Date().timeIntervalSince(started)))}")
        }
    }

    struct Count: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Time SELECT count(*) over a table, repeatedly; prints p50 and p95 in ms.")
        @Option(help: "document_checks, review_cases, end_users or audit_events.") var table: String = "document_checks"
        @Option(help: "How many times.") var times: Int = 100

        func run() async throws {
            let settings = try SettingsLoading.load()
            let (count, timings) = try await CLIOutput.reportingAsync { try await VerityApp.withDatabase(settings) { app in
                try await AdminOperations(app: app, settings: settings).benchData.timeCount(table: table, times: times)
            } }
            let sorted = timings.dropFirst().sorted()   // the first also warms the connection
            func at(_ fraction: Double) -> Double { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction))] }
            print("{\"table\": \"\(table)\", \"rows\": \(count), \"p50Ms\": \(String(format: "%.2f", at(0.5))), \"p95Ms\": \(String(format: "%.2f", at(0.95)))}")
        }
    }
}
