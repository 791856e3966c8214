import ArgumentParser
import Foundation
import VerityServer
import VerityAdmin

/// `verity housekeeping`: the sweep every running server makes each minute,
/// for an operator who wants it now (or runs servers rarely).
struct HousekeepingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "housekeeping",
        abstract: """
            Delete what has outlived its use (idle mobile sessions with their images, day-old Idempotency-Key answers) \
            and give back PII attempts a dead server left unsettled.
            """)

    func run() async throws {
        let settings = try SettingsLoading.load()
        let swept = try await CLIOutput.reportingAsync {
            try await VerityApp.withDatabase(settings) { app in try await AdminOperations(app: app, settings: settings).retention.housekeeping() }
        }
        print("Deleted \(swept.mobileSessions) expired mobile session(s) and \(swept.idempotencyKeys) expired Idempotency-Key answer(s).")
        if swept.abandonedAttempts > 0 {
            print("Gave back \(swept.abandonedAttempts) PII attempt(s) left unsettled by a server that stopped (VERITY_ABANDONED_ATTEMPT_SECONDS).")
        }
    }
}
