import Fluent
import Foundation
import VerityEnginePool
import VerityEngines
import Logging
import VerityAPI
import VerityCore
import VerityPKI
import VerityStore
import VerityVision
import X509
import VerityKernel
import VerityCertification

/// `verity doctor`: what `/readyz` checks, and what a deployment needs beyond
/// serving its next request: the data key opens what the database holds,
/// Tesseract has its languages, the CA certificates are valid for a while
/// yet, webhook endpoints answer, the clock agrees with the database. Each
/// check is one line saying what to fix.
public struct DeploymentDoctor: Sendable {
    let db: any Database
    let settings: Settings
    let clock: VerityClock
    /// A CA certificate expiring sooner than this is a failure to act on now.
    static let expiryWarningSeconds: TimeInterval = 30 * 86_400
    /// How far the server's clock may be from the database's.
    static let clockToleranceMilliseconds: Int64 = 5_000

    public init(db: any Database, settings: Settings, clock: VerityClock = .system) {
        self.db = db
        self.settings = settings
        self.clock = clock
    }

    public func run() async -> [HealthCheck] {
        let readiness = ReadinessChecks(db: db, settings: settings, models: ModelFilesCheck(directory: settings.modelsDirectory))
        var checks = [await readiness.database()]
        guard checks[0].status == "ok" else { return checks }
        let migrations = await readiness.migrations()
        checks.append(migrations)
        // Without its tables the database has nothing to open or to tell.
        if migrations.status == "ok" { checks.append(await dataKey()) }
        checks.append(await readiness.models.check())
        checks += tesseract()
        checks.append(await engineWorker())
        checks.append(openFiles())
        checks.append(await ReadinessChecks.hsm(settings))
        if migrations.status == "ok", settings.hsm != nil { checks.append(await hsmTokens()) }
        checks += certificateAuthority()
        if migrations.status == "ok" { checks.append(await webhooks()) }
        if migrations.status == "ok" { checks.append(await chipTrust()) }
        checks.append(await clockCheck())
        checks.append(transport())
        return checks
    }

    /// The key opens a record the database holds (a wrong key reads nothing and says so everywhere).
    package func dataKey() async -> HealthCheck {
        let protector: DataProtector
        do {
            protector = try await DerivedKeyRecord.protector(db: db, dataKey: settings.dataKey, previousKeys: settings.previousDataKeys,
                                                        now: clock.nowMillis())
        } catch StoreError.wrongDataKey {
            return HealthCheck(name: "data key", status: "failing",
                               detail: "a sealed record does not open: VERITY_DATA_KEY is not the key this database was written with")
        } catch {
            return HealthCheck(name: "data key", status: "failing", detail: "\(error)")
        }
        switch await DerivedKeyRecord.opensWhatIsSealed(db: db, protector: protector) {
        case nil: return HealthCheck(name: "data key", status: "ok", detail: "nothing sealed yet")
        case false?:
            return HealthCheck(name: "data key", status: "failing",
                               detail: "a sealed record does not open: VERITY_DATA_KEY is not the key this database was written with")
        case true?:
            let previous = settings.previousDataKeys.isEmpty ? "" : "; previous keys are set: drop VERITY_PREVIOUS_DATA_KEYS once `verity keys rotate-data-key` has finished"
            return HealthCheck(name: "data key", status: "ok", detail: "opens the records this database holds" + previous)
        }
    }

    /// Every language the document engine reads with.
    func tesseract() -> [HealthCheck] {
        TesseractPool.languages.map { language in
            do {
                try TesseractPool.shared.check(language)
                return HealthCheck(name: "tesseract \(language)", status: "ok")
            } catch {
                return HealthCheck(name: "tesseract \(language)", status: "failing", detail: (error as? VerityError)?.message ?? "Tesseract cannot load it")
            }
        }
    }

