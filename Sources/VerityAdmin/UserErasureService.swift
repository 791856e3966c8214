import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityStore
import VerityKernel
import VerityCertification

/// Erases one user on the tenant's request (`DELETE /admin/v1/users/{userRef}`,
/// `verity users erase`): their key first, so everything sealed under it is
/// unreadable at once, in copies and backups of the database too; then their
/// rows, their live certificates revoked (listed on the CRL by serial); then
/// their level-4 tokens marked for `verity hsm wipe`; an outside CA is told last. The audit trail
/// keeps the erasure by its id, not whom it erased.
///
/// A step that fails leaves the user findable, so the same call finishes the
/// erasure; once it finished, the user is unknown (404).
struct UserErasureService: Sendable {
    let protector: DataProtector
    let clock: VerityClock
    /// Tells an outside CA; nil where there is none to tell (the CLI).
    let issuer: CertificateIssuer?

    func erase(userRef: String, actor: String, context: AdminContext) async throws -> UserErasure {
        let user = try await AdminUserService.existingUser(userRef, users: UserRepository(db: context.db, protector: protector),
                                                           context: context)
        let userID = try user.requireID()
        let erasure = PersonErasure(db: context.db, protector: protector)
        try await erasure.destroyKey(userID: userID)

        let live = try await liveCertificates(userID: userID, db: context.db)
        let erasureID = UUID()
        let now = clock.nowMillis()
        let removed = try await erasure.removeRows(userID: userID, environmentID: context.environmentID, actor: actor,
                                                   reason: "erasure \(erasureID.uuidString.lowercased())", now: now)
        // Level-4 tokens go to `verity hsm wipe` once their certificates are
        // revoked; a mark lost here is found by the wipe's own sweep.
        let inHSM = live.compactMap(\.hsmToken)
        let tokens = HSMTokenRepository(db: context.db, protector: protector)
        for token in inHSM { try? await tokens.markToWipe(label: token, now: now) }
        await issuer?.notifyRevoked(live.filter { $0.status == .issued })
        // The erased rows' old page versions leave SQLite's write-ahead log now, not at the next sweep.
        try await VerityDatabase.emptyWriteAheadLog(context.db)
        context.logger.info("user erased", metadata: ["erasure_id": .string(erasureID.uuidString)])
        return UserErasure(erasureId: erasureID.uuidString.lowercased(), erasedAtEpochMs: now, removed: ErasedRecords(
            verificationAttempts: removed.verificationAttempts, documentChecks: removed.documentChecks,
            consentEvents: removed.consentEvents, registrations: removed.registrations,
            certificatesRevoked: removed.certificatesRevoked, hsmTokensToWipe: inHSM.count, ocrSessions: removed.ocrSessions,
            webhookEvents: removed.webhookEvents, reviewCases: removed.reviewCases))
    }

    private func liveCertificates(userID: UUID, db: any Database) async throws -> [UserCertificateModel] {
        var live: [UserCertificateModel] = []
        for registration in try await UserRecordsRepository(db: db).registrations(userID: userID) {
            live += try await UserCertificateRepository(db: db).live(registrationID: try registration.requireID())
        }
        return live
    }

    init(protector: DataProtector, clock: VerityClock, issuer: CertificateIssuer?) {
        self.protector = protector
        self.clock = clock
        self.issuer = issuer
    }
}
