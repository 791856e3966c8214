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
    @Option(help: "OFAC's SDN list VerifyCompliance screens against (sdn.csv); imported when the demo has no list or another one.")
    var sanctionsFile: String = "reference-data/sanctions/ofac-sdn-2024-05-03.csv"
    @Option(help: "OFAC's alternate names (alt.csv) for that list; skipped when the file is missing.")
    var sanctionsAltFile: String = "reference-data/sanctions/ofac-alt-2021.csv"
    @Option(help: "More lists screened beside OFAC's (the UN's consolidated.xml, BIS's dpl.txt), each imported when missing; skipped when a file is missing.")
    var sanctionsListFile: [String] = ["reference-data/sanctions/un-consolidated-2026-02-27.xml", "reference-data/sanctions/us-bis-dpl.txt"]
    @Option(help: "The TypeScript SDK's folder: its example page is served at /examples/web, with the SDK built into its dist/.")
    var sdkFolder: String = "sdk/typescript"
    @Flag(help: "Start without the first week's history (verifications, document checks, sessions, webhooks) a new data folder gets.")
    var empty = false
    @Option(help: "Documents of the registry's people (scripts/generate-demo-documents.sh renders them), for the first week's history.")
    var generatedDocuments: String = ".build/docgen-fixtures"
    @Option(help: "Public specimens of real passports and ID cards, for the first week's history; left out when missing.")
    var specimens: String = "../shared/data/documents/mrz-specimens"

    func run() async throws {
        try PrivateFiles.makeFolder(dataDir)
        var overrides = [SettingVariable.host.name: host, SettingVariable.port.name: String(port), SettingVariable.dataDirectory.name: dataDir]
        if ProcessInfo.processInfo.environment[SettingVariable.dataKey] == nil {
            overrides[SettingVariable.dataKey.name] = try DemoDataKey.loadOrCreate(in: dataDir)
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
        // Where the demo calls itself (its history, its webhook receiver): an address it listens on.
        let ownURL = "http://\(["0.0.0.0", "::", ""].contains(host) ? "127.0.0.1" : host):\(port)"
        let clock = DemoClock()
        let history = DemoHistoryStart(dataDir: dataDir, wanted: !empty && !DemoHistory.hasBegun(in: dataDir), clock: clock,
                                       documents: DemoDocuments(generatedFolder: generatedDocuments, specimenFolder: specimens))
        try await ServerRunner.run(settings: settings, autoMigrate: true, clock: clock.clock, beforeServing: { app in
            let exists = { FileManager.default.fileExists(atPath: $0) }
            let ofac = exists(sanctionsFile) ? [try SanctionsFile.list(main: sanctionsFile, alt: exists(sanctionsAltFile) ? sanctionsAltFile : nil)] : []
            let sanctions = try ofac + sanctionsListFile.filter(exists).map { try SanctionsFile.list(main: $0) }
            let keys = try await DemoSetup.seed(app, settings: settings, baseURL: baseURL, sanctions: sanctions, clock: clock.clock)
            let examples = DemoExamples.load(sdkFolder: sdkFolder)
            examples.register(on: app)
            let operations = try AdminOperations(app: app, settings: settings, clock: clock.clock)
            try await DemoWebhookReceiver.connect(operations, clock: clock.clock, baseURL: ownURL, create: !empty)?.register(on: app)
            let announce: @Sendable () throws -> Void = { try announceKeys(keys, sdkBuilt: examples.sdkBuilt, history: history.announcement) }
            // A new folder's keys are handed over once its first week is made: nothing a newcomer
            // does meets the server's clock set back a week.
            let prepared = try await history.prepare(operations: operations, settled: { now in try await DemoSetup.jobsSettled(app, now: now) },
                                                     keys: keys, ownURL: ownURL, then: announce)
            if !prepared { try announce() }
        }, whenServing: { _ in await history.make() })
    }

    /// Writes `demo-keys.json` and prints the keys, the console and a curl line.
    private func announceKeys(_ keys: DemoKeys, sdkBuilt: Bool, history: String) throws {
        let path = try DemoSetup.write(keys, toDirectory: dataDir)
        let baseURL = keys.baseURL
        // Unbuffered, so a script tailing the output sees it at once.
        FileHandle.standardOutput.write(Data("""
        Verity demo at \(baseURL)
          secret key (tenant "demo", test): \(keys.secretKey)
          user token (\(DemoSetup.userRef), 24 h):  \(keys.userToken)
          mobile client key (every scope, 1,000 credits): \(keys.clientKey)
          mobile demo key (fixed answers, no credits):    \(keys.demoClientKey)
          OCR response HMAC key (test):                   \(keys.hmacKey)
          console: \(baseURL)/console  (admin \(keys.operatorEmail), password \(keys.operatorPassword))
          keys written to \(path)
          certification entity: \(DemoSetup.entity) (levels 1–4; CA chain at \(baseURL)/pki/chain.pem)
          sanctions lists: \(keys.sanctionsList ?? "none: \(sanctionsFile) is missing, so VerifyCompliance answers 503 until `verity sanctions import`")
          the TypeScript SDK in a browser: \(baseURL)/examples/web\(sdkBuilt ? "" : "  (\(sdkFolder)/dist is not built: tsc -p \(sdkFolder))")
          first week's history: \(history)

        Try it:
          curl -s -H "Authorization: Bearer \(keys.userToken)" \(baseURL)/v1/identity/supported-countries

        """.utf8))
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
