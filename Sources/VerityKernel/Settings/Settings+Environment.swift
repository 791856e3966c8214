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
        guard let keyText = env[.dataKey] else {
            throw SettingsError(variable: SettingVariable.dataKey.name, problem: "is required (make one with `verity keys data-key`)")
        }
        guard let key = Data(base64Encoded: keyText), key.count == 32 else {
            throw SettingsError(variable: SettingVariable.dataKey.name, problem: "must be 32 bytes, base64-encoded")
        }
        var settings = Settings(dataKey: key)
        if let text = env[.previousDataKeys] {
            settings.previousDataKeys = try text.split(separator: ",").map { part in
                guard let previous = Data(base64Encoded: part.trimmingCharacters(in: .whitespaces)), previous.count == 32 else {
                    throw SettingsError(variable: SettingVariable.previousDataKeys.name, problem: "must be data keys (32 bytes, base64) separated by commas")
                }
                return previous
            }
        }
        if let host = env[.host] { settings.host = host }
        settings.port = try integer(env, .port)
        try readMetrics(env, into: &settings)
        if let url = env[.databaseURL] {
            guard url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else {
                throw SettingsError(variable: SettingVariable.databaseURL.name, problem: "must start with postgres://")
            }
            settings.databaseURL = TransportRules.postgresURL(url)
        }
        if let dir = env[.dataDirectory] { settings.dataDirectory = dir }
        if let dir = env[.modelsDirectory] { settings.modelsDirectory = dir }
        if let arc = env[.pkiPolicyArc] { settings.pkiPolicyArc = arc }
        if let url = env[.publicURL] {
            // Phones open capture links across the internet: https, or http on this machine.
            _ = try TransportRules.outboundURL(url, variable: SettingVariable.publicURL.name)
            settings.publicURL = url.hasSuffix("/") ? String(url.dropLast()) : url
        }
        if let url = env[.externalCAURL] {
            let parsed = try TransportRules.outboundURL(url, variable: SettingVariable.externalCAURL.name)
            guard let token = env[.externalCAToken] else {
                throw SettingsError(variable: SettingVariable.externalCAToken.name, problem: "is required when VERITY_EXTERNAL_CA_URL is set")
            }
            guard let chain = env[.externalCAChain] else {
                throw SettingsError(variable: SettingVariable.externalCAChain.name, problem: "is required when VERITY_EXTERNAL_CA_URL is set")
            }
            settings.externalCA = ExternalCASettings(url: parsed, token: token, chainPath: chain)
        }
        if let module = env[.hsmModule] {
            // The SO PIN is for `verity hsm provision`, `verity hsm wipe` and
            // `verity ca init` only; `verity serve` refuses to start with it.
            var soPIN: String?
            if let pin = env[.hsmSecurityOfficerPIN] {
                guard (4...255).contains(pin.count) else {
                    throw SettingsError(variable: SettingVariable.hsmSecurityOfficerPIN.name, problem: "must be 4–255 characters")
                }
                soPIN = pin
            }
            var hsm = HSMSettings(modulePath: module, securityOfficerPIN: soPIN)
            if let token = env[.hsmCAToken] {
                guard let pin = env[.hsmCAPIN], (4...255).contains(pin.count) else {
                    throw SettingsError(variable: SettingVariable.hsmCAPIN.name, problem: "is required (4–255 characters) when VERITY_HSM_CA_TOKEN is set")
                }
                hsm.caToken = token
                hsm.caPIN = pin
            }
            settings.hsm = hsm
        }
        settings.tokenTTLSeconds = try integer(env, .tokenTTL)
        settings.deviceCodeLifetimeSeconds = try integer(env, .deviceCodeLifetime)
        settings.engineThreads = try integer(env, .engineThreads)
        if let isolation = env[.engineIsolation] {
            guard let parsed = EngineIsolation(rawValue: isolation) else {
                throw SettingsError(variable: SettingVariable.engineIsolation.name, problem: "must be workers or in-process")
            }
            settings.engineIsolation = parsed
        }
        // The engine worker is built beside the verity binary.
        settings.engineWorkerExecutable = Settings.builtInEngineWorker()
        if let standIn = env[.engineWorker] {
            guard standIn.hasPrefix("/"), FileManager.default.isExecutableFile(atPath: standIn) else {
                throw SettingsError(variable: SettingVariable.engineWorker.name, problem: "must be the absolute path of an executable program")
            }
            settings.engineWorkerStandIn = standIn
        }
        settings.engineWorkerMemoryMegabytes = try integer(env, .engineWorkerMemory)
        settings.engineTaskSeconds = try integer(env, .engineTaskSeconds)
        settings.largeBodiesAtOnce = try integer(env, .largeBodies)
        settings.connections.maxConnections = try integer(env, .maxConnections)
        settings.connections.maxConnectionsPerAddress = try integer(env, .maxConnectionsPerAddress)
        settings.connections.headerSeconds = try integer(env, .headerTimeout)
        settings.connections.idleSeconds = try integer(env, .idleTimeout)
        settings.connections.bodySeconds = try integer(env, .bodyTimeout)
        let proxyHeader = try env[.trustedProxyHeader].map { value in
            guard let header = TrustedProxies.Header(rawValue: value.lowercased()) else {
                throw SettingsError(variable: SettingVariable.trustedProxyHeader.name, problem: "must be x-forwarded-for or forwarded")
            }
            return header
        } ?? .xForwardedFor
        switch TrustedProxies.parse(env[.trustedProxies] ?? "", header: proxyHeader) {
        case .success(let proxies): settings.trustedProxies = proxies
        case .failure(let failure):
            throw SettingsError(variable: SettingVariable.trustedProxies.name,
                                problem: "\(failure.item) is not an address or a CIDR range (e.g. 10.0.0.0/8, 2001:db8::/32, 127.0.0.1)")
        }
        settings.connections.minimumBodyBytesPerSecond = try integer(env, .minimumBodyRate)
        settings.captureRequestsPerAddressPerMinute = try integer(env, .captureRequestsPerAddress)
        settings.jobLeaseSeconds = try integer(env, .jobLease)
        settings.documentWaitMilliseconds = try integer(env, .documentWait)
        settings.webhookTimeoutMilliseconds = try integer(env, .webhookTimeout)
        // A delivery still waiting on its receiver when its job's lease lapses
        // would be sent again by another server while the first still runs.
        guard Int64(settings.webhookTimeoutMilliseconds) < Int64(settings.jobLeaseSeconds) * 1000 else {
            throw SettingsError(variable: SettingVariable.webhookTimeout.name,
                                problem: "must be shorter than the job lease (VERITY_JOB_LEASE_SECONDS, \(settings.jobLeaseSeconds) s)")
        }
        if let url = env[.bureauURL] {
            let parsed = try TransportRules.outboundURL(url, variable: SettingVariable.bureauURL.name)
            guard let apiKey = env[.bureauKey] else {
                throw SettingsError(variable: SettingVariable.bureauKey.name, problem: "is required when VERITY_BUREAU_URL is set")
            }
            settings.bureau = BureauSettings(
                url: parsed, apiKey: apiKey,
                timeoutMilliseconds: try integer(env, .bureauTimeout),
                retries: try integer(env, .bureauRetries))
        }
        settings.shutdownDrainSeconds = try integer(env, .shutdownDrain)
        settings.abandonedAttemptSeconds = try integer(env, .abandonedAttempt)
        settings.sanctionsFolder = env[.sanctionsFolder]
        settings.sanctionsFolderMinutes = try integer(env, .sanctionsFolderMinutes)
        // An attempt still waiting on the bureau must not be given back under it.
        if let bureau = settings.bureau,
           Int64(settings.abandonedAttemptSeconds) * 1000 <= Int64(bureau.timeoutMilliseconds) * Int64(bureau.retries + 1) {
            throw SettingsError(variable: SettingVariable.abandonedAttempt.name, problem: """
                must be longer than the bureau can take (VERITY_BUREAU_TIMEOUT_MS × (VERITY_BUREAU_RETRIES + 1), \
                \(bureau.timeoutMilliseconds * (bureau.retries + 1)) ms)
                """)
        }
        settings.sms = try smsSettings(env)
        settings.smtp = try smtpSettings(env)
        if let level = env[.logLevel] {
            // No "trace": at trace level the HTTP stack logs raw request heads,
            // credentials included.
            let levels = ["debug", "info", "notice", "warning", "error", "critical"]
            guard levels.contains(level) else {
                throw SettingsError(variable: SettingVariable.logLevel.name, problem: "must be one of \(levels.joined(separator: ", "))")
            }
            settings.logLevel = level
            settings.logLevelChosen = true
        }
        if let format = env[.logFormat] {
            guard ["json", "text"].contains(format) else {
                throw SettingsError(variable: SettingVariable.logFormat.name, problem: "must be json or text")
            }
            settings.jsonLogs = format == "json"
            settings.logFormatChosen = true
        }
        try readTransport(env, into: &settings)
        return settings
    }

    /// The SMTP server, when VERITY_SMTP_HOST is set.
    static func smtpSettings(_ env: [String: String]) throws -> SMTPSettings? {
        guard let host = env[.smtpHost] else { return nil }
        guard let from = env[.smtpFrom], ContactDetails.isEmail(from) else {
            throw SettingsError(variable: SettingVariable.smtpFrom.name, problem: "must be the sender's e-mail address when VERITY_SMTP_HOST is set")
        }
        let mode = env[.smtpTLS] ?? "tls"
        guard ["tls", "none"].contains(mode) else { throw SettingsError(variable: SettingVariable.smtpTLS.name, problem: "must be tls or none") }
        var smtp = SMTPSettings(host: host, port: try integer(env, .smtpPort, default: mode == "tls" ? nil : 25),
                                tls: mode == "tls", from: from,
                                timeoutMilliseconds: try integer(env, .smtpTimeout))
        guard smtp.tls || smtp.isLoopback else {
            throw SettingsError(variable: SettingVariable.smtpTLS.name, problem: "none is allowed only for a relay on loopback (localhost, 127.0.0.1, ::1)")
        }
        if let username = env[.smtpUsername] {
            guard let password = env[.smtpPassword] else {
                throw SettingsError(variable: SettingVariable.smtpPassword.name, problem: "is required when VERITY_SMTP_USERNAME is set")
            }
            smtp.username = username
            smtp.password = password
        }
        return smtp
    }

    /// The SMS provider, when VERITY_SMS_URL is set.
    static func smsSettings(_ env: [String: String]) throws -> SMSSettings? {
        guard let url = env[.smsURL] else { return nil }
        let parsed = try TransportRules.outboundURL(url, variable: SettingVariable.smsURL.name)
        var sms = SMSSettings(url: parsed)
        if let auth = env[.smsAuthorization] {
            let parts = auth.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            switch (parts.first, parts.count) {
            case ("bearer", 2) where !parts[1].isEmpty: sms.authorization = .bearer(parts[1])
            case ("basic", 3) where !parts[1].isEmpty: sms.authorization = .basic(user: parts[1], password: parts[2])
            default: throw SettingsError(variable: SettingVariable.smsAuthorization.name, problem: "must be bearer:TOKEN or basic:USER:PASSWORD")
            }
        }
        if let template = env[.smsTemplate] {
            guard template.contains("{{to}}"), template.contains("{{text}}") else {
                throw SettingsError(variable: SettingVariable.smsTemplate.name, problem: "must contain {{to}} and {{text}}")
            }
            sms.bodyTemplate = template
        }
        if let type = env[.smsContentType] {
            guard ["application/json", "application/x-www-form-urlencoded"].contains(type) else {
                throw SettingsError(variable: SettingVariable.smsContentType.name, problem: "must be application/json or application/x-www-form-urlencoded")
            }
            sms.contentType = type
        }
        sms.timeoutMilliseconds = try integer(env, .smsTimeout)
        sms.retries = try integer(env, .smsRetries)
        return sms
    }

    /// TLS of the server's own, and where phones reach it: a server listening
    /// beyond this machine must name its public https address, or capture
    /// links would carry whatever Host header a request brought.
    private static func readTransport(_ env: [String: String], into settings: inout Settings) throws {
        let certificate = env[.tlsCertificate]
        let key = env[.tlsKey]
        switch (certificate, key) {
        case (nil, nil): break
        case (let certificate?, let key?):
            for (variable, path) in [(SettingVariable.tlsCertificate.name, certificate), (SettingVariable.tlsKey.name, key)]
            where !FileManager.default.isReadableFile(atPath: path) {
                throw SettingsError(variable: variable, problem: "\(path) is not a readable file")
            }
            settings.tls = TLSFiles(certificatePath: certificate, keyPath: key)
        default:
            throw SettingsError(variable: (certificate == nil ? SettingVariable.tlsCertificate : .tlsKey).name,
                                problem: "VERITY_TLS_CERT and VERITY_TLS_KEY go together")
        }
        guard settings.publicURL != nil || TransportRules.isLoopback(settings.host) else {
            throw SettingsError(variable: SettingVariable.publicURL.name, problem: """
                is required when VERITY_HOST (\(settings.host)) is reachable from other machines: the https address phones and \
                browsers reach (capture links are built from it)
                """)
        }
    }

    /// `/metrics`: its own loopback port by default, and on the API's port
    /// only behind a token.
    private static func readMetrics(_ env: [String: String], into settings: inout Settings) throws {
        if env[.metricsPort] != nil {
            let port = try integer(env, .metricsPort)
            settings.metricsPort = port == 0 ? nil : port
            settings.metricsPortChosen = true
        } else {
            settings.metricsPort = Settings.defaultMetricsPort
        }
        if let port = settings.metricsPort, port == settings.port {
            throw SettingsError(variable: SettingVariable.metricsPort.name, problem: "must differ from VERITY_PORT")
        }
        if let host = env[.metricsHost] { settings.metricsHost = host }
        if let token = env[.metricsToken] {
            guard token.count >= 16, token.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
                throw SettingsError(variable: SettingVariable.metricsToken.name, problem: "must be 16 or more visible ASCII characters")
            }
            settings.metricsToken = token
        }
    }

    /// A whole-number variable, checked against its declared bounds; its declared default when unset.
    private static func integer(_ env: [String: String], _ variable: SettingVariable, default value: Int? = nil) throws -> Int {
        guard let rule = variable.integer else { preconditionFailure("\(variable.name) is not a whole number") }
        guard let text = env[variable] else { return value ?? rule.defaultValue }
        guard let number = Int(text), rule.range.contains(number) else {
            throw SettingsError(variable: variable.name, problem: "must be a whole number in \(rule.range.lowerBound)...\(rule.range.upperBound)")
        }
        return number
    }
}
