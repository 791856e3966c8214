import ArgumentParser
import Foundation
import VerityCore
import VerityServer
import VerityKernel
import VerityAdmin

struct RegistryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "registry", abstract: "The embedded reference registry.", subcommands: [Import.self])

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import people from a CSV file: every row, or none if any row is bad.",
            discussion: "Columns: \(RegistryCSV.requiredColumns.joined(separator: ", ")); optional: \(RegistryCSV.optionalColumns.joined(separator: ", ")). flags: deceased, fraud_alert.")

        @Argument(help: "The CSV file.") var file: String

        func run() async throws {
            guard let data = FileManager.default.contents(atPath: file) else { throw ValidationError("cannot read \(file)") }
            guard let text = String(data: data, encoding: .utf8) else { throw ValidationError("\(file) is not UTF-8 text") }
            let settings = try SettingsLoading.load()
            let bar = ProgressBar()
            do {
                let count = try await VerityApp.withDatabase(settings) { app in
                    try await AdminOperations(app: app, settings: settings).identity.importRegistry(csv: text) { done, total in
                        bar.update(done: done, total: total)
                    }
                }
                bar.finish()
                print("Imported \(count) records.")
            } catch let problems as RegistryCSV.Problems {
                var stderr = StandardError()
                for row in problems.rows.prefix(100) { print("\(file): \(row)", to: &stderr) }
                if problems.rows.count > 100 { print("… and \(problems.rows.count - 100) more", to: &stderr) }
                print("Nothing was imported: \(problems.rows.count) bad row(s).", to: &stderr)
                throw ExitCode(65)
            }
        }
    }
}

/// A one-line progress bar on standard error.
final class ProgressBar: @unchecked Sendable {
    private let lock = NSLock()
    private var lastPercent = -1

    func update(done: Int, total: Int) {
        lock.lock(); defer { lock.unlock() }
        let percent = total == 0 ? 100 : done * 100 / total
        guard percent != lastPercent else { return }
        lastPercent = percent
        let filled = percent * 30 / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: 30 - filled)
        FileHandle.standardError.write(Data("\r[\(bar)] \(percent)% (\(done)/\(total))".utf8))
    }

    func finish() { FileHandle.standardError.write(Data("\n".utf8)) }
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) { FileHandle.standardError.write(Data(string.utf8)) }
}
