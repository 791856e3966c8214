import Foundation

/// Every environment variable the server reads (`SettingVariable`), in the
/// order `verity serve --help` and `docs/operations.md` list them.
extension SettingVariable {
    static let all: [SettingVariable] = [
        host, port, databaseURL, dataDirectory, dataKey, previousDataKeys, publicURL, tlsCertificate, tlsKey,
        logLevel, logFormat, metricsPort, metricsHost, metricsToken,
        tokenTTL, deviceCodeLifetime, pkiPolicyArc, modelsDirectory, mrzModel,
        engineThreads, engineIsolation, engineWorker, engineWorkerMemory, engineTaskSeconds,
        largeBodies, maxConnections, maxConnectionsPerAddress, headerTimeout, idleTimeout, bodyTimeout, minimumBodyRate,
        trustedProxies, trustedProxyHeader, captureRequestsPerAddress,
        jobLease, abandonedAttempt, shutdownDrain, documentWait, webhookTimeout, sanctionsFolder, sanctionsFolderMinutes,
        bureauURL, bureauKey, bureauTimeout, bureauRetries,
        smsURL, smsAuthorization, smsTemplate, smsContentType, smsTimeout, smsRetries,
        smtpHost, smtpPort, smtpTLS, smtpUsername, smtpPassword, smtpFrom, smtpTimeout,
        externalCAURL, externalCAToken, externalCAChain,
        hsmModule, hsmSecurityOfficerPIN, hsmCAToken, hsmCAPIN,
    ]

    // The server and its data.
    package static let host = SettingVariable("VERITY_HOST", default: "127.0.0.1", "address to listen on")
    package static let port = SettingVariable("VERITY_PORT", integer: 8080, in: 0...65535, default: "8080", "port to listen on")
    static let databaseURL = SettingVariable(
        "DATABASE_URL", default: "(unset: SQLite)",
        "postgres://user:password@host:port/database to use PostgreSQL; off this machine without sslmode, sslmode=require is added")
    package static let dataDirectory = SettingVariable("VERITY_DATA_DIR", default: "./data", "folder of the SQLite file")
    package static let dataKey = SettingVariable(
        "VERITY_DATA_KEY", default: "(required)", "32 random bytes, base64: encrypts PII and signs tokens (`verity keys data-key`)")
    static let previousDataKeys = SettingVariable(
        "VERITY_PREVIOUS_DATA_KEYS", default: "(unset)",
        "earlier data keys, base64, comma-separated: opened while `verity keys rotate-data-key` runs")
    static let publicURL = SettingVariable(
        "VERITY_PUBLIC_URL", default: "http://VERITY_HOST:VERITY_PORT",
        "the https address phones and browsers reach the server at (capture links, CRLs); required when VERITY_HOST is reachable from other machines")
    static let tlsCertificate = SettingVariable(
        "VERITY_TLS_CERT", default: "(unset: plain HTTP; a TLS proxy in front)", "PEM certificate chain: the server speaks HTTPS itself (with VERITY_TLS_KEY)")
    static let tlsKey = SettingVariable("VERITY_TLS_KEY", default: "(unset)", "PEM private key of VERITY_TLS_CERT")

    // Logs and metrics.
    static let logLevel = SettingVariable(
        "VERITY_LOG_LEVEL", default: "info (notice for commands run by people)", "debug, info, notice, warning, error or critical (no trace: it would log credentials)")
    static let logFormat = SettingVariable("VERITY_LOG_FORMAT", default: "json (text for commands run by people)", "json or text")
    static let metricsPort = SettingVariable(
        "VERITY_METRICS_PORT", integer: 9464, in: 0...65535, default: "9464",
        "serve /metrics on this port of VERITY_METRICS_HOST, apart from the API (0: no listener)")
    static let metricsHost = SettingVariable(
        "VERITY_METRICS_HOST", default: "127.0.0.1", "the address the metrics listener binds: keep it off the internet")
    static let metricsToken = SettingVariable(
        "VERITY_METRICS_TOKEN", default: "(unset: no /metrics on VERITY_PORT)",
        "also serve /metrics on the API's port, to Authorization: Bearer <this token> only (16+ characters)")

    // Identity, certification, the engines' files.
    static let tokenTTL = SettingVariable(
        "VERITY_TOKEN_TTL_SECONDS", integer: 900, in: 60...86_400, "default lifetime of end-user tokens, seconds")
    static let deviceCodeLifetime = SettingVariable(
        "VERITY_SMS_CODE_TTL_SECONDS", integer: 600, in: 60...3600, "lifetime of a device verification code, seconds")
    static let pkiPolicyArc = SettingVariable(
        "VERITY_PKI_POLICY_ARC", default: "1.3.6.1.4.1.32473",
        "OID arc of the certificate policies (set your enterprise number's arc in production)")
    package static let modelsDirectory = SettingVariable(
        "VERITY_MODELS_DIR", default: "./models", "folder of the face models (scripts/install-face-models.sh); checked at start")
    static let mrzModel = SettingVariable(
        "VERITY_MRZ_MODEL", default: "(unset: the built-in model)",
        "another MRZ glyph model file (tools/mrzmodel), for measuring a model trained without a document's glyphs; never for serving")

