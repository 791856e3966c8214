import ArgumentParser
import Foundation
import VerityServer
import VerityAdmin

struct ConsentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "consent", abstract: "Consent texts shown to users.", subcommands: [Add.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Publish a consent text; it becomes the current text for its locale and content type.")
        @OptionGroup var target: TenantOptions
        @Option(help: "Locale, e.g. en-US.") var locale: String
        @Option(help: "Content type, e.g. text/plain.") var contentType: String = "text/plain"
        @Option(help: "File holding the text (UTF-8).") var file: String

        func run() async throws {
            guard let data = FileManager.default.contents(atPath: file),
                  let content = String(data: data, encoding: .utf8) else { throw ValidationError("cannot read \(file) as UTF-8") }
            let settings = try SettingsLoading.load()
            try await VerityApp.withDatabase(settings) { app in
                try await AdminOperations(app: app, settings: settings).tenants.addConsentText(
                    tenant: target.tenant, environment: target.environment, locale: locale,
                    contentType: contentType, content: content)
            }
            print("Published.")
        }
    }
}
