import ArgumentParser
import Foundation
import VerityCore
import VerityServer
import VerityStore
import VerityAdmin

struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys", abstract: "Secret keys, publishable client keys, response-signing keys and the data key.",
        subcommands: [Create.self, Revoke.self, HMAC.self, ResponsePublicKey.self, DataKey.self, RotateDataKey.self, RotateDerivedKeys.self])

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a secret key, or with --publishable a client key for the mobile API; printed once, stored hashed.")
        @OptionGroup var target: TenantOptions
        @Flag(help: "A publishable client key (vhk_test_…/vhk_live_…) for apps: it can only run verifications.") var publishable = false
        @Option(help: "With --publishable: verifyhuman,verifyage,verifyidentity,verifycompliance.") var scopes: String?
        @Flag(help: "With --publishable: a pk_demo_… key (fixed answers, no credits); test environments only.") var demo = false

        func validate() throws {
            if !publishable, scopes != nil || demo { throw ValidationError("--scopes and --demo go with --publishable") }
            if publishable, scopes == nil { throw ValidationError("give --scopes, e.g. --scopes verifyhuman,verifyage") }
        }

        func run() async throws {
            let settings = try SettingsLoading.load()
            let products = try scopes.map { try MobileProduct.scopes($0) }
            let key = try await CLIOutput.reportingAsync {
                try await VerityApp.withDatabase(settings) { app in
                    let operations = try AdminOperations(app: app, settings: settings)
                    if let products {
                        return try await operations.mobile.createClientKey(tenant: target.tenant, environment: target.environment,
                                                                    scopes: products, demo: demo)
                    }
                    return try await operations.tenants.createKey(tenant: target.tenant, environment: target.environment)
                }
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
                let operations = try AdminOperations(app: app, settings: settings)
                return ClientKeyKind.of(key) != nil ? try await operations.mobile.revokeClientKey(key) : try await operations.tenants.revokeKey(key)
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
                    try await AdminOperations(app: app, settings: settings).tenants.createHMACKey(tenant: target.tenant, environment: target.environment)
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
                    try await AdminOperations(app: app, settings: settings).tenants.responsePublicKey(tenant: target.tenant, environment: target.environment)
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

    struct RotateDataKey: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rotate-data-key",
            abstract: "Re-seal everything under VERITY_DATA_KEY that the keys in VERITY_PREVIOUS_DATA_KEYS sealed; servers keep serving.",
            discussion: """
                Make a new key with `verity keys data-key`. On every server set VERITY_DATA_KEY to it and \
                VERITY_PREVIOUS_DATA_KEYS to the key in use so far, and restart them one by one. Then run this \
                once (and on every machine whose data folder holds CA key files). When it reports nothing \
                unreadable, drop VERITY_PREVIOUS_DATA_KEYS everywhere and destroy the old key. Running it again \
                is harmless. See docs/operations.md.
                """)
        @Flag(help: "Print the report as JSON.") var json = false

        func run() async throws {
            let settings = try SettingsLoading.load()
            let report = try await CLIOutput.reportingAsync {
                try await VerityApp.withDatabase(settings) { app in
                    try await AdminOperations(app: app, settings: settings).keyRotation.rotateDataKey { table in
                        guard !json else { return }
                        print("\(table.table): \(table.resealed) re-sealed, \(table.current) already under the new key"
                              + (table.unreadable > 0 ? ", \(table.unreadable) UNREADABLE" : ""))
                    }
                }
            }
            if json { try CLIOutput.print(report, json: true) } else { print("CA key files re-sealed: \(report.caKeyFilesResealed)") }
            guard report.unreadable == 0 else {
                if json { throw ExitCode(1) }
                print("\(report.unreadable) values open with no configured key and were left as they are: keep the previous key until you know why.")
                throw ExitCode(1)
            }
            if !json { print("Everything opens with key \(report.keyID): drop VERITY_PREVIOUS_DATA_KEYS on every server, then destroy the old key.") }
        }
    }

    struct RotateDerivedKeys: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rotate-derived-keys",
            abstract: "Replace the keys Verity names and signs with (blind indexes, tokens, links, response signatures) by new ones; every server stopped.",
            discussion: """
                For when those keys may have leaked (with an old data key and a database copy, say). Stop every \
                server, run this, start them again. Indexes are recomputed from the sealed values in one \
                transaction. Tokens, pass tokens, activation and device codes and sanctions clearances made \
                before stay good for the overlap; responses stay signed with the pinned key until it ends, the \
                next key published beside it. Capture links already handed out stop working: ask for new ones. \
                See docs/operations.md.
                """)
        @Option(help: "Days what the old keys signed stays accepted (1–90).") var overlapDays = KeyRotationOperations.derivedKeyOverlapDays
        @Flag(help: "Print the report as JSON.") var json = false

        func run() async throws {
            let settings = try SettingsLoading.load()
            let report = try await CLIOutput.reportingAsync {
                try await VerityApp.withDatabase(settings) { app in
                    try await AdminOperations(app: app, settings: settings).keyRotation.rotateDerivedKeys(overlapDays: overlapDays)
                }
            }
            if json { return try CLIOutput.print(report, json: true) }
            for (table, count) in report.recomputed.sorted(by: { $0.key < $1.key }) { print("\(table): \(count) recomputed") }
            print("New derived keys recorded. What the old ones signed is accepted until "
                  + "\(Date(timeIntervalSince1970: Double(report.retiringUntil) / 1000)); start the servers again.")
        }
    }
}
