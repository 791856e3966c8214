import Fluent
import Logging
import Vapor
import VerityEnginePool
import VerityPages
import VerityPKI
import VerityStore
import VerityKernel
import VerityWebhooks
import VeritySanctions
import VerityOperators
import VerityIdentity
import VerityMobile
import VerityDocumentOCR
import VerityCertification
import VerityConsole
import VerityAdmin

/// Assembles the server. The CLI and the tests call the same `configure`.
public enum VerityApp {
    /// Wires database, middleware and every surface into `app`.
    public static func configure(_ app: Application, settings: Settings, clock: VerityClock = .system,
                                 autoMigrate: Bool = false) async throws {
        // A server never initialises or wipes an HSM token, so it never holds
        // the PIN that can (issue 47, finding 15): `verity hsm` does.
        if settings.hsm?.securityOfficerPIN != nil {
            throw SettingsError(variable: SettingVariable.hsmSecurityOfficerPIN.name, problem: "must not be set for a server: "
                                + "only `verity hsm provision`, `verity hsm wipe` and `verity ca init` use it")
        }
        app.http.server.configuration.hostname = settings.host
        app.http.server.configuration.port = settings.port
        // No client compresses its requests; a compressed body is refused, typed (`RequestEncodingMiddleware`).
        app.http.server.configuration.requestDecompression = .disabled
        // Verity's own HTTP/1 server: Vapor's has no place for connection caps and read timeouts.
        let server = VerityHTTPServer(application: app, limits: settings.connections, proxies: settings.trustedProxies)
        app.storage[VerityHTTPServerKey.self] = server
        app.servers.use { _ in server }
        app.routes.defaultMaxBodySize = ByteCount(integerLiteral: RequestBody.maxBytes)
        app.logger.logLevel = Logger.Level(rawValue: settings.logLevel) ?? .info
        // swift-metrics reports to the process's registry from here on (Vapor's request metrics too).
        _ = VerityMetrics.registry

        try VerityDatabase.use(on: app.databases, postgresURL: settings.databaseURL, sqlitePath: settings.sqlitePath)
        app.migrations.add(VerityMigrations.all)
        try await VerityDatabase.prepare(app.databases, on: app.eventLoopGroup, logger: app.logger)
        if autoMigrate { try await app.autoMigrate() }

        let protector = try await app.findDataProtector(settings, clock: clock).get()
        let bureau = settings.bureau.map { HTTPBureau(settings: $0, client: app.http.client.shared, logger: app.logger) }
        let engines = EnginePool(threads: settings.engineThreads)
        app.lifecycle.use(engines)
        app.storage[EnginePoolKey.self] = engines
        let pki = try CertificationPKI.load(settings: settings, pool: engines)
        let authority = try settings.externalCA.map { external in
            HTTPCertificateAuthority(settings: external, chain: pki.externalChain, policy: try CertificatePolicy(arc: settings.pkiPolicyArc),
                                     client: app.http.client.shared, logger: app.logger)
        }
        let issuer = CertificateIssuer(db: app.db, protector: protector, clock: clock, pki: pki, authority: authority, logger: app.logger)
        // As many jobs at once as engine threads: document checks keep every thread busy.
        let jobs = JobWorker(db: app.db, clock: clock, logger: app.logger, lanes: max(2, settings.engineThreads),
                             leaseMilliseconds: Int64(settings.jobLeaseSeconds) * 1000)
        let dataSources = DataSourceProvider(protector: protector, bureau: bureau)
        let documentChecks = DocumentCheckWaiters()
        jobs.register(issuer)
        jobs.register(RetentionSweeper(db: app.db, clock: clock, logger: app.logger))
        if let folder = settings.sanctionsFolder {
            jobs.register(SanctionsFolderJob(db: app.db, clock: clock, protector: protector, folder: folder, logger: app.logger))
        }
        let documentEngines = try DocumentEngines.configured(settings, pool: engines, application: app)
        app.storage[LargeBodiesKey.self] = LargeBodies(limit: settings.largeBodiesAtOnce)
        jobs.register(DocumentCheckHandler(
            db: app.db, protector: protector, clock: clock,
            engines: documentEngines.inBackground,
            dataSources: dataSources, waiters: documentChecks, logger: app.logger))
        let webhookClient = WebhookHTTPClient()
        app.lifecycle.use(webhookClient)
        let webhooks = WebhookDispatcher(
            db: app.db, protector: protector, clock: clock,
            poster: WebhookPoster(clients: webhookClient, timeout: .milliseconds(Int64(settings.webhookTimeoutMilliseconds))),
            logger: app.logger, leaseMilliseconds: Int64(settings.jobLeaseSeconds) * 1000)
        jobs.afterEachJob = { webhooks.kick() }
        let sanctions = app.sanctionsScreening(pool: engines)
        jobs.register(MonitoringRescreen(db: app.db, clock: clock, protector: protector, screening: sanctions,
                                         wake: WebhookWake(dispatcher: webhooks), logger: app.logger))
        let heldClaims = HeldClaims(db: app.db, clock: clock, logger: app.logger)
        app.lifecycle.use(heldClaims)
        let sms = settings.sms.map { HTTPSMSGateway(settings: $0, client: app.http.client.shared, logger: app.logger) }
        let messaging = CertificationMessaging(provider: sms, mail: settings.smtp.map { SMTPMailGateway(settings: $0, logger: app.logger) },
                                               protector: protector, clock: clock)
        jobs.register(ActivationCodeDelivery(db: app.db, protector: protector, messaging: messaging, clock: clock, logger: app.logger))
        let dependencies = ServerDependencies(
            settings: settings, protector: protector, clock: clock,
            tokens: await UserTokenService.make(protector: protector, clock: clock),
            dataSources: dataSources, pki: pki, issuer: issuer, jobs: jobs, documentEngines: documentEngines,
            documentChecks: documentChecks,
            messaging: messaging, sanctions: sanctions,
            webhookWake: WebhookWake(dispatcher: webhooks), heldClaims: heldClaims,
            signInHashing: SignInGuard.HashingQueue(capacity: SignInGuard.hashingCapacity))
        app.lifecycle.use(jobs)
        app.storage[JobWorkerKey.self] = jobs
        app.lifecycle.use(webhooks)
        app.storage[WebhookDispatcherKey.self] = webhooks
        app.lifecycle.use(HousekeepingLoop(
            housekeeping: Housekeeping(db: app.db, abandonedAttemptMilliseconds: Int64(settings.abandonedAttemptSeconds) * 1000,
                                       sanctionsFolderMinutes: settings.sanctionsFolder == nil ? nil : settings.sanctionsFolderMinutes,
                                       protector: { try app.dataProtector }),
            clock: clock, logger: app.logger))
        app.lifecycle.use(SanctionsWarmUp(screening: sanctions, db: app.db))

        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        ContentConfiguration.global.use(encoder: encoder, for: .json)

        app.middleware = Middlewares()
        let inFlight = InFlightRequests()
        app.middleware.use(inFlight)
        // Registered last, so it stops first: before anything a request still uses.
        app.lifecycle.use(inFlight)
        app.middleware.use(RequestLogMiddleware())
        if settings.servesHTTPS { app.middleware.use(TransportSecurityMiddleware()) }
        app.middleware.use(APIErrorMiddleware())
        app.middleware.use(RequestEncodingMiddleware())
        if let tls = settings.tls { app.http.server.configuration.tlsConfiguration = try tls.serverConfiguration() }

        try app.register(collection: ReferenceController(database: settings.databaseURL == nil ? "SQLite" : "PostgreSQL"))
        try app.register(collection: HealthController(settings: settings, models: ModelFilesCheck(directory: settings.modelsDirectory),
                                                      drain: app.serverDrain))
        let metrics = MetricsPage(db: app.db, clock: clock, jobKinds: jobs.kinds,
                                  poolCapacity: VerityDatabase.poolCapacity(postgres: settings.databaseURL != nil,
                                                                            eventLoops: app.eventLoopGroup.makeIterator().reduce(0) { n, _ in n + 1 }))
        if let port = settings.metricsPort {
            app.lifecycle.use(MetricsServer(host: settings.metricsHost, port: port, required: settings.metricsPortChosen,
                                            page: metrics, logger: app.logger))
        }
        if let token = settings.metricsToken { try app.register(collection: MetricsController(page: metrics, token: token)) }
        try installSurfaces(app, dependencies)
    }

    /// JSON (or text) logs for the whole process; call once, before the app exists.
    public static func bootstrapLogging(_ settings: Settings) {
        let level = Logger.Level(rawValue: settings.logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            settings.jsonLogs ? JSONLogHandler(label: label, level: level) as any LogHandler : ReadableLogHandler(level: level)
        }
    }
}
