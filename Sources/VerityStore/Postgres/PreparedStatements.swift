import FluentPostgresDriver
import Foundation
import VerityCore

// The identity hot path on PostgreSQL runs as named prepared statements:
// parsed and planned once per connection instead of on every request (perf
// showed 38 % of PostgreSQL's time in parse and plan otherwise). SQLite
// runs the same statements through SQLKit (see the repositories).
//
// Each statement names itself: PostgresNIO's default name is
// `String(reflecting: Self.self)`, worked out on every execution (1 % of a
// verification's CPU).

extension Database {
    /// Runs `statement` prepared, on PostgreSQL; nil on any other database.
    func prepared<Statement: PostgresPreparedStatement>(_ statement: Statement) async throws -> [Statement.Row]?
    where Statement.Row: Sendable {
        guard let postgres = self as? any PostgresDatabase else { return nil }
        let logger = self.logger
        return try await postgres.withConnection { connection in
            LostConnections.watching(connection, connection.eventLoop.makeFutureWithTask {
                try await connection.execute(statement, logger: logger).reduce(into: []) { $0.append($1) }
            })
        }.get()
    }
}

extension Database {
    /// `prepared` for a statement that writes: within a request that claimed
    /// an `Idempotency-Key`, through `write`, so the claim is marked in the
    /// statement's transaction (`IdempotentWork`); alone otherwise (one round trip).
    func preparedWrite<Statement: PostgresPreparedStatement>(_ statement: Statement) async throws -> [Statement.Row]?
    where Statement.Row: Sendable, Statement: Sendable {
        guard IdempotentWork.current != nil, self is any PostgresDatabase else { return try await prepared(statement) }
        return try await write { try await $0.prepared(statement) }
    }
}

/// `UserRepository.session`: token, user, environment rules, consent, and
/// the user's verification record (what an attempt's compare-and-set expects).
struct SessionStatement: PostgresPreparedStatement {
    static let name = "verity.SessionStatement"
    /// The session's columns for token `$1`, user `$2`, environment `$3` at `$4`.
    static let select = """
        SELECT e.configuration::text AS configuration,
               CASE WHEN u.consented_at IS NOT NULL AND u.consent_withdrawn_at IS NULL THEN 1 ELSE 0 END AS consented,
               \(TokenSession.listeningColumn) AS listening,
               pk.wrapped_key,
               iv.achieved_method, iv.verified_at, iv.failed_attempts, iv.block, iv.required_override, iv.last_attempted_at
        FROM access_tokens t
        JOIN end_users u ON u.id = t.user_id
        JOIN environments e ON e.id = u.environment_id
        LEFT JOIN person_keys pk ON pk.user_id = u.id
        LEFT JOIN identity_verifications iv ON iv.user_id = u.id
        WHERE t.token_id_hash = $1 AND t.user_id = $2 AND u.environment_id = $3
          AND t.revoked_at IS NULL AND t.expires_at > $4
        """
    static let sql = select
    typealias Row = (String, Int, Int, ByteBuffer?, VerificationRecord?)

    var tokenHash: String
    var userID: UUID
    var environmentID: UUID
    var now: Int64

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 4)
        bindings.append(tokenHash)
        bindings.append(userID)
        bindings.append(environmentID)
        bindings.append(now)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        let (configuration, consented, listening, wrappedKey, achieved, verifiedAt, failed, block, override, lastAttempted) = try row.decode(
            (String, Int, Int, ByteBuffer?, String?, Int64?, Int?, String?, String?, Int64?).self)
        return (configuration, consented, listening, wrappedKey, Self.record(achieved, verifiedAt, failed, block, override, lastAttempted))
    }

    /// The record from `VerificationRepository.recordColumns` as the LEFT
    /// JOIN left them: nil when the user has none.
    static func record(_ achieved: String?, _ verifiedAt: Int64?, _ failed: Int?, _ block: String?, _ override: String?,
                       _ lastAttempted: Int64?) -> VerificationRecord? {
        guard let achieved, let failed else { return nil }
        return VerificationRepository.record(from: (achieved, verifiedAt, failed, block, override, lastAttempted))
    }
}

