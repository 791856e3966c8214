import Crypto
import Foundation
import Vapor
import VerityAPI
import VerityCore
import VerityStore

/// `Idempotency-Key` on a POST: the first request with a key does the work
/// and its answer is kept (sealed, 24 hours, in the database so every server
/// sees it); a retry with the same key and the same request gets that answer
/// again (`Idempotent-Replayed: true`) without the work being done twice. The
/// same key on another request is 422 `IDEMPOTENCY_KEY_REUSED`; while the
/// first still runs, 409 `IDEMPOTENCY_KEY_IN_USE`. A server failure (5xx)
/// keeps nothing, so a retry does the work; so does a retry after a claim
/// nobody said was alive for 20 s (its server died mid-request: `HeldClaims`
/// says a running request's claim alive). Keys are per scope (a user, an
/// environment's secret keys, a client key): two callers cannot collide.
/// A claim the database was away to give up or answer is given up once it is
/// back (`HeldClaims`).
package struct Idempotency: Sendable {
    let protector: DataProtector
    let clock: VerityClock
    let claims: HeldClaims

    static let header = WireHeader.idempotencyKey

    /// How a surface renders an error its work threw (the answer kept is the one the client saw).
    package typealias ErrorRenderer = @Sendable (any Error, Request) async throws -> Response

    /// Runs `work` for `request` under its key within `scope`; requests
    /// without the header, and any other method than POST, run as they are.
    /// `alsoFingerprint`: request headers that make two requests different
    /// beside method, path and body (the mobile API's session).
    package func run(_ request: Request, scope: UUID, alsoFingerprint: [String] = [], renderError: ErrorRenderer,
             _ work: () async throws -> Response) async throws -> Response {
        guard request.method == .POST, let key = request.headers.first(name: Self.header) else { return try await work() }
        guard (1...255).contains(key.utf8.count), key.unicodeScalars.allSatisfy({ $0.value >= 0x21 && $0.value < 0x7f }) else {
            throw VerityError.invalid(Self.header, "an Idempotency-Key is 1–255 visible ASCII characters")
        }
        // The body is part of the request's fingerprint: read it now, within the route's own limit.
        try await request.collectBody()
        let repository = IdempotencyRepository(db: request.db)
        let keyHash = DataProtector.hashSecret(key)
        let digest = Self.digest(request, alsoFingerprint), now = clock.nowMillis()
        // Claims made before fingerprints were keyed hold the digest itself
        // (for 24 hours at most), and those made before a rotation of the
        // derived keys their fingerprint under the retiring keys: a retry
        // across either still matches.
        let fingerprints = Self.fingerprints(digest: digest, protector, now: now)
        switch try await repository.claim(scopeID: scope, keyHash: keyHash, requestHash: fingerprints[0],
                                          alsoMatching: fingerprints.dropFirst() + [digest], now: now, protector: protector) {
        case .answered(let status, let body):
            let response = Response(status: HTTPResponseStatus(statusCode: status), body: .init(data: body))
            response.headers.contentType = .json
            response.headers.replaceOrAdd(name: "Idempotent-Replayed", value: "true")
            return response
        case .inProgress:
            throw VerityError(.idempotencyKeyInUse, "a request with this Idempotency-Key is still running: retry shortly")
        case .otherRequest:
            throw VerityError(.idempotencyKeyReused, "this Idempotency-Key was used for a different request", field: Self.header)
        case .answerLost:
            throw VerityError(.idempotencyAnswerLost, """
                the request with this Idempotency-Key was done, but its server stopped before answering: \
                it is not done again; read its result instead
                """)
        case .claimed(let claim):
            let response: Response
            do {
                // Every write the work makes marks the claim's work committed, in its transaction.
                response = try await claims.holding(claim) {
                    try await IdempotentWork.$current.withValue(claim) { try await work() }
                }
            } catch {
                let rendered = try await renderError(error, request)
                guard rendered.status.code < 500 else {
                    // Verity's own fault (or the database's absence): nothing
                    // is kept, and the surface's error middleware renders (and
                    // logs) it as ever.
                    await claims.release(claim, on: request.db)
                    throw error
                }
                response = rendered
            }
            guard response.status.code < 500, let body = response.body.data else {
                await claims.release(claim, on: request.db)
                return response
            }
            do {
                try await repository.answer(claim, status: Int(response.status.code), body: body, protector: protector)
            } catch {
                // The work is done and this client gets its answer; a retry
                // will learn it was lost, once the database is back.
                claims.later(claim, error)
            }
            return response
        }
    }

    /// The request's fingerprint as stored: keyed like every index
    /// (`DataProtector.blindIndex`), so a copy of the database cannot confirm
    /// a guess at a request's body (names, dates of birth, user references).
    static func fingerprints(digest: String, _ protector: DataProtector, now: Int64) -> [String] {
        protector.blindIndexes(digest, domain: "idempotency-request", now: now)
    }

    /// What makes two requests the same: method, path, the named headers and
    /// the body. A JSON body counts by its content, not its spelling: a client
    /// that encodes its retry again may order the keys differently (Foundation's
    /// encoder on Linux does) or space them otherwise, and it is the same request.
    static func digest(_ request: Request, _ headers: [String]) -> String {
        var hasher = SHA256()
        hasher.update(data: Data("\(request.method.rawValue) \(request.url.path)\n".utf8))
        for name in headers { hasher.update(data: Data("\(request.headers.first(name: name) ?? "")\n".utf8)) }
        if let body = request.body.data { hasher.update(data: canonical(Data(buffer: body))) }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }

    /// `body` with its JSON keys sorted and no spacing; anything that is not
    /// JSON as it came.
    static func canonical(_ body: Data) -> Data {
        guard let value = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]),
              let sorted = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
        else { return body }
        return sorted
    }

    init(protector: DataProtector, clock: VerityClock, claims: HeldClaims) {
        self.protector = protector
        self.clock = clock
        self.claims = claims
    }
}

extension Idempotency {
    /// For the `/v1` and `/admin/v1` surfaces: errors as `APIErrorMiddleware` renders them.
    package func run(_ request: Request, scope: UUID, _ work: () async throws -> Response) async throws -> Response {
        try await run(request, scope: scope, renderError: { error, request in
            APIErrorMiddleware.response(for: APIErrorMiddleware.verityError(for: error), request: request)
        }, work)
    }
}
