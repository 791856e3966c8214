import ArgumentParser
import Foundation
import VerityCore
import VerityPKI
import VerityStore
import VerityKernel
import VerityAdmin

struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Start a server with a demo tenant, registry, consent texts, keys and a token.")

    @Option(help: "Port to listen on.") var port: Int = 8080
    @Option(help: "Address to listen on.") var host: String = "127.0.0.1"
    @Option(help: "Folder for the SQLite file, the data key and demo-keys.json.") var dataDir: String = "./data"
    @Option(help: "The sanctions list VerifyCompliance screens against (OFAC's SDN CSV); imported when the demo has no list or another one.")
    var sanctionsFile: String = "reference-data/sanctions/ofac-sdn-2024-05-03.csv"
    @Option(help: "OFAC's alternate names (alt.csv) for that list; skipped when the file is missing.")
    var sanctionsAltFile: String = "reference-data/sanctions/ofac-alt-2021.csv"
    @Option(help: "The TypeScript SDK's folder: its example page is served at /examples/web, with the SDK built into its dist/.")
    var sdkFolder: String = "sdk/typescript"

    func run() async throws {
        try PrivateFiles.makeFolder(dataDir)
        var overrides = ["VERITY_HOST": host, "VERITY_PORT": String(port), "VERITY_DATA_DIR": dataDir]
        if ProcessInfo.processInfo.environment["VERITY_DATA_KEY"]?.isEmpty ?? true {
            overrides["VERITY_DATA_KEY"] = try DemoDataKey.loadOrCreate(in: dataDir)
        }
        // A person watches the demo: readable lines, notices and worse (VERITY_LOG_* still decide when set).
        let settings = try SettingsLoading.load(overrides: overrides).forPeople()
        // The platform CA, as `verity ca init` makes it, the first time.
        let caFiles = settings.caFiles(in: dataDir)
        if !caFiles.exists {
            // The demo's root key stays in its folder (a demo CA), its code unused.
            _ = try CLIOutput.reporting { try caFiles.initialise(organisation: "Verity Demo", policy: try CertificatePolicy(arc: settings.pkiPolicyArc)) }
        }
        // And the test environments' own.
        _ = try CLIOutput.reporting { try settings.initialiseTestCA(organisation: "Verity Demo", in: dataDir) }
        let baseURL = "http://\(host):\(port)"
        try await ServerRunner.run(settings: settings, autoMigrate: true) { app in
            let sanctions = FileManager.default.fileExists(atPath: sanctionsFile)
                ? try SanctionsFile.list(sdn: sanctionsFile, alt: FileManager.default.fileExists(atPath: sanctionsAltFile) ? sanctionsAltFile : nil)
                : nil
            let keys = try await DemoSetup.seed(app, settings: settings, baseURL: baseURL, sanctions: sanctions)
            let examples = DemoExamples.load(sdkFolder: sdkFolder)
            examples.register(on: app)
            let path = try DemoSetup.write(keys, toDirectory: dataDir)
            // Unbuffered, so a script tailing the output sees it at once.
            FileHandle.standardOutput.write(Data("""
            Verity demo is starting at \(baseURL)
              secret key (tenant "demo", test): \(keys.secretKey)
              user token (\(DemoSetup.userRef), 24 h):  \(keys.userToken)
              mobile client key (every scope, 1,000 credits): \(keys.clientKey)
              mobile demo key (fixed answers, no credits):    \(keys.demoClientKey)
              OCR response HMAC key (test):                   \(keys.hmacKey)
              console: \(baseURL)/console  (admin \(keys.operatorEmail), password \(keys.operatorPassword))
              keys written to \(path)
              certification entity: \(DemoSetup.entity) (levels 1–4; CA chain at \(baseURL)/pki/chain.pem)
              sanctions list: \(keys.sanctionsList ?? "none: \(sanctionsFile) is missing, so VerifyCompliance answers 503 until `verity sanctions import`")
              the TypeScript SDK in a browser: \(baseURL)/examples/web\(examples.sdkBuilt ? "" : "  (\(sdkFolder)/dist is not built: tsc -p \(sdkFolder))")

            Try it:
              curl -s -H "Authorization: Bearer \(keys.userToken)" \(baseURL)/v1/identity/supported-countries

            """.utf8))
        }
    }
}

/// The demo keeps its data key beside its database, so restarts can read old data.
enum DemoDataKey {
    static func loadOrCreate(in directory: String) throws -> String {
        let path = (directory as NSString).appendingPathComponent("data.key")
        if let existing = try? String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines),
           !existing.isEmpty {
            return existing
        }
        let key = DataProtector.randomBytes(32).base64EncodedString()
        do {
            try PrivateFiles.write(Data(key.utf8), to: path)
        } catch {
            throw ValidationError("cannot write the demo data key: \(error)")
        }
        return key
    }
}
