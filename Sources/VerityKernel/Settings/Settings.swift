import Foundation

/// Every setting the server reads, with its default. Nothing else in Verity
/// reads the process environment.
public struct Settings: Sendable {
    public var host: String = "127.0.0.1"
    public var port: Int = 8080
    /// PostgreSQL when set (`postgres://user:pass@host:port/db`); SQLite otherwise.
    public var databaseURL: String?
    /// Folder of the SQLite file and of `verity demo`'s output.
    public var dataDirectory: String = "./data"
    /// 32 random bytes: encrypts PII, keys blind indexes, signs tokens.
    public var dataKey: Data
    /// Earlier data keys, to open what they sealed while a rotation runs
    /// (`verity keys rotate-data-key`); dropped once it has finished.
    public var previousDataKeys: [Data] = []
    /// Lifetime of end-user tokens when the backend does not ask for another.
    public var tokenTTLSeconds: Int = 900
    /// The HTTP identity bureau, for environments whose data source is `bureau`.
    public var bureau: BureauSettings?
    /// How long an SMS verification code works.
    public var deviceCodeLifetimeSeconds: Int = 600
    /// The SMS provider for device verification codes; unset: the development outbox.
    public var sms: SMSSettings?
    /// The SMTP server activation codes are mailed through; nil: the development outbox (test environments).
    public var smtp: SMTPSettings?
    /// Arc of the certificate policy OIDs (your IANA enterprise number's); the
    /// default is RFC 5612's documentation arc, for development only.
    public var pkiPolicyArc: String = "1.3.6.1.4.1.32473"
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
    public var modelsDirectory: String = "./models"
    /// Threads reading documents and faces (Tesseract, zxing, dlib, OpenCV): a
    /// pool of their own, so no engine work runs on the event loops.
    public var engineThreads: Int = max(1, ProcessInfo.processInfo.activeProcessorCount)
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
    public var engineWorkerMemoryMegabytes: Int = 2048
    /// CPU seconds one piece of engine work may use in a worker before the
    /// worker is ended and replaced (`ENGINE_FAILED`); the server waits five
    /// times as long in wall time for a worker that hangs without using CPU.
    /// A document takes one or two seconds.
    public var engineTaskSeconds: Int = 60
    /// Large request bodies (images, documents to sign) one server holds at
    /// once; the next is refused before it is read (`LargeBodies`).
    public var largeBodiesAtOnce: Int = 16
    /// Connection caps and the timeouts that keep slow and idle clients
    /// from starving the server (`VerityHTTPServer`).
    public var connections = ConnectionLimits()
    /// Proxies whose `X-Forwarded-For` (or `Forwarded`) names the client (`TrustedProxies`).
    public var trustedProxies = TrustedProxies()
    /// Requests a minute one client address may make to `/capture/*` (0: no
    /// limit; behind a proxy every client shares its address).
    public var captureRequestsPerAddressPerMinute: Int = 600
    /// How long a document submission waits for its check before answering
    /// `pending` (the check goes on in the background either way).
    public var documentWaitMilliseconds: Int = 10_000
    /// How long a webhook receiver has to answer a delivery before it counts
    /// as failed (and is retried later). Shorter than the job lease.
    public var webhookTimeoutMilliseconds: Int = 10_000
    /// Bcrypt's cost for console operators' passwords. Always 12 in a
    /// deployment (no environment variable changes it); the test suites lower
    /// it, as two of them share two cores with debug-built bcrypt.
    public var operatorPasswordCost: Int = Settings.operatorBcryptCost
    /// The deployment's bcrypt cost for operator passwords.
    package static let operatorBcryptCost = 12
    /// A job's lease: a crashed server's jobs are taken up by another after it.
    /// Longer than any one job runs.
    public var jobLeaseSeconds: Int = 60
    /// How long a PII attempt may wait for its data source's answer before
    /// housekeeping gives it back as unanswered (its server died between the
    /// charge and the settle). Longer than the bureau can take, retries and all.
    public var abandonedAttemptSeconds: Int = 600
    /// How long a server told to stop (SIGTERM) goes on serving while
    /// `/readyz` says it is stopping, for the load balancer to take it out first.
    public var shutdownDrainSeconds: Int = 0
    /// A port of its own for `/metrics`, on `metricsHost` (loopback by
    /// default): 9464 unless `VERITY_METRICS_PORT` says otherwise or `0`
    /// (none). Nil here, as tests build settings, serves no listener.
    public var metricsPort: Int?
    public var metricsHost = "127.0.0.1"
    /// The Prometheus exporters' customary port.
    public static let defaultMetricsPort = 9464
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

