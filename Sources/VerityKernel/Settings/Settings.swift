import Foundation

/// Every setting the server reads, with its default. Nothing else in Verity
/// reads the process environment.
public struct Settings: Sendable {
    public var host: String = SettingVariable.host.defaultText
    public var port: Int = SettingVariable.port.defaultInteger
    /// PostgreSQL when set (`postgres://user:pass@host:port/db`); SQLite otherwise.
    public var databaseURL: String?
    /// Folder of the SQLite file and of `verity demo`'s output.
    public var dataDirectory: String = SettingVariable.dataDirectory.defaultText
    /// 32 random bytes: encrypts PII, keys blind indexes, signs tokens.
    public var dataKey: Data
    /// Earlier data keys, to open what they sealed while a rotation runs
    /// (`verity keys rotate-data-key`); dropped once it has finished.
    public var previousDataKeys: [Data] = []
    /// Lifetime of end-user tokens when the backend does not ask for another.
    public var tokenTTLSeconds: Int = SettingVariable.tokenTTL.defaultInteger
    /// The HTTP identity bureau, for environments whose data source is `bureau`.
    public var bureau: BureauSettings?
    /// How long an SMS verification code works.
    public var deviceCodeLifetimeSeconds: Int = SettingVariable.deviceCodeLifetime.defaultInteger
    /// The SMS provider for device verification codes; unset: the development outbox.
    public var sms: SMSSettings?
    /// The SMTP server activation codes are mailed through; nil: the development outbox (test environments).
    public var smtp: SMTPSettings?
    /// Arc of the certificate policy OIDs (your IANA enterprise number's); the
    /// default is RFC 5612's documentation arc, for development only.
    public var pkiPolicyArc: String = SettingVariable.pkiPolicyArc.defaultText
    /// Where clients reach this server, for the CRL address in certificates;
    /// unset: http://host:port.
    public var publicURL: String?
    /// The server's own TLS certificate chain and key (PEM files): with
    /// them it speaks HTTPS itself; without, a TLS-terminating proxy must
    /// stand in front of it anywhere but this machine (`docs/operations.md`).
    public var tls: TLSFiles?
    /// An outside CA for levels 2–4; unset: the built-in platform CA.
    public var externalCA: ExternalCASettings?
    /// The PKCS#11 module for level-4 keys (each user's key in a token of its own).
    public var hsm: HSMSettings?
    /// The face models (scripts/install-face-models.sh), checked when the server starts.
    public var modelsDirectory: String = SettingVariable.modelsDirectory.defaultText
    /// Threads reading documents and faces (Tesseract, zxing, dlib, OpenCV): a
    /// pool of their own, so no engine work runs on the event loops.
    public var engineThreads: Int = SettingVariable.engineThreads.defaultInteger
    /// Where the engines parse images: in worker processes (`EngineWorkerPool`,
    /// one per engine thread), so a decoder's crash or runaway allocation costs
    /// one check, not the server; or in the server itself (the CLI's commands,
    /// the benchmarks' baseline).
    public var engineIsolation: EngineIsolation = .workers
    /// `verity-engine-worker`, the engine zygote started in the sandbox:
    /// beside the `verity` binary (`verity serve` sets it); required with `.workers`.
    public var engineWorkerExecutable: String?
    /// A program each worker child runs instead of the built-in engines
    /// (`VERITY_ENGINE_WORKER`), confined exactly as they are: for audits and tests.
    public var engineWorkerStandIn: String?

