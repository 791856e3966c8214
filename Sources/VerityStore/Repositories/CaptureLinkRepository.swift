import Fluent
import Foundation
import SQLKit
import VerityCore

/// Capture links. Writes that go with a status change take the transaction
/// of `DocumentCheckRepository.transition`, so a link and the status it moved
/// are never out of step.
public struct CaptureLinkRepository: Sendable {
    let db: any Database

    public init(db: any Database) { self.db = db }

    /// The link a token opens, or nil (unknown, replaced or removed).
    public func link(tokenHash: String) async throws -> CaptureLinkModel? {
        try await CaptureLinkModel.query(on: db).filter(\.$tokenHash == tokenHash).first()
    }

    /// The user's live link, if any.
    public func link(userID: UUID) async throws -> CaptureLinkModel? {
        try await CaptureLinkModel.query(on: db).filter(\.$user.$id == userID).first()
    }

    /// The user a link speaks for, as a token session would give it: the
    /// environment's rules and the consent state.
    public func context(of link: CaptureLinkModel) async throws -> TokenSession? {
        let row = try await db.sql().raw("""
            SELECT e.configuration AS configuration,
                   CASE WHEN u.consented_at IS NOT NULL AND u.consent_withdrawn_at IS NULL THEN 1 ELSE 0 END AS consented,
                   \(unsafeRaw: TokenSession.listeningColumn) AS listening
            FROM end_users u JOIN environments e ON e.id = u.environment_id
            WHERE u.id = \(bind: link.$user.id) AND u.environment_id = \(bind: link.environmentID)
            """).first()
        guard let row else { return nil }
        return TokenSession(userID: link.$user.id, environmentID: link.environmentID,
                            configuration: try row.decode(column: "configuration", as: EnvironmentConfiguration.self),
                            consented: try row.decode(column: "consented", as: Int.self) == 1,
                            webhooksListening: try row.decode(column: "listening", as: Int.self) == 1)
    }

    /// Links made before `createdBefore` whose users still wait on them
    /// (`captureInitiated` or `captureLinkOpened`): the ones time may have
    /// lapsed, for the housekeeping sweep.
    public func waiting(olderThan createdBefore: Int64) async throws -> [CaptureLinkModel] {
        let ids = try await db.sql().raw("""
            SELECT l.id AS id FROM capture_links l JOIN document_verifications d ON d.user_id = l.user_id
            WHERE l.created_at < \(bind: createdBefore) AND d.status IN (\(literals: [DocumentVerificationStatus.captureInitiated, .captureLinkOpened]))
            """).all().map { try $0.decode(column: "id", as: UUID.self) }
        guard !ids.isEmpty else { return [] }
        return try await CaptureLinkModel.query(on: db).filter(\.$id ~~ ids).all()
    }

    /// Makes `link` the user's one link, replacing any earlier one.
    public static func replace(with link: CaptureLinkModel, on tx: any Database) async throws {
        try await CaptureLinkModel.query(on: tx).filter(\.$user.$id == link.$user.id).delete()
        try await link.create(on: tx)
    }

    /// Counts one opening of the page.
    public static func countOpening(linkID: UUID, on tx: any Database) async throws {
        try await tx.sql().raw("UPDATE capture_links SET opens = opens + 1 WHERE id = \(bind: linkID)").run()
    }

    /// Counts one submission through the link.
    public static func countSubmission(linkID: UUID, on tx: any Database) async throws {
        try await tx.sql().raw("UPDATE capture_links SET submissions = submissions + 1 WHERE id = \(bind: linkID)").run()
    }

    /// Removes the user's link (document verification ended, or went on without it).
    public static func remove(userID: UUID, on tx: any Database) async throws {
        try await CaptureLinkModel.query(on: tx).filter(\.$user.$id == userID).delete()
    }
}

extension CaptureLinkModel {
    /// What the timing rules need.
    public var timing: CaptureLinkPolicy.Link { .init(createdAt: createdAt, opens: opens, submissions: submissions) }
}