    // The engines.
    static let engineThreads = SettingVariable(
        "VERITY_ENGINE_THREADS", integer: max(1, ProcessInfo.processInfo.activeProcessorCount), in: 1...64, default: "the number of cores",
        "threads reading documents and faces, apart from the request threads; one engine worker process each")
    package static let engineIsolation = SettingVariable(
        "VERITY_ENGINE_ISOLATION", default: "workers", "workers (images parsed in confined worker processes, docs/security.md) or in-process")
    static let engineWorker = SettingVariable(
        "VERITY_ENGINE_WORKER", default: "(the built-in engines)",
        "the absolute path of a program each engine worker's child runs instead, confined the same (audits, tests)")
    static let engineWorkerMemory = SettingVariable(
        "VERITY_ENGINE_WORKER_MEMORY_MB", integer: 2048, in: 512...65_536, "virtual memory one engine worker may map, MB")
    static let engineTaskSeconds = SettingVariable(
        "VERITY_ENGINE_TASK_SECONDS", integer: 60, in: 5...3600,
        "CPU seconds one engine task may use before its worker is replaced; the server waits 5 times as long")

    // Connections and load.
    static let largeBodies = SettingVariable(
        "VERITY_LARGE_BODIES", integer: 16, in: 1...1024,
        "image and document uploads one server holds at once; the next gets 503 with Retry-After before it is read")
    static let maxConnections = SettingVariable(
        "VERITY_MAX_CONNECTIONS", integer: 4096, in: 16...1_000_000, default: "4,096 (fewer when the open-files limit leaves less room)",
        "connections served at once; more wait in the probe lane (/healthz, /readyz) or are closed")
    static let maxConnectionsPerAddress = SettingVariable(
        "VERITY_MAX_CONNECTIONS_PER_ADDRESS", integer: 256, in: 1...1_000_000, "connections one client address (an IPv6 client's /64) may hold")
    static let headerTimeout = SettingVariable(
        "VERITY_HEADER_TIMEOUT_SECONDS", integer: 10, in: 1...600, "seconds a request's line and headers may take to arrive")
    static let idleTimeout = SettingVariable(
        "VERITY_IDLE_TIMEOUT_SECONDS", integer: 60, in: 1...3600, "seconds a kept-alive connection may idle between requests")
    static let bodyTimeout = SettingVariable(
        "VERITY_BODY_TIMEOUT_SECONDS", integer: 10, in: 1...600,
        "the longest silence inside a body, seconds, and the window the minimum body rate is measured over")
    static let minimumBodyRate = SettingVariable(
        "VERITY_MIN_BODY_BYTES_PER_SECOND", integer: 4096, in: 0...100_000_000,
        "bytes a second a body must average over each window, or it is refused with 408 (0: no minimum)")
    static let trustedProxies = SettingVariable(
        "VERITY_TRUSTED_PROXIES", default: "(unset: no proxy is trusted)",
        "addresses and CIDR ranges of your reverse proxies, comma-separated: their forwarding header names the client")
    static let trustedProxyHeader = SettingVariable(
        "VERITY_TRUSTED_PROXY_HEADER", default: "x-forwarded-for", "the header the trusted proxies write: x-forwarded-for or forwarded")
    static let captureRequestsPerAddress = SettingVariable(
        "VERITY_CAPTURE_REQUESTS_PER_ADDRESS", integer: 600, in: 0...1_000_000,
        "requests a minute one client address may make to /capture/* (0: no limit; behind an untrusted proxy all clients share its address)")

    // Work in the background, waits and stops.
    static let jobLease = SettingVariable(
        "VERITY_JOB_LEASE_SECONDS", integer: 60, in: 5...600, "how long a crashed server's background job waits before another server takes it")
    static let abandonedAttempt = SettingVariable(
        "VERITY_ABANDONED_ATTEMPT_SECONDS", integer: 600, in: 10...86_400,
        "a PII attempt unsettled this long was its dead server's: given back as unanswered (longer than the bureau takes)")
    static let sanctionsFolder = SettingVariable(
        "VERITY_SANCTIONS_FOLDER", default: "(unset: lists are imported with verity sanctions import)",
        "a folder whose sanctions list files (consolidated.xml, dpl.txt, sdn.csv with alt.csv and add.csv) are imported when they change")
    static let sanctionsFolderMinutes = SettingVariable(
        "VERITY_SANCTIONS_FOLDER_MINUTES", integer: 15, in: 1...1440, "how often one server reads VERITY_SANCTIONS_FOLDER, minutes")
    static let shutdownDrain = SettingVariable(
        "VERITY_SHUTDOWN_DRAIN_SECONDS", integer: 0, in: 0...300,
        "on SIGTERM, serve this long more with /readyz 503 before closing the port (longer than your load balancer takes to notice)")
    static let documentWait = SettingVariable(
        "VERITY_DOCUMENT_WAIT_MS", integer: 10_000, in: 0...60_000, "how long a document submission waits for its check before answering pending, ms")
    static let webhookTimeout = SettingVariable(
        "VERITY_WEBHOOK_TIMEOUT_MS", integer: 10_000, in: 500...30_000, "how long a webhook receiver has to answer, ms (shorter than the job lease)")