    /// `verity-engine-worker` beside the running program: the build puts both in one folder.
    public static func builtInEngineWorker() -> String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("verity-engine-worker").path
    }
    /// Virtual memory one engine worker may map (RLIMIT_AS), in MiB.
    public var engineWorkerMemoryMegabytes: Int = SettingVariable.engineWorkerMemory.defaultInteger
    /// CPU seconds one piece of engine work may use in a worker before the
    /// worker is ended and replaced (`ENGINE_FAILED`); the server waits five
    /// times as long in wall time for a worker that hangs without using CPU.
    /// A document takes one or two seconds.
    public var engineTaskSeconds: Int = SettingVariable.engineTaskSeconds.defaultInteger
    /// Large request bodies (images, documents to sign) one server holds at
    /// once; the next is refused before it is read (`LargeBodies`).
    public var largeBodiesAtOnce: Int = SettingVariable.largeBodies.defaultInteger
    /// Connection caps and the timeouts that keep slow and idle clients
    /// from starving the server (`VerityHTTPServer`).
    public var connections = ConnectionLimits()
    /// Proxies whose `X-Forwarded-For` (or `Forwarded`) names the client (`TrustedProxies`).
    public var trustedProxies = TrustedProxies()
    /// Requests a minute one client address may make to `/capture/*` (0: no
    /// limit; behind a proxy every client shares its address).
    public var captureRequestsPerAddressPerMinute: Int = SettingVariable.captureRequestsPerAddress.defaultInteger
    /// How long a document submission waits for its check before answering
    /// `pending` (the check goes on in the background either way).
    public var documentWaitMilliseconds: Int = SettingVariable.documentWait.defaultInteger
    /// How long a webhook receiver has to answer a delivery before it counts
    /// as failed (and is retried later). Shorter than the job lease.
    public var webhookTimeoutMilliseconds: Int = SettingVariable.webhookTimeout.defaultInteger
    /// Bcrypt's cost for console operators' passwords. Always 12 in a
    /// deployment (no environment variable changes it); the test suites lower
    /// it, as two of them share two cores with debug-built bcrypt.
    public var operatorPasswordCost: Int = Settings.operatorBcryptCost
    /// The deployment's bcrypt cost for operator passwords.
    package static let operatorBcryptCost = 12
    /// A job's lease: a crashed server's jobs are taken up by another after it.
    /// Longer than any one job runs.
    public var jobLeaseSeconds: Int = SettingVariable.jobLease.defaultInteger
    /// How long a PII attempt may wait for its data source's answer before
    /// housekeeping gives it back as unanswered (its server died between the
    /// charge and the settle). Longer than the bureau can take, retries and all.
    public var abandonedAttemptSeconds: Int = SettingVariable.abandonedAttempt.defaultInteger
    /// `VERITY_SANCTIONS_FOLDER`: sanctions list files imported when they change (`SanctionsFolderImport`).
    public var sanctionsFolder: String?
    public var sanctionsFolderMinutes: Int = SettingVariable.sanctionsFolderMinutes.defaultInteger
    /// How long a server told to stop (SIGTERM) goes on serving while
    /// `/readyz` says it is stopping, for the load balancer to take it out first.
    public var shutdownDrainSeconds: Int = SettingVariable.shutdownDrain.defaultInteger
    /// A port of its own for `/metrics`, on `metricsHost` (loopback by
    /// default): 9464 unless `VERITY_METRICS_PORT` says otherwise or `0`
    /// (none). Nil here, as tests build settings, serves no listener.
    public var metricsPort: Int?
    public var metricsHost = "127.0.0.1"
    /// The Prometheus exporters' customary port.
    public static let defaultMetricsPort = SettingVariable.metricsPort.defaultInteger
    /// Whether `metricsPort` was chosen: a chosen port that cannot be bound
    /// stops the server; the default one, taken by another server on the
    /// machine, is only warned about.
    public var metricsPortChosen = false
    /// With it, `/metrics` is also served on the API's port, to
    /// `Authorization: Bearer <token>` only; without it, not there at all.
    public var metricsToken: String?
    public var logLevel: String = "info"
    /// Logs as JSON lines (default) or as text for people at a terminal.
    public var jsonLogs: Bool = true
    /// Whether the operator set VERITY_LOG_LEVEL / VERITY_LOG_FORMAT; if not,
    /// a command for people (`verity demo`) picks readable lines at notice.
    public var logLevelChosen = false
    public var logFormatChosen = false

    /// These settings as a command run for people sees them: readable lines
    /// at notice level, unless the operator chose otherwise.
    public func forPeople() -> Settings {
        var copy = self
        if !logLevelChosen { copy.logLevel = "notice" }
        if !logFormatChosen { copy.jsonLogs = false }
        return copy
    }

    public init(dataKey: Data) { self.dataKey = dataKey }

    /// The address in certificates' CRL distribution point.
    public var crlURL: String { pagesBaseURL + "/pki/crl.der" }
    /// The address links to the server's pages and files start with.
    public var pagesBaseURL: String { publicURL ?? "\(tls == nil ? "http" : "https")://\(host):\(port)" }

    /// Whether browsers reach the server over https (its own TLS, or a proxy's at `publicURL`).
    public var servesHTTPS: Bool { tls != nil || (publicURL?.hasPrefix("https://") ?? false) }

    public var sqlitePath: String { (dataDirectory as NSString).appendingPathComponent("verity.sqlite") }

    /// Every variable, its default and what it does: printed by `verity serve --help` (`SettingVariable.all`).
    public static var documentation: [(name: String, defaultValue: String, meaning: String)] {
        SettingVariable.all.map { ($0.name, $0.defaultText, $0.description) }
    }
}

/// Where and how to reach the identity bureau.
public struct BureauSettings: Sendable {
    public var url: URL
    public var apiKey: String
    public var timeoutMilliseconds: Int = 3000
    public var retries: Int = 2

    public init(url: URL, apiKey: String, timeoutMilliseconds: Int = 3000, retries: Int = 2) {
        self.url = url
        self.apiKey = apiKey
        self.timeoutMilliseconds = timeoutMilliseconds
        self.retries = retries
    }
}

/// The HSM for level-4 keys.
public struct HSMSettings: Sendable {
    /// Path of the PKCS#11 module (SoftHSM2's in development).
    public var modulePath: String
    /// Initialises and wipes tokens: set for `verity hsm provision`, `verity hsm wipe`
    /// and `verity ca init` only, never for a server (issue 47, finding 15).
    public var securityOfficerPIN: String?
    /// The token holding the platform CA's keys (`verity ca init` makes them there); nil: sealed files.
    public var caToken: String?
    /// The CA token's user PIN.
    public var caPIN: String?

    public init(modulePath: String, securityOfficerPIN: String? = nil, caToken: String? = nil, caPIN: String? = nil) {
        self.modulePath = modulePath
        self.securityOfficerPIN = securityOfficerPIN
        self.caToken = caToken
        self.caPIN = caPIN
    }
}

/// Where the engines parse images (`Settings.engineIsolation`).
public enum EngineIsolation: String, Sendable {
    case workers
    case inProcess = "in-process"
}
