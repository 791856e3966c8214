import Fluent
import Foundation
import NIOCore
import SQLKit
import VerityCore

/// Everything an identity request needs to know about its caller, read in one
/// query: the token is live, the user belongs to the token's environment,
/// the environment's rules, and whether the user consents.
public struct TokenSession: Sendable {
    public let userID: UUID
    public let environmentID: UUID
    public let configuration: EnvironmentConfiguration
    public let consented: Bool
    /// Whether the environment has an enabled webhook endpoint: outcomes then
    /// publish their events in their own transaction; otherwise they keep the
    /// one-statement fast path and publish nothing (nobody would read it).
    public let webhooksListening: Bool
    /// The user's own data key, wrapped (nil for users from before people had keys).
    public let wrappedPersonKey: Data?
    /// The user's verification record as the session's query found it: what
    /// an attempt charged and settled in one commit expects to find still
    /// (`VerificationRepository.chargeAndSettle`). Nil when the user has none.
    public let record: VerificationRecord?

    public init(userID: UUID, environmentID: UUID, configuration: EnvironmentConfiguration, consented: Bool,
                webhooksListening: Bool, wrappedPersonKey: Data? = nil, record: VerificationRecord? = nil) {
        self.userID = userID
        self.environmentID = environmentID
        self.configuration = configuration
        self.consented = consented
        self.webhooksListening = webhooksListening
        self.wrappedPersonKey = wrappedPersonKey
        self.record = record
    }

    /// Whether an enabled endpoint listens in the environment `e`, as one SQL
    /// expression (both databases).
    static let listeningColumn = """
        CASE WHEN EXISTS (SELECT 1 FROM webhook_endpoints w WHERE w.environment_id = e.id AND w.status = \(SQLText.literal(WebhookEndpointModel.Status.enabled)))
             THEN 1 ELSE 0 END
        """
}

extension TokenSession {
    /// From `SessionStatement`'s columns.
    init(userID: UUID, environmentID: UUID, row: SessionStatement.Row) throws {
        let (configuration, consented, listening, wrappedKey, record) = row
        self.init(userID: userID, environmentID: environmentID,
                  configuration: try DecodedConfigurations.shared.configuration(environmentID: environmentID, text: configuration),
                  consented: consented == 1, webhooksListening: listening == 1, wrappedPersonKey: wrappedKey.map { Data($0.readableBytesView) },
                  record: record)
    }
}

extension UserRepository {
    /// The session for a verified token, or nil when the token was revoked,
    /// expired, or names a user outside its environment.
    ///
    /// `counting`: the request, counted in its token's rate-limit window
    /// (`RateLimitRepository`); the window's count comes back with the
    /// session (on PostgreSQL in the same statement, one round trip). A
    /// request whose session is nil is not counted on SQLite.
    public func session(tokenID: String, userID: UUID, environmentID: UUID, now: Int64,
                        counting hit: RateLimitRepository.Hit) async throws -> (session: TokenSession?, requests: (count: Int, windowEnds: Int64)) {
        let tokenHash = DataProtector.hashSecret(tokenID)
        let statement = SessionStatement(tokenHash: tokenHash, userID: userID, environmentID: environmentID, now: now)
        if let rows = try await db.prepared(CountedSessionStatement(session: statement, hit: hit)) {
            // The upsert returns its row whatever the session: one row, always.
            let row = rows.first
            let requests = (row?.count ?? 1, hit.windowEnds)
            guard let live = row?.session else { return (nil, requests) }
            return (try TokenSession(userID: userID, environmentID: environmentID, row: live), requests)
        }
        guard let session = try await sqlSession(tokenHash: tokenHash, userID: userID, environmentID: environmentID, now: now) else {
            return (nil, (0, hit.windowEnds))
        }
        return (session, try await RateLimitRepository(db: db).hit(hit))
    }

    /// The session alone, for a caller with no request limit of its own here.
    public func session(tokenID: String, userID: UUID, environmentID: UUID, now: Int64) async throws -> TokenSession? {
        let tokenHash = DataProtector.hashSecret(tokenID)
        if let rows = try await db.prepared(SessionStatement(tokenHash: tokenHash, userID: userID, environmentID: environmentID, now: now)) {
            return try rows.first.map { try TokenSession(userID: userID, environmentID: environmentID, row: $0) }
        }
        return try await sqlSession(tokenHash: tokenHash, userID: userID, environmentID: environmentID, now: now)
    }

    private func sqlSession(tokenHash: String, userID: UUID, environmentID: UUID, now: Int64) async throws -> TokenSession? {
        guard let sql = db as? any SQLDatabase else { return nil }
        let row = try await sql.raw("""
            SELECT CAST(e.configuration AS TEXT) AS configuration,
                   CASE WHEN u.consented_at IS NOT NULL AND u.consent_withdrawn_at IS NULL THEN 1 ELSE 0 END AS consented,
                   \(unsafeRaw: TokenSession.listeningColumn) AS listening,
                   pk.wrapped_key AS wrapped_key, iv.achieved_method, iv.verified_at, iv.failed_attempts, iv.block,
                   iv.required_override, iv.last_attempted_at
            FROM access_tokens t
            JOIN end_users u ON u.id = t.user_id
            JOIN environments e ON e.id = u.environment_id
            LEFT JOIN person_keys pk ON pk.user_id = u.id
            LEFT JOIN identity_verifications iv ON iv.user_id = u.id
            WHERE t.token_id_hash = \(bind: tokenHash) AND t.user_id = \(bind: userID)
              AND u.environment_id = \(bind: environmentID) AND t.revoked_at IS NULL AND t.expires_at > \(bind: now)
            """).first()
        guard let row else { return nil }
        return TokenSession(
            userID: userID, environmentID: environmentID,
            configuration: try DecodedConfigurations.shared.configuration(
                environmentID: environmentID, text: try row.decode(column: "configuration", as: String.self)),
            consented: try row.decode(column: "consented", as: Int.self) == 1,
            webhooksListening: try row.decode(column: "listening", as: Int.self) == 1,
            wrappedPersonKey: try row.decode(column: "wrapped_key", as: Data?.self),
            record: try row.decode(column: "achieved_method", as: String?.self) == nil ? nil : VerificationRepository.record(from: row))
    }
}
