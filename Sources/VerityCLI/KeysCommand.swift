import ArgumentParser
import VerityServer
import VerityStore

struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys", abstract: "Secret keys and the data key.",
        subcommands: [Create.self, Revoke.self, DataKey.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Make a secret key; it is printed once and stored hashed.")
        @OptionGroup var target: TenantOptions

        func run() async throws {
            let settings = try SettingsLoading.load()
            let key = try await VerityApp.withDatabase(settings) { app in
                try await AdminOperations(db: app.db, settings: settings)
                    .createKey(tenant: target.tenant, environment: target.environment)
            }
            print(key)
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke a secret key.")
        @Argument(help: "The secret key.") var key: String

        func run() async throws {
            let settings = try SettingsLoading.load()
            let revoked = try await VerityApp.withDatabase(settings) { app in
                try await AdminOperations(db: app.db, settings: settings).revokeKey(key)
            }
            guard revoked else { throw ValidationError("no live key matches") }
            print("Revoked.")
        }
    }

    struct DataKey: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "data-key", abstract: "Print a new random VERITY_DATA_KEY.")

        func run() {
            print(DataProtector.randomBytes(32).base64EncodedString())
        }
    }
}