/// `SessionStatement` with the request counted in its token's rate-limit
/// window in the same round trip (`RateLimitHitStatement`'s upsert as a
/// CTE). The count comes back whether or not the session is live: the
/// token's signature was checked before, so only a revoked or expired
/// token's request is counted for nothing.
struct CountedSessionStatement: PostgresPreparedStatement {
    static let name = "verity.CountedSessionStatement"
    static let sql = """
        WITH hit AS (
          INSERT INTO rate_limit_windows (id, key_id, product, window_start, count) VALUES ($5, $6, $7, $8, 1)
          ON CONFLICT (key_id, product, window_start) DO UPDATE SET count = rate_limit_windows.count + 1
          RETURNING count)
        SELECT hit.count, s.*
        FROM hit LEFT JOIN (\(SessionStatement.select)) s ON true
        """
    static let bindingDataTypes: [PostgresDataType] = [.text, .uuid, .uuid, .int8, .uuid, .uuid, .text, .int8]
    /// The window's count, and the session's row when it is live.
    typealias Row = (count: Int, session: SessionStatement.Row?)

    var session: SessionStatement
    var hit: RateLimitRepository.Hit

    func makeBindings() throws -> PostgresBindings {
        var bindings = try session.makeBindings()
        bindings.append(UUID.random())
        bindings.append(hit.keyID)
        bindings.append(hit.product)
        bindings.append(hit.windowStart)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        let (count, configuration, consented, listening, wrappedKey, achieved, verifiedAt, failed, block, override, lastAttempted) = try row.decode(
            (Int, String?, Int?, Int?, ByteBuffer?, String?, Int64?, Int?, String?, String?, Int64?).self)
        guard let configuration, let consented, let listening else { return (count, nil) }
        return (count, (configuration, consented, listening, wrappedKey,
                        SessionStatement.record(achieved, verifiedAt, failed, block, override, lastAttempted)))
    }
}

/// `ReferenceRegistry.check`: sealed records filed under one blind index.
struct RegistryLookupStatement: PostgresPreparedStatement {
    static let name = "verity.RegistryLookupStatement"
    static let sql = "SELECT id, sealed_record FROM registry_records WHERE lookup_index = $1"
    typealias Row = (UUID, ByteBuffer)

    var lookupIndex: String

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(lookupIndex)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode((UUID, ByteBuffer).self) }
}

/// `RateLimitRepository.hit`: one request counted in its window.
struct RateLimitHitStatement: PostgresPreparedStatement {
    static let name = "verity.RateLimitHitStatement"
    static let sql = """
        INSERT INTO rate_limit_windows (id, key_id, product, window_start, count) VALUES ($1, $2, $3, $4, 1)
        ON CONFLICT (key_id, product, window_start) DO UPDATE SET count = rate_limit_windows.count + 1
        RETURNING count
        """
    static let bindingDataTypes: [PostgresDataType] = [.uuid, .uuid, .text, .int8]
    typealias Row = Int

    var id: UUID
    var keyID: UUID
    var product: String
    var windowStart: Int64

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 4)
        bindings.append(id)
        bindings.append(keyID)
        bindings.append(product)
        bindings.append(windowStart)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Int.self) }
}

/// `WebhookOutbox.publish`: one event, marked for the dispatcher's fan-out,
/// when an enabled endpoint of its environment wants its type; nothing
/// otherwise. Returns the event's id when it was written.
struct PublishEventStatement: PostgresPreparedStatement {
    static let name = "verity.PublishEventStatement"
    static let sql = """
        INSERT INTO webhook_events (id, environment_id, user_id, type, data, created_at, fan_out_pending)
        SELECT $1, $2, $3, $4, $5, $6, 1
        WHERE EXISTS (SELECT 1 FROM webhook_endpoints
                      WHERE environment_id = $2 AND status = \(SQLText.literal(WebhookEndpointModel.Status.enabled)) AND position(',' || $4 || ',' in ',' || event_types || ',') > 0)
        RETURNING id
        """
    static let bindingDataTypes: [PostgresDataType] = [.uuid, .uuid, .uuid, .text, .bytea, .int8]
    typealias Row = UUID

    var id: UUID
    var environmentID: UUID
    var userID: UUID?
    var type: String
    var data: Data
    var now: Int64

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 6)
        bindings.append(id)
        bindings.append(environmentID)
        bindings.append(userID)
        bindings.append(type)
        bindings.append(ByteBuffer(bytes: data))
        bindings.append(now)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(UUID.self) }
}

/// `DocumentCheckRepository.state`: a user's document status, capture link
/// and newest check (`UserDocumentState`).
struct UserDocumentStateStatement: PostgresPreparedStatement {
    static let name = "verity.UserDocumentStateStatement"
    static let sql = UserDocumentState.select + " $1"
    static let bindingDataTypes: [PostgresDataType] = [.uuid]
    typealias Row = UserDocumentState

    var userID: UUID

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(userID)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row { UserDocumentState(try row.decode(UserDocumentState.Row.self)) }
}
