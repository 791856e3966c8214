import Foundation
import VerityCore

/// A setting that is missing or malformed; the server refuses to start.
public struct SettingsError: Error, CustomStringConvertible, Sendable {
    public let variable: String
    public let problem: String

    public var description: String { "\(variable): \(problem)" }

    public init(variable: String, problem: String) {
        self.variable = variable
        self.problem = problem
    }
}

extension Settings {
    /// Reads settings from `environment` (the process environment in
    /// production, a dictionary in tests), applying defaults.
    public static func from(environment env: [String: String]) throws -> Settings {
        guard let keyText = env["VERITY_DATA_KEY"], !keyText.isEmpty else {
            throw SettingsError(variable: "VERITY_DATA_KEY", problem: "is required (make one with `verity keys data-key`)")
        }
        guard let key = Data(base64Encoded: keyText), key.count == 32 else {
            throw SettingsError(variable: "VERITY_DATA_KEY", problem: "must be 32 bytes, base64-encoded")
        }
        var settings = Settings(dataKey: key)
        if let text = env["VERITY_PREVIOUS_DATA_KEYS"], !text.isEmpty {
            settings.previousDataKeys = try text.split(separator: ",").map { part in
                guard let previous = Data(base64Encoded: part.trimmingCharacters(in: .whitespaces)), previous.count == 32 else {
                    throw SettingsError(variable: "VERITY_PREVIOUS_DATA_KEYS", problem: "must be data keys (32 bytes, base64) separated by commas")
                }
                return previous
            }
        }
        if let host = env["VERITY_HOST"], !host.isEmpty { settings.host = host }
        settings.port = try integer(env, "VERITY_PORT", default: settings.port, in: 0...65535)
        try readMetrics(env, into: &settings)
        if let url = env["DATABASE_URL"], !url.isEmpty {
            guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else {
                throw SettingsError(variable: "DATABASE_URL", problem: "must start with postgres://")
            }
            settings.databaseURL = TransportRules.postgresURL(url)
        }
        if let dir = env["VERITY_DATA_DIR"], !dir.isEmpty { settings.dataDirectory = dir }
        if let dir = env["VERITY_MODELS_DIR"], !dir.isEmpty { settings.modelsDirectory = dir }
        if let arc = env["VERITY_PKI_POLICY_ARC"], !arc.isEmpty { settings.pkiPolicyArc = arc }
        if let url = env["VERITY_PUBLIC_URL"], !url.isEmpty {
            // Phones open capture links across the internet: https, or http on this machine.
            _ = try TransportRules.outboundURL(url, variable: "VERITY_PUBLIC_URL")
            settings.publicURL = url.hasSuffix("/") ? String(url.dropLast()) : url
        }
        if let url = env["VERITY_EXTERNAL_CA_URL"], !url.isEmpty {
            let parsed = try TransportRules.outboundURL(url, variable: "VERITY_EXTERNAL_CA_URL")
            guard let token = env["VERITY_EXTERNAL_CA_TOKEN"], !token.isEmpty else {
                throw SettingsError(variable: "VERITY_EXTERNAL_CA_TOKEN", problem: "is required when VERITY_EXTERNAL_CA_URL is set")
            }
            guard let chain = env["VERITY_EXTERNAL_CA_CHAIN"], !chain.isEmpty else {
                throw SettingsError(variable: "VERITY_EXTERNAL_CA_CHAIN", problem: "is required when VERITY_EXTERNAL_CA_URL is set")
            }
            settings.externalCA = ExternalCASettings(url: parsed, token: token, chainPath: chain)
        }
        if let module = env["VERITY_HSM_MODULE"], !module.isEmpty {
            // The SO PIN is for `verity hsm provision`, `verity hsm wipe` and
            // `verity ca init` only; `verity serve` refuses to start with it.
            var soPIN: String?
            if let pin = env["VERITY_HSM_SO_PIN"], !pin.isEmpty {
                guard (4...255).contains(pin.count) else {
                    throw SettingsError(variable: "VERITY_HSM_SO_PIN", problem: "must be 4–255 characters")
                }
                soPIN = pin
            }
            var hsm = HSMSettings(modulePath: module, securityOfficerPIN: soPIN)
            if let token = env["VERITY_HSM_CA_TOKEN"], !token.isEmpty {
                guard let pin = env["VERITY_HSM_CA_PIN"], (4...255).contains(pin.count) else {
                    throw SettingsError(variable: "VERITY_HSM_CA_PIN", problem: "is required (4–255 characters) when VERITY_HSM_CA_TOKEN is set")
                }
                hsm.caToken = token
                hsm.caPIN = pin
            }
            settings.hsm = hsm
        }
        settings.tokenTTLSeconds = try integer(env, "VERITY_TOKEN_TTL_SECONDS", default: 900, in: 60...86400)
        settings.deviceCodeLifetimeSeconds = try integer(env, "VERITY_SMS_CODE_TTL_SECONDS", default: 600, in: 60...3600)
        settings.engineThreads = try integer(env, "VERITY_ENGINE_THREADS", default: settings.engineThreads, in: 1...64)
        if let isolation = env["VERITY_ENGINE_ISOLATION"], !isolation.isEmpty {
            guard let parsed = EngineIsolation(rawValue: isolation) else {
                throw SettingsError(variable: "VERITY_ENGINE_ISOLATION", problem: "must be workers or in-process")
            }
            settings.engineIsolation = parsed
        }
        // The engine worker is built beside the verity binary.
        settings.engineWorkerExecutable = Settings.builtInEngineWorker()
        if let standIn = env["VERITY_ENGINE_WORKER"], !standIn.isEmpty {
            guard standIn.hasPrefix("/"), FileManager.default.isExecutableFile(atPath: standIn) else {
                throw SettingsError(variable: "VERITY_ENGINE_WORKER", problem: "must be the absolute path of an executable program")
            }
            settings.engineWorkerStandIn = standIn
        }
        settings.engineWorkerMemoryMegabytes = try integer(env, "VERITY_ENGINE_WORKER_MEMORY_MB", default: settings.engineWorkerMemoryMegabytes,
                                                           in: 512...65_536)
        settings.engineTaskSeconds = try integer(env, "VERITY_ENGINE_TASK_SECONDS", default: settings.engineTaskSeconds, in: 5...3600)
        settings.largeBodiesAtOnce = try integer(env, "VERITY_LARGE_BODIES", default: settings.largeBodiesAtOnce, in: 1...1024)
        settings.connections.maxConnections = try integer(env, "VERITY_MAX_CONNECTIONS", default: settings.connections.maxConnections,
                                                          in: 16...1_000_000)
        settings.connections.maxConnectionsPerAddress = try integer(env, "VERITY_MAX_CONNECTIONS_PER_ADDRESS",
                                                                    default: settings.connections.maxConnectionsPerAddress, in: 1...1_000_000)
        settings.connections.headerSeconds = try integer(env, "VERITY_HEADER_TIMEOUT_SECONDS", default: settings.connections.headerSeconds,
                                                         in: 1...600)
        settings.connections.idleSeconds = try integer(env, "VERITY_IDLE_TIMEOUT_SECONDS", default: settings.connections.idleSeconds,
                                                       in: 1...3600)
        settings.connections.bodySeconds = try integer(env, "VERITY_BODY_TIMEOUT_SECONDS", default: settings.connections.bodySeconds,
                                                       in: 1...600)
        let proxyHeader = try env["VERITY_TRUSTED_PROXY_HEADER"].map { value in
            guard let header = TrustedProxies.Header(rawValue: value.lowercased()) else {
                throw SettingsError(variable: "VERITY_TRUSTED_PROXY_HEADER", problem: "must be x-forwarded-for or forwarded")
            }
            return header
        } ?? .xForwardedFor
        switch TrustedProxies.parse(env["VERITY_TRUSTED_PROXIES"] ?? "", header: proxyHeader) {
        case .success(let proxies): settings.trustedProxies = proxies
        case .failure(let failure):
            throw SettingsError(variable: "VERITY_TRUSTED_PROXIES",
                                problem: "\(failure.item) is not an address or a CIDR range (e.g. 10.0.0.0/8, 2001:db8::/32, 127.0.0.1)")
        }
        settings.connections.minimumBodyBytesPerSecond = try integer(env, "VERITY_MIN_BODY_BYTES_PER_SECOND",
                                                                     default: settings.connections.minimumBodyBytesPerSecond, in: 0...100_000_000)
        settings.captureRequestsPerAddressPerMinute = try integer(env, "VERITY_CAPTURE_REQUESTS_PER_ADDRESS",
                                                                  default: settings.captureRequestsPerAddressPerMinute, in: 0...1_000_000)
        settings.jobLeaseSeconds = try integer(env, "VERITY_JOB_LEASE_SECONDS", default: settings.jobLeaseSeconds, in: 5...600)
        settings.documentWaitMilliseconds = try integer(env, "VERITY_DOCUMENT_WAIT_MS", default: settings.documentWaitMilliseconds,
                                                        in: 0...60_000)
        settings.webhookTimeoutMilliseconds = try integer(env, "VERITY_WEBHOOK_TIMEOUT_MS", default: settings.webhookTimeoutMilliseconds,
                                                          in: 500...30_000)
        // A delivery still waiting on its receiver when its job's lease lapses
        // would be sent again by another server while the first still runs.
        guard Int64(settings.webhookTimeoutMilliseconds) < Int64(settings.jobLeaseSeconds) * 1000 else {
            throw SettingsError(variable: "VERITY_WEBHOOK_TIMEOUT_MS",
                                problem: "must be shorter than the job lease (VERITY_JOB_LEASE_SECONDS, \(settings.jobLeaseSeconds) s)")
        }
        if let url = env["VERITY_BUREAU_URL"], !url.isEmpty {
            let parsed = try TransportRules.outboundURL(url, variable: "VERITY_BUREAU_URL")
            guard let apiKey = env["VERITY_BUREAU_KEY"], !apiKey.isEmpty else {
                throw SettingsError(variable: "VERITY_BUREAU_KEY", problem: "is required when VERITY_BUREAU_URL is set")
            }
            settings.bureau = BureauSettings(
                url: parsed, apiKey: apiKey,
                timeoutMilliseconds: try integer(env, "VERITY_BUREAU_TIMEOUT_MS", default: 3000, in: 50...60000),
                retries: try integer(env, "VERITY_BUREAU_RETRIES", default: 2, in: 0...5))
        }
        settings.shutdownDrainSeconds = try integer(env, "VERITY_SHUTDOWN_DRAIN_SECONDS", default: settings.shutdownDrainSeconds,
                                                    in: 0...300)
        settings.abandonedAttemptSeconds = try integer(env, "VERITY_ABANDONED_ATTEMPT_SECONDS",
                                                       default: settings.abandonedAttemptSeconds, in: 10...86_400)
        // An attempt still waiting on the bureau must not be given back under it.
        if let bureau = settings.bureau,
           Int64(settings.abandonedAttemptSeconds) * 1000 <= Int64(bureau.timeoutMilliseconds) * Int64(bureau.retries + 1) {
            throw SettingsError(variable: "VERITY_ABANDONED_ATTEMPT_SECONDS", problem: """
                must be longer than the bureau can take (VERITY_BUREAU_TIMEOUT_MS × (VERITY_BUREAU_RETRIES + 1), \
                \(bureau.timeoutMilliseconds * (bureau.retries + 1)) ms)
                """)
        }
        settings.sms = try smsSettings(env)
        settings.smtp = try smtpSettings(env)
        if let level = env["VERITY_LOG_LEVEL"], !level.isEmpty {
            // No "trace": at trace level the HTTP stack logs raw request heads,
            // credentials included.
            let levels = ["debug", "info", "notice", "warning", "error", "critical"]
            guard levels.contains(level) else {
                throw SettingsError(variable: "VERITY_LOG_LEVEL", problem: "must be one of \(levels.joined(separator: ", "))")
            }
            settings.logLevel = level
            settings.logLevelChosen = true
        }
        if let format = env["VERITY_LOG_FORMAT"], !format.isEmpty {
            guard ["json", "text"].contains(format) else {
                throw SettingsError(variable: "VERITY_LOG_FORMAT", problem: "must be json or text")
            }
            settings.jsonLogs = format == "json"
            settings.logFormatChosen = true
        }
        try readTransport(env, into: &settings)
        return settings
    }

