import Foundation
import Vapor
import VerityAPI
import VerityCore
import VerityStore
import VerityKernel
import VeritySanctions
import VerityIdentity

/// What `verity demo` hands a newcomer, also written to `demo-keys.json`.
public struct DemoKeys: Codable, Sendable {
    public var baseURL: String
    public var secretKey: String
    public var userToken: String
    /// A publishable test key with every mobile scope (`vhk_test_…`).
    public var clientKey: String
    /// A `pk_demo_…` key: the mobile API's fixed answers, no credits.
    public var demoClientKey: String
    /// The sanctions lists VerifyCompliance screens against: each one's source and size.
    public var sanctionsList: String?
    /// The test environment's key for checking signed OCR responses (HMAC-SHA256, base64).
    public var hmacKey: String
    /// The demo tenant's console admin (no second factor): a new password every start.
    public var operatorEmail: String
    public var operatorPassword: String
}

/// Seeds a demo tenant: registry, consent texts, a secret key and a token.
public enum DemoSetup {
    public static let tenant = "demo"
    public static let userRef = "demo-user-1"
    /// The certification entity the demo users register with.
    public static let entity = "demo-bank"
    /// The console's admin operator of the demo tenant.
    public static let operatorEmail = "admin@demo.example"

    /// Seeds the database behind `app` (idempotent for the registry and consent
    /// texts; a new key and token every run) and returns the keys.
    /// Each of `sanctions` (OFAC's files, the UN's, BIS's) is imported unless it is its list's current version already.
    public static func seed(_ app: Application, settings: Settings, baseURL: String, sanctions: [SanctionsListFiles] = [],
                            clock: VerityClock = .system) async throws -> DemoKeys {
        let operations = try AdminOperations(app: app, settings: settings, clock: clock)
        let secretKey = try await operations.tenants.createKey(tenant: tenant, environment: .test)
        if try await operations.identity.registryCount() == 0 {
            _ = try await operations.identity.importRegistry(csv: DemoRegistry.csv) { _, _ in }
        }
        // A user PII cannot verify is offered the capture page (idScanUrl),
        // webhooks may go to a receiver on this machine (a development tenant),
        // and doubtful document checks wait in the console's review queue.
        _ = try await operations.tenants.updateConfiguration(tenant: tenant, environment: .test) {
            $0.documents.idScanUrlEnabled = true
            $0.webhooks.allowPrivateAddresses = true
            $0.documents.review.enabled = true
            // The registry's countries, and those of the real specimens the first week's history checks.
            $0.supportedCountries = DemoSpecimens.countries(beside: ["US", "GB", "CA"])
        }
        let texts = try await ConsentRepository(db: app.db)
            .currentTexts(environmentID: try await environmentID(app, operations))
        if texts.isEmpty {
            for text in DemoConsent.texts {
                try await operations.tenants.addConsentText(tenant: tenant, environment: .test, locale: text.locale,
                                                    contentType: text.contentType, content: text.content)
            }
        }
        if try await operations.certification.entities(tenant: tenant, environment: .test).isEmpty {
            _ = try await operations.certification.createEntity(tenant: tenant, environment: .test, name: entity, displayName: "Demo Bank",
                                                  levels: [1, 2, 3, 4], fields: DemoCertification.fields)
            _ = try await operations.certification.addCheckpoint(tenant: tenant, environment: .test, name: "Demo Bank, City branch",
                                                   address: "1 Example Street, London EC2V 7HH", latitude: 51.5142, longitude: -0.0931,
                                                   levels: [2, 3, 4], openingHours: "Mon–Fri 09:00–17:00")
        }
        let token = try await operations.identity.mintToken(tenant: tenant, environment: .test, userRef: userRef, ttlSeconds: 86400)
        // The mobile API: credits to spend (topped up to 1,000 on every start) and its two kinds of key.
        let balance = try await operations.mobile.credits(tenant: tenant, environment: .test, entries: 0).balance
        if balance < 1_000 {
            _ = try await operations.mobile.grantCredits(tenant: tenant, environment: .test, amount: 1_000 - balance, note: "demo")
        }
        let clientKey = try await operations.mobile.createClientKey(tenant: tenant, environment: .test, scopes: MobileProduct.allCases, demo: false)
        let demoClientKey = try await operations.mobile.createClientKey(tenant: tenant, environment: .test, scopes: MobileProduct.allCases, demo: true)
        // Each list unless it is the current version already (OFAC's with the demo's fictional entry).
        for var files in sanctions {
            let isOFAC = files.recognisedList == SanctionsListID.ofacSDN
            if isOFAC { files.source += DemoSanctions.sourceSuffix }
            guard try await operations.sanctions.sanctionsStatus(list: files.recognisedList)?.source != files.source else { continue }
            _ = try await operations.sanctions.importSanctions(files, adding: isOFAC ? [DemoSanctions.fictionalEntry] : []) { _, _ in }
        }
        // The server warmed its matcher at boot, before these lists existed.
        try? await app.sanctionsScreening(pool: nil).refresh(db: app.db)   // configure made it, on the engine pool
        let statuses = try await operations.sanctions.sanctionsStatuses()
        let list = statuses.isEmpty ? nil : statuses.map { "\($0.source) (\($0.entries) entries)" }.joined(separator: "; ")
        // Signed OCR responses: a new key every start, like the secret key.
        let hmacKey = try await operations.tenants.createHMACKey(tenant: tenant, environment: .test)
        let consoleAdmin = try await consoleAdmin(operations)
        return DemoKeys(baseURL: baseURL, secretKey: secretKey, userToken: token.token, clientKey: clientKey, demoClientKey: demoClientKey,
                        sanctionsList: list, hmacKey: hmacKey, operatorEmail: operatorEmail, operatorPassword: consoleAdmin.password)
    }