    /// Every variable, its default and what it does: printed by `verity serve --help`.
    public static let documentation: [(name: String, defaultValue: String, meaning: String)] = [
        ("VERITY_HOST", "127.0.0.1", "address to listen on"),
        ("VERITY_PORT", "8080", "port to listen on"),
        ("DATABASE_URL", "(unset: SQLite)", "postgres://user:password@host:port/database to use PostgreSQL"),
        ("VERITY_DATA_DIR", "./data", "folder of the SQLite file"),
        ("VERITY_DATA_KEY", "(required)", "32 random bytes, base64: encrypts PII and signs tokens (`verity keys data-key`)"),
        ("VERITY_PREVIOUS_DATA_KEYS", "(unset)", "earlier data keys, base64, comma-separated: opened while `verity keys rotate-data-key` runs"),
        ("VERITY_TOKEN_TTL_SECONDS", "900", "default lifetime of end-user tokens (60–86400)"),
        ("VERITY_BUREAU_URL", "(unset)", "HTTP identity bureau endpoint for environments using the bureau"),
        ("VERITY_BUREAU_KEY", "(unset)", "bearer key sent to the bureau"),
        ("VERITY_BUREAU_TIMEOUT_MS", "3000", "per-request bureau timeout"),
        ("VERITY_BUREAU_RETRIES", "2", "bureau retries after a timeout or 5xx"),
        ("VERITY_SMS_CODE_TTL_SECONDS", "600", "lifetime of a device verification code (60–3600)"),
        ("VERITY_ENGINE_THREADS", "(the number of cores)", "threads reading documents and faces, apart from the request threads (1–64); one engine worker process each"),
        ("VERITY_ENGINE_ISOLATION", "workers", "workers (images parsed in confined worker processes, docs/security.md) or in-process"),
        ("VERITY_ENGINE_WORKER", "(the built-in engines)", "a program each engine worker's child runs instead, confined the same (audits, tests)"),
        ("VERITY_ENGINE_WORKER_MEMORY_MB", "2048", "virtual memory one engine worker may map (512–65536)"),
        ("VERITY_ENGINE_TASK_SECONDS", "60", "CPU seconds one engine task may use before its worker is replaced; the server waits 5 times as long (5–3600)"),
        ("VERITY_LARGE_BODIES", "16", "image and document uploads one server holds at once; the next gets 503 with Retry-After before it is read (1–1024)"),
        ("VERITY_CAPTURE_REQUESTS_PER_ADDRESS", "600", "requests a minute one client address may make to /capture/* (0: none; behind a proxy all clients share its address)"),
        ("VERITY_JOB_LEASE_SECONDS", "60", "how long a crashed server's background job waits before another server takes it (5–600)"),
        ("VERITY_ABANDONED_ATTEMPT_SECONDS", "600", "a PII attempt unsettled this long was its dead server's: given back as unanswered (10–86400, longer than the bureau takes)"),
        ("VERITY_SHUTDOWN_DRAIN_SECONDS", "0", "on SIGTERM, serve this long more with /readyz 503 before closing the port (0–300; longer than your load balancer's readiness checks take to notice)"),
        ("VERITY_DOCUMENT_WAIT_MS", "10000", "how long a document submission waits for its check before answering pending (0–60000)"),
        ("VERITY_WEBHOOK_TIMEOUT_MS", "10000", "how long a webhook receiver has to answer (500–30000, shorter than the job lease)"),
        ("VERITY_TLS_CERT", "(unset: plain HTTP; a TLS proxy in front)", "PEM certificate chain: the server speaks HTTPS itself (with VERITY_TLS_KEY)"),
        ("VERITY_TLS_KEY", "(unset)", "PEM private key of VERITY_TLS_CERT"),
        ("VERITY_METRICS_PORT", "9464", "serve /metrics on this port of VERITY_METRICS_HOST, apart from the API (0: no listener)"),
        ("VERITY_METRICS_HOST", "127.0.0.1", "the address the metrics listener binds: keep it off the internet"),
        ("VERITY_METRICS_TOKEN", "(unset: no /metrics on VERITY_PORT)", "also serve /metrics on the API's port, to Authorization: Bearer <this token> only (16+ characters)"),
        ("VERITY_SMS_URL", "(unset: development outbox)", "SMS provider endpoint (HTTP POST per message)"),
        ("VERITY_SMS_AUTH", "(unset)", "bearer:TOKEN or basic:USER:PASSWORD sent to the SMS provider"),
        ("VERITY_SMS_TEMPLATE", #"{"to":"{{to}}","text":"{{text}}"}"#, "request body; {{to}} and {{text}} are filled in and escaped"),
        ("VERITY_SMS_CONTENT_TYPE", "application/json", "or application/x-www-form-urlencoded"),
        ("VERITY_SMS_TIMEOUT_MS", "5000", "per-request SMS provider timeout"),
        ("VERITY_SMS_RETRIES", "2", "SMS retries after a timeout, 429 or 5xx"),
        ("VERITY_SMTP_HOST", "(unset: development outbox)", "SMTP server activation codes are mailed through"),
        ("VERITY_SMTP_PORT", "465 (25 with VERITY_SMTP_TLS=none)", "its port"),
        ("VERITY_SMTP_TLS", "tls", "tls (SMTPS from the first byte) or none (only for a relay on loopback)"),
        ("VERITY_SMTP_USERNAME", "(unset: no AUTH)", "AUTH PLAIN user"),
        ("VERITY_SMTP_PASSWORD", "(required with the user)", "AUTH PLAIN password"),
        ("VERITY_SMTP_FROM", "(required with the host)", "the sender's address"),
        ("VERITY_SMTP_TIMEOUT_MS", "10000", "how long one message may take to hand over (100–120000)"),
        ("VERITY_PKI_POLICY_ARC", "1.3.6.1.4.1.32473", "OID arc of the certificate policies (set your enterprise number's arc in production)"),
        ("VERITY_PUBLIC_URL", "http://VERITY_HOST:VERITY_PORT", "address clients reach the server at; certificates point their CRL at /pki/crl.der there"),
        ("VERITY_EXTERNAL_CA_URL", "(unset: the platform CA)", "outside CA issuing levels 2–4 (POST {url}/certificates, see docs/certification.md)"),
        ("VERITY_EXTERNAL_CA_TOKEN", "(required with the URL)", "bearer token sent to the outside CA"),
        ("VERITY_EXTERNAL_CA_CHAIN", "(required with the URL)", "PEM file: the outside CA's chain, issuing CA to root"),
        ("VERITY_HSM_MODULE", "(unset: no level 4)", "PKCS#11 module for level-4 keys, e.g. /usr/lib/softhsm/libsofthsm2.so"),
        ("VERITY_HSM_SO_PIN", "(unset)", "security officer PIN, for `verity hsm provision`/`wipe` and `ca init` only: `serve` refuses to start with it"),
        ("VERITY_HSM_CA_TOKEN", "(unset: CA keys in sealed files)", "label of the HSM token for the CA keys; `verity ca init` makes the keys there"),
        ("VERITY_HSM_CA_PIN", "(required with the CA token)", "user PIN of the CA token"),
        ("VERITY_MODELS_DIR", "./models", "folder of the face models (scripts/install-face-models.sh); checked at start"),
        ("VERITY_LOG_LEVEL", "info", "debug, info, notice, warning, error, critical"),
        ("VERITY_LOG_FORMAT", "json", "json or text"),
    ]
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