    /// The SMTP server, when VERITY_SMTP_HOST is set.
    static func smtpSettings(_ env: [String: String]) throws -> SMTPSettings? {
        guard let host = env["VERITY_SMTP_HOST"], !host.isEmpty else { return nil }
        guard let from = env["VERITY_SMTP_FROM"], ContactDetails.isEmail(from) else {
            throw SettingsError(variable: "VERITY_SMTP_FROM", problem: "must be the sender's e-mail address when VERITY_SMTP_HOST is set")
        }
        let mode = env["VERITY_SMTP_TLS"].flatMap { $0.isEmpty ? nil : $0 } ?? "tls"
        guard ["tls", "none"].contains(mode) else { throw SettingsError(variable: "VERITY_SMTP_TLS", problem: "must be tls or none") }
        var smtp = SMTPSettings(host: host, port: try integer(env, "VERITY_SMTP_PORT", default: mode == "tls" ? 465 : 25, in: 1...65535),
                                tls: mode == "tls", from: from,
                                timeoutMilliseconds: try integer(env, "VERITY_SMTP_TIMEOUT_MS", default: 10_000, in: 100...120_000))
        guard smtp.tls || smtp.isLoopback else {
            throw SettingsError(variable: "VERITY_SMTP_TLS", problem: "none is allowed only for a relay on loopback (localhost, 127.0.0.1, ::1)")
        }
        if let username = env["VERITY_SMTP_USERNAME"], !username.isEmpty {
            guard let password = env["VERITY_SMTP_PASSWORD"], !password.isEmpty else {
                throw SettingsError(variable: "VERITY_SMTP_PASSWORD", problem: "is required when VERITY_SMTP_USERNAME is set")
            }
            smtp.username = username
            smtp.password = password
        }
        return smtp
    }