    /// An engine worker starts, confines itself and answers a task, as the
    /// server will start one for its first image (`docs/security.md`).
    func engineWorker() async -> HealthCheck {
        guard settings.engineIsolation == .workers else {
            return HealthCheck(name: "engine workers", status: "ok", detail: "the engines run in the server's process (VERITY_ENGINE_ISOLATION=in-process)")
        }
        guard let executable = settings.engineWorkerExecutable else {
            return HealthCheck(name: "engine workers", status: "failing", detail: "no verity-engine-worker program is set")
        }
        let pool = EngineWorkerPool(configuration: EngineWorkerPool.Configuration(
            executable: executable, standIn: settings.engineWorkerStandIn, modelsDirectory: URL(fileURLWithPath: settings.modelsDirectory).standardizedFileURL.path, workers: 1,
            memoryMegabytes: settings.engineWorkerMemoryMegabytes, taskCPUMilliseconds: settings.engineTaskSeconds * 1000), logger: Logger(label: "doctor"))
        let check: HealthCheck
        do {
            // A plain grey picture: the sandbox, the intake, the decoder and the answer's way back.
            let grey = PNGWriter.encode(RGBImage(width: 40, height: 40, pixels: [UInt8](repeating: 128, count: 40 * 40 * 3))) ?? []
            _ = try await pool.perform(.captureQuality(image: Data(grey))).qualityProblems()
            // And the worker is confined as the sandbox promises, seen from outside.
            if let zygote = pool.idleZygotes().first, let problem = EngineConfinementCheck.problem(with: zygote) {
                check = HealthCheck(name: "engine workers", status: "failing", detail: "the engine worker runs, but \(problem)")
            } else {
                let hostUser = SandboxProcesses.procFile("/proc/\(pool.idleZygotes().first ?? 0)/status")?
                    .split(separator: "\n").first { $0.hasPrefix("Uid:") }?.split(separator: "\t").dropFirst().first
                let asRoot = hostUser == "0" ? "; it is root outside its namespaces because nobody cannot read its files or the models "
                    + "(make them readable by others to run it as nobody there too)" : ""
                check = HealthCheck(name: "engine workers", status: "ok", detail: "confined: own namespaces, no network, seccomp allowlist\(asRoot)")
            }
        } catch {
            check = HealthCheck(name: "engine workers", status: "failing", detail: """
                an engine worker did not answer (\((error as? VerityError)?.message ?? "\(error)")): check that bubblewrap is installed \
                and user namespaces are allowed (verity sandbox run -- /usr/bin/id), or set VERITY_ENGINE_ISOLATION=in-process
                """)
        }
        await pool.shutdown()
        return check
    }

    /// Whether the server may hold enough connections open: `verity serve`
    /// raises its soft limit to the hard one, so the hard one decides.
    func openFiles() -> HealthCheck {
        let hard = DescriptorLimit.current.hard
        guard hard >= DescriptorLimit.minimum else {
            return HealthCheck(name: "open files", status: "failing", detail: """
                the server may open \(hard) descriptors, one per connection: a crowd of idle clients would silence it; \
                raise the hard limit to \(DescriptorLimit.wanted) (LimitNOFILE= in its systemd unit, or ulimit -Hn)
                """)
        }
        return HealthCheck(name: "open files", status: "ok",
                           detail: "\(min(hard, DescriptorLimit.wanted)) descriptors for connections (the server raises its soft limit)")
    }

    /// How personal data crosses networks: the database connection and the
    /// server's own address.
    func transport() -> HealthCheck {
        if let url = settings.databaseURL, TransportRules.postgresInClear(url) {
            return HealthCheck(name: "transport", status: "failing",
                               detail: "DATABASE_URL reaches another machine without TLS: use sslmode=require (or verify-full)")
        }
        if settings.tls != nil { return HealthCheck(name: "transport", status: "ok", detail: "the server speaks HTTPS itself") }
        if settings.publicURL?.hasPrefix("https://") == true {
            return HealthCheck(name: "transport", status: "ok", detail: "TLS ends at the proxy in front (VERITY_PUBLIC_URL is https)")
        }
        return HealthCheck(name: "transport", status: "ok", detail: "plain HTTP on this machine only (\(settings.host))")
    }

