import Fluent
import Foundation
import VerityAPI
import VerityCore
import VerityStore
import VerityKernel
import VerityIdentity

/// A user as the console's user page shows them, found by the tenant's own
/// reference in each of the tenant's environments: where they stand, and
/// their history, with no PII beyond the reference the tenant gave.
struct ConsoleUsers: Sendable {
    let scope: RequestScope
    let protector: DataProtector
    let clock: VerityClock

    var db: any Database { scope.db }

    struct File: Sendable {
        let userID: UUID
        let environment: EnvironmentKind
        let userRef: String
        let createdAt: Int64
        let identity: VerifiedIdentity
        let consentedAt: Int64?
        let consentWithdrawnAt: Int64?
        let attempts: [VerificationAttemptModel]
        let consentEvents: [UserFileRepository.ConsentEvent]
        let checks: [DocumentCheckModel]
        /// The review case of each check that had one, by check id.
        let cases: [UUID: ReviewCaseModel]
        let certification: [UserFileRepository.Certification]
        let lockedAt: Int64?
    }

    /// A reference that cannot be one (empty, too long, control characters).
    struct Problem: Error { package let field: String }

    /// The user in each environment of the tenant that knows them (test first).
    func find(userRef raw: String, tenantID: UUID) async throws -> [File] {
        let ref = raw.trimmingCharacters(in: .whitespaces)
        guard (try? UserRef.validated(ref)) != nil else { throw Problem(field: "ref") }
        let environments = try await TenantRepository(db: db).environments(tenantID: tenantID)
            .sorted { ($0.kind == .test ? 0 : 1) < ($1.kind == .test ? 0 : 1) }
        var files: [File] = []
        for environment in environments {
            let environmentID = try environment.requireID()
            let kind = environment.kind
            guard let user = try await UserRepository(db: db, protector: protector).find(userRef: ref, environmentID: environmentID)
            else { continue }
            files.append(try await file(user, ref: ref, environment: environment, kind: kind))
        }
        return files
    }

    private func file(_ user: EndUserModel, ref: String, environment: EnvironmentModel, kind: EnvironmentKind) async throws -> File {
        let userID = try user.requireID()
        let identity = try await IdentityStatusReader(db: db, links: scope.links, now: clock.nowMillis())
            .identity(userID: userID, configuration: environment.configuration, consented: user.consented)
        let history = UserFileRepository(db: db)
        let checks = try await history.checks(userID: userID)
        var cases: [UUID: ReviewCaseModel] = [:]
        for reviewCase in try await ReviewCaseRepository(db: db).cases(userID: userID) where reviewCase.kind == .documentCheck {
            cases[reviewCase.subjectID] = reviewCase
        }
        return File(userID: userID, environment: kind, userRef: ref, createdAt: user.createdAt, identity: identity,
                    consentedAt: user.consentedAt, consentWithdrawnAt: user.consentWithdrawnAt,
                    attempts: try await history.attempts(userID: userID), consentEvents: try await history.consentEvents(userID: userID),
                    checks: checks, cases: cases, certification: try await history.certification(userID: userID),
                    lockedAt: try await history.lock(userID: userID)?.lockedAt)
    }
}
