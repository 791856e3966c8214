import ArgumentParser
import VerityCore
import VerityServer
import VerityStore

struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys", abstract: "Secret keys, publishable client keys, response-signing keys and the data key.",
        subcommands: [Create.self, Revoke.self, HMAC.self, ResponsePublicKey.self, DataKey.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a secret key, or with --publishable a client key for the mobile API; printed once, stored hashed.")
        @OptionGroup var target: TenantOptions
        @Flag(help: "A publishable client key (vhk_test_…/vhk_live_…) for apps: it can only run verifications.") var publishable = false
        @Option(help: "With --publishable: verifyhuman,verifyage,verifyidentity,verifycompliance.") var scopes: String?
        @Flag(help: "With --publishable: a pk_demo_… key (fixed answers, no credits).") var demo = false

        func validate() throws {
            if !publishable, scopes != nil || demo { throw ValidationError("--scopes and --demo go with --publishable") }
            if publishable, scopes == nil { throw ValidationError("give --scopes, e.g. --scopes verifyhuman,verifyage") }
        }

        func run() async throws {
            let settings = try SettingsLoading.load()
            let products = try scopes.map { try MobileProduct.scopes($0) }
            let key = try await VerityApp.withDatabase(settings) { app in
                let operations = try AdminOperations(db: app.db, settings: settings)
                if let products {
                    return try await operations.createClientKey(tenant: target.tenant, environment: target.environment,
                                                                scopes: products, demo: demo)
                }
                return try await operations.createKey(tenant: target.tenant, environment: target.environment)
            }
            print(key)
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke a secret key or a client key.")
        @Argument(help: "The secret key.") var key: String

        func run() async throws {
            let settings = try SettingsLoading.load()
            let revoked = try await VerityApp.withDatabase(settings) { app in
                let operations = try AdminOperations(db: app.db, settings: settings)
                return ClientKeyKind.of(key) != nil ? try await operations.revokeClientKey(key) : try await operations.revokeKey(key)
            }
            guard revoked else { throw ValidationError("no live key matches") }
            print("Revoked.")
        }
    }

    struct HMAC: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "hmac",
            abstract: "Make the environment's key for signed OCR responses (HMAC-SHA256); printed once, base64. Replaces any earlier key.")
        @OptionGroup var target: TenantOptions

        func run() async throws {
            let settings = try SettingsLoading.load()
            let key = try await CLIOutput.reportingAsync {
                try await VerityApp.withDatabase(settings) { app in
                    try await AdminOperations(db: app.db, settings: settings).createHMACKey(tenant: target.tenant, environment: target.environment)
                }
            }
            print(key)
        }
    }

    struct ResponsePublicKey: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "response-public-key",
            abstract: "Print the environment's Ed25519 public key (PEM) that checks its signed OCR responses offline.")
        @OptionGroup var target: TenantOptions

        func run() async throws {
            let settings = try SettingsLoading.load()
            let key = try await CLIOutput.reportingAsync {
                try await VerityApp.withDatabase(settings) { app in
                    try await AdminOperations(db: app.db, settings: settings).responsePublicKey(tenant: target.tenant, environment: target.environment)
                }
            }
            print(key.pem, terminator: "")
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