    /// The platform CA's certificates (or the outside CA's chain), valid today and for thirty days more.
    func certificateAuthority() -> [HealthCheck] {
        var found: [(String, Certificate)] = []
        if let external = settings.externalCA {
            guard let chain = try? HTTPCertificateAuthority.loadChain(external.chainPath), !chain.isEmpty else {
                return [HealthCheck(name: "CA", status: "failing", detail: "VERITY_EXTERNAL_CA_CHAIN (\(external.chainPath)) holds no certificate")]
            }
            found = chain.enumerated().map { ("outside CA certificate \($0.offset + 1)", $0.element) }
        } else {
            let files = settings.caFiles()
            guard files.exists else {
                return [HealthCheck(name: "CA", status: "not_configured",
                                    detail: "no platform CA in \(settings.dataDirectory): `verity ca init` before certifying users")]
            }
            guard let (root, issuing) = try? files.certificates() else {
                return [HealthCheck(name: "CA", status: "failing", detail: "the CA certificates in \(settings.dataDirectory) do not read")]
            }
            found = [("CA root", root), ("CA issuing", issuing)]
            // Test environments certify under a CA of their own (issue 47, finding 10).
            let test = settings.testCAFiles()
            guard test.exists, let (testRoot, testIssuing) = try? test.certificates() else {
                return [HealthCheck(name: "test CA", status: test.exists ? "failing" : "not_configured",
                                    detail: test.exists ? "the test CA's certificates in \(test.directory) do not read"
                                        : "test environments have no CA of their own: `verity ca init` adds one beside the platform CA")]
                    + checkValidity(found)
            }
            found += [("test CA root", testRoot), ("test CA issuing", testIssuing)]
            // The root key signs nothing after `verity ca init`: on this machine it is only something to steal.
            if let present = files.rootKeyFilesPresent.first {
                return [HealthCheck(name: "CA root key", status: "failing",
                                    detail: "\(present) is on this machine: move it offline (with its code); no server needs it")]
                    + checkValidity(found)
            }
        }
        return checkValidity(found)
    }

    /// Each certificate valid today and for thirty days more.
    private func checkValidity(_ found: [(String, Certificate)]) -> [HealthCheck] {
        let now = Date(timeIntervalSince1970: TimeInterval(clock.nowMillis()) / 1000)
        return found.map { name, certificate in
            let notAfter = certificate.notValidAfter
            if certificate.notValidBefore > now {
                return HealthCheck(name: name, status: "failing", detail: "not valid before \(notAfter): is the clock right?")
            }
            if notAfter <= now { return HealthCheck(name: name, status: "failing", detail: "expired on \(Self.day(notAfter)): issue a new CA") }
            if notAfter.timeIntervalSince(now) < Self.expiryWarningSeconds {
                return HealthCheck(name: name, status: "failing", detail: "expires on \(Self.day(notAfter)), within 30 days: renew it now")
            }
            return HealthCheck(name: name, status: "ok", detail: "valid until \(Self.day(notAfter))")
        }
    }

    /// Endpoints failing now, or disabled for failing: their backends are not being told.
    func webhooks() async -> HealthCheck {
        guard let endpoints = try? await WebhookEndpointRepository(db: db).allEndpoints() else {
            return HealthCheck(name: "webhooks", status: "failing", detail: "the endpoints could not be read")
        }
        let disabled = endpoints.filter { $0.status == .disabled && $0.disabledReason == "failing" }
        let failing = endpoints.filter { $0.status == .enabled && $0.failingSince != nil }
        guard disabled.isEmpty, failing.isEmpty else {
            let named = (disabled + failing).prefix(5).compactMap { $0.id?.uuidString }.joined(separator: ", ")
            return HealthCheck(name: "webhooks", status: "failing", detail:
                "\(disabled.count) endpoint(s) disabled after a day of failures, \(failing.count) failing now (\(named)): "
                + "fix the receiver, then `verity webhooks enable ID` and `verity webhooks redeliver`")
        }
        return HealthCheck(name: "webhooks", status: "ok", detail: endpoints.isEmpty ? "no endpoints" : "\(endpoints.count) endpoint(s) answering")
    }

    /// The server's clock against PostgreSQL's, or (SQLite, the same machine)
    /// not behind the newest thing the database recorded.
    func clockCheck() async -> HealthCheck {
        let now = clock.nowMillis()
        let probe = DatabaseProbe(db: db)
        let theirs: Int64?
        do {
            theirs = try await probe.databaseClockMillis()
        } catch {
            return HealthCheck(name: "clock", status: "failing", detail: "the database's clock could not be read")
        }
        if let theirs {
            let skew = abs(theirs - now)
            return skew <= Self.clockToleranceMilliseconds
                ? HealthCheck(name: "clock", status: "ok", detail: "within \(skew) ms of the database's")
                : HealthCheck(name: "clock", status: "failing", detail: "\(skew / 1000) s from the database's clock: run NTP on both machines")
        }
        if let newest = (try? await probe.newestAuditEventAt()) ?? nil, newest > now + 60_000 {
            return HealthCheck(name: "clock", status: "failing",
                               detail: "the database holds records from \((newest - now) / 1000) s in the future: is the clock set back?")
        }
        return HealthCheck(name: "clock", status: "ok")
    }

    private static func day(_ date: Date) -> String { String(ISO8601DateFormatter().string(from: date).prefix(10)) }
}
