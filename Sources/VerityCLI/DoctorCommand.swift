import ArgumentParser
import Foundation
import VerityServer
import VerityKernel
import VerityAdmin

/// `verity doctor`: checks a deployment and prints what to fix, one line per
/// check; exits 0 only when every check holds.
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check this deployment (database, data key, models, Tesseract, HSM, CA, webhooks, clock) and say what to fix.")

    func run() async throws {
        let settings: Settings
        do {
            settings = try SettingsLoading.load()
        } catch {
            print("FAIL  settings: \(error)")
            throw ExitCode(1)
        }
        let checks = try await VerityApp.withDatabase(settings, migrate: false) { app in
            await DeploymentDoctor(db: app.db, settings: settings).run()
        }
        for check in checks {
            let mark = switch check.status { case "ok": "ok   "; case "not_configured": "--   "; case "warning": "WARN "; default: "FAIL " }
            print("\(mark) \(check.name)\(check.detail.map { ": \($0)" } ?? "")")
        }
        let failing = checks.filter { $0.status == "failing" }.count
        print(failing == 0 ? "All \(checks.count) checks hold." : "\(failing) of \(checks.count) checks fail.")
        if failing > 0 { throw ExitCode(1) }
    }
}
