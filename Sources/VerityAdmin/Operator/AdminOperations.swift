import Fluent
import Foundation
import Vapor
import VerityCore
import VerityStore
import VerityKernel
import VeritySanctions

/// Operator tasks the CLI runs against the database directly, one group per
/// feature, each built with only what it uses:
///
///     try AdminOperations(app: app, settings: settings).mobile.grantCredits(…)
public struct AdminOperations: Sendable {
    /// Secret keys, environment settings, consent texts, response signing, the audit trail.
    public let tenants: TenantOperations
    /// Users, tokens, document checks, the reference registry, export and erasure.
    public let identity: IdentityOperations
    /// Client keys and credits of the mobile API.
    public let mobile: MobileOperations
    public let webhooks: WebhookOperations
    /// Entities, checkpoints, accreditation, the SMS outbox, signatures and HSM tokens.
    public let certification: CertificationOperations
    /// The console's operators.
    public let operators: OperatorOperations
    public let sanctions: SanctionsOperations
    /// The CSCAs and CRLs ePassport chips are verified against.
    public let chip: ChipOperations
    /// The data key's and the derived keys' rotation.
    public let keyRotation: KeyRotationOperations
    /// Housekeeping and the retention sweep.
    public let retention: RetentionOperations
    /// Synthetic rows for the benchmarks.
    public let benchData: BenchDataOperations

    /// `app` is open on the database (`VerityApp.withDatabase` or `configure`).
    public init(app: Application, settings: Settings, clock: VerityClock = .system) throws {
        let db = app.db
        let protector = try app.dataProtector
        let links = CaptureLinkAddresses(baseURL: settings.pagesBaseURL, protector: protector)
        tenants = TenantOperations(db: db, clock: clock, protector: protector)
        identity = IdentityOperations(db: db, clock: clock, protector: protector, links: links, settings: settings)
        mobile = MobileOperations(db: db, clock: clock, protector: protector)
        webhooks = WebhookOperations(db: db, clock: clock, protector: protector, links: links)
        certification = CertificationOperations(db: db, clock: clock, protector: protector, links: links, settings: settings)
        operators = OperatorOperations(db: db, clock: clock, protector: protector, passwordCost: settings.operatorPasswordCost)
        sanctions = SanctionsOperations(db: db, clock: clock, protector: protector, screening: SanctionsScreening(pool: nil))
        chip = ChipOperations(db: db, clock: clock)
        keyRotation = KeyRotationOperations(db: db, clock: clock, protector: protector, settings: settings)
        retention = RetentionOperations(db: db, clock: clock, protector: protector,
                                        abandonedAttemptMilliseconds: Int64(settings.abandonedAttemptSeconds) * 1000)
        benchData = BenchDataOperations(db: db, clock: clock, protector: protector)
    }
}