    // The identity bureau.
    static let bureauURL = SettingVariable(
        "VERITY_BUREAU_URL", default: "(unset)", "the HTTP identity bureau's endpoint, for environments using the bureau (https)")
    static let bureauKey = SettingVariable("VERITY_BUREAU_KEY", default: "(required with the URL)", "bearer key sent to the bureau")
    static let bureauTimeout = SettingVariable("VERITY_BUREAU_TIMEOUT_MS", integer: 3000, in: 50...60_000, "per-request bureau timeout, ms")
    static let bureauRetries = SettingVariable("VERITY_BUREAU_RETRIES", integer: 2, in: 0...5, "bureau retries after a timeout or 5xx")

    // SMS.
    static let smsURL = SettingVariable(
        "VERITY_SMS_URL", default: "(unset: development outbox)", "SMS provider endpoint, an HTTP POST per message (https)")
    static let smsAuthorization = SettingVariable(
        "VERITY_SMS_AUTH", default: "(unset)", "bearer:TOKEN or basic:USER:PASSWORD sent to the SMS provider")
    static let smsTemplate = SettingVariable(
        "VERITY_SMS_TEMPLATE", default: #"{"to":"{{to}}","text":"{{text}}"}"#, "request body; {{to}} and {{text}} are filled in and escaped")
    static let smsContentType = SettingVariable(
        "VERITY_SMS_CONTENT_TYPE", default: "application/json", "application/json or application/x-www-form-urlencoded")
    static let smsTimeout = SettingVariable("VERITY_SMS_TIMEOUT_MS", integer: 5000, in: 50...60_000, "per-request SMS provider timeout, ms")
    static let smsRetries = SettingVariable("VERITY_SMS_RETRIES", integer: 2, in: 0...5, "SMS retries after a timeout, 429 or 5xx")

    // Mail.
    static let smtpHost = SettingVariable(
        "VERITY_SMTP_HOST", default: "(unset: development outbox)", "SMTP server activation codes are mailed through")
    static let smtpPort = SettingVariable(
        "VERITY_SMTP_PORT", integer: 465, in: 1...65535, default: "465 (25 with VERITY_SMTP_TLS=none)", "its port")
    static let smtpTLS = SettingVariable(
        "VERITY_SMTP_TLS", default: "tls", "tls (SMTPS from the first byte) or none (only for a relay on loopback)")
    static let smtpUsername = SettingVariable("VERITY_SMTP_USERNAME", default: "(unset: no AUTH)", "AUTH PLAIN user")
    static let smtpPassword = SettingVariable("VERITY_SMTP_PASSWORD", default: "(required with the user)", "AUTH PLAIN password")
    static let smtpFrom = SettingVariable("VERITY_SMTP_FROM", default: "(required with the host)", "the sender's address")
    static let smtpTimeout = SettingVariable(
        "VERITY_SMTP_TIMEOUT_MS", integer: 10_000, in: 100...120_000, "how long one message may take to hand over, ms")

    // Certificates: an outside CA, the HSM.
    static let externalCAURL = SettingVariable(
        "VERITY_EXTERNAL_CA_URL", default: "(unset: the platform CA)",
        "outside CA issuing levels 2–4 (POST {url}/certificates, see docs/certification.md; https)")
    static let externalCAToken = SettingVariable(
        "VERITY_EXTERNAL_CA_TOKEN", default: "(required with the URL)", "bearer token sent to the outside CA")
    static let externalCAChain = SettingVariable(
        "VERITY_EXTERNAL_CA_CHAIN", default: "(required with the URL)", "PEM file: the outside CA's chain, issuing CA to root")
    static let hsmModule = SettingVariable(
        "VERITY_HSM_MODULE", default: "(unset: no level 4)", "PKCS#11 module for level-4 keys, e.g. /usr/lib/softhsm/libsofthsm2.so")
    package static let hsmSecurityOfficerPIN = SettingVariable(
        "VERITY_HSM_SO_PIN", default: "(unset)",
        "security officer PIN (4–255 characters), for `verity hsm provision`/`wipe` and `ca init` only: `serve` refuses to start with it")
    static let hsmCAToken = SettingVariable(
        "VERITY_HSM_CA_TOKEN", default: "(unset: CA keys in sealed files)", "label of the HSM token for the CA keys; `verity ca init` makes the keys there")
    static let hsmCAPIN = SettingVariable(
        "VERITY_HSM_CA_PIN", default: "(required with the CA token)", "user PIN of the CA token (4–255 characters)")
}