    /// The SMS provider, when VERITY_SMS_URL is set.
    static func smsSettings(_ env: [String: String]) throws -> SMSSettings? {
        guard let url = env["VERITY_SMS_URL"], !url.isEmpty else { return nil }
        let parsed = try TransportRules.outboundURL(url, variable: "VERITY_SMS_URL")
        var sms = SMSSettings(url: parsed)
        if let auth = env["VERITY_SMS_AUTH"], !auth.isEmpty {
            let parts = auth.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            switch (parts.first, parts.count) {
            case ("bearer", 2) where !parts[1].isEmpty: sms.authorization = .bearer(parts[1])
            case ("basic", 3) where !parts[1].isEmpty: sms.authorization = .basic(user: parts[1], password: parts[2])
            default: throw SettingsError(variable: "VERITY_SMS_AUTH", problem: "must be bearer:TOKEN or basic:USER:PASSWORD")
            }
        }
        if let template = env["VERITY_SMS_TEMPLATE"], !template.isEmpty {
            guard template.contains("{{to}}"), template.contains("{{text}}") else {
                throw SettingsError(variable: "VERITY_SMS_TEMPLATE", problem: "must contain {{to}} and {{text}}")
            }
            sms.bodyTemplate = template
        }
        if let type = env["VERITY_SMS_CONTENT_TYPE"], !type.isEmpty {
            guard ["application/json", "application/x-www-form-urlencoded"].contains(type) else {
                throw SettingsError(variable: "VERITY_SMS_CONTENT_TYPE", problem: "must be application/json or application/x-www-form-urlencoded")
            }
            sms.contentType = type
        }
        sms.timeoutMilliseconds = try integer(env, "VERITY_SMS_TIMEOUT_MS", default: 5000, in: 50...60000)
        sms.retries = try integer(env, "VERITY_SMS_RETRIES", default: 2, in: 0...5)
        return sms
    }