    /// The demo's console admin: made on the first start, given a new password on every other.
    private static func consoleAdmin(_ operations: AdminOperations) async throws -> OperatorCredentials {
        if let existing = try await operations.operators.list(tenant: tenant).first(where: { $0.email == operatorEmail }) {
            _ = try await operations.operators.setOperatorActive(tenant: tenant, id: existing.id.uuidString, active: true)
            return try await operations.operators.resetOperatorPassword(tenant: tenant, id: existing.id.uuidString)
        }
        return try await operations.operators.createOperator(tenant: tenant, email: operatorEmail, role: .admin, password: nil, secondFactor: false)
    }

    private static func environmentID(_ app: Application, _ operations: AdminOperations) async throws -> UUID {
        guard let environment = try await TenantRepository(db: app.db).environment(tenant: tenant, kind: .test) else {
            throw VerityError(.notFound, "demo tenant missing")
        }
        return try environment.requireID()
    }

    /// Whether the server has no job running or due, and no webhook delivery waiting, at `now`: the demo's
    /// first week waits for this before its clock moves on to the next day.
    public static func jobsSettled(_ app: Application, now: Int64) async throws -> Bool {
        guard try await JobQueue(db: app.db).stats(now: now).allSatisfy({ $0.oldestDueRunAfter == nil && $0.running == 0 }) else {
            return false
        }
        // Webhook deliveries too: one signed before the week's clock moves on a day
        // would reach the demo's receiver a day late by that clock, and be refused as stale.
        guard try await WebhookOutbox.awaitingFanOut(on: app.db).events == 0 else { return false }
        return try await WebhookDeliveryRepository(db: app.db).queueStats(now: now).pending == 0
    }

    /// Writes the keys where scripts can read them.
    public static func write(_ keys: DemoKeys, toDirectory directory: String) throws -> String {
        let path = (directory as NSString).appendingPathComponent("demo-keys.json")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Every credential of the demo: its owner's alone.
        try PrivateFiles.write(try encoder.encode(keys), to: path)
        return path
    }
}

/// The demo entity's registration form.
enum DemoCertification {
    static let fields = [
        UserFieldDefinition(name: "givenName", type: .text, maxLength: 100),
        UserFieldDefinition(name: "surname", type: .text, maxLength: 100),
        UserFieldDefinition(name: "email", type: .email, required: false),
        UserFieldDefinition(name: "dateOfBirth", type: .date),
    ]
}