    /// TLS of the server's own, and where phones reach it: a server listening
    /// beyond this machine must name its public https address, or capture
    /// links would carry whatever Host header a request brought.
    private static func readTransport(_ env: [String: String], into settings: inout Settings) throws {
        let certificate = env["VERITY_TLS_CERT"].flatMap { $0.isEmpty ? nil : $0 }
        let key = env["VERITY_TLS_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        switch (certificate, key) {
        case (nil, nil): break
        case (let certificate?, let key?):
            for (variable, path) in [("VERITY_TLS_CERT", certificate), ("VERITY_TLS_KEY", key)]
            where !FileManager.default.isReadableFile(atPath: path) {
                throw SettingsError(variable: variable, problem: "\(path) is not a readable file")
            }
            settings.tls = TLSFiles(certificatePath: certificate, keyPath: key)
        default:
            throw SettingsError(variable: certificate == nil ? "VERITY_TLS_CERT" : "VERITY_TLS_KEY",
                                problem: "VERITY_TLS_CERT and VERITY_TLS_KEY go together")
        }
        guard settings.publicURL != nil || TransportRules.isLoopback(settings.host) else {
            throw SettingsError(variable: "VERITY_PUBLIC_URL", problem: """
                is required when VERITY_HOST (\(settings.host)) is reachable from other machines: the https address phones and \
                browsers reach (capture links are built from it)
                """)
        }
    }

    /// `/metrics`: its own loopback port by default, and on the API's port
    /// only behind a token.
    private static func readMetrics(_ env: [String: String], into settings: inout Settings) throws {
        if let text = env["VERITY_METRICS_PORT"], !text.isEmpty {
            let port = try integer(env, "VERITY_METRICS_PORT", default: 0, in: 0...65535)
            settings.metricsPort = port == 0 ? nil : port
            settings.metricsPortChosen = true
        } else {
            settings.metricsPort = Settings.defaultMetricsPort
        }
        if let port = settings.metricsPort, port == settings.port {
            throw SettingsError(variable: "VERITY_METRICS_PORT", problem: "must differ from VERITY_PORT")
        }
        if let host = env["VERITY_METRICS_HOST"], !host.isEmpty { settings.metricsHost = host }
        if let token = env["VERITY_METRICS_TOKEN"], !token.isEmpty {
            guard token.count >= 16, token.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
                throw SettingsError(variable: "VERITY_METRICS_TOKEN", problem: "must be 16 or more visible ASCII characters")
            }
            settings.metricsToken = token
        }
    }

    private static func integer(_ env: [String: String], _ name: String, default value: Int,
                                in range: ClosedRange<Int>) throws -> Int {
        guard let text = env[name], !text.isEmpty else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw SettingsError(variable: name, problem: "must be a whole number in \(range.lowerBound)...\(range.upperBound)")
        }
        return number
    }
}
