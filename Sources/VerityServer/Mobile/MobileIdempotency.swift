import Crypto
import Foundation
import Vapor
import VerityCore
import VerityStore

/// `Idempotency-Key` on the mobile API's POSTs: the first request with a key
/// does the work and its answer is kept (sealed, 24 hours); a retry with the
/// same key and the same request gets that answer again and is not charged
/// twice. A server failure (5xx) keeps nothing, so a retry does the work.
/// The key is per client key: two apps cannot collide.
struct MobileIdempotency: Sendable {
    let protector: DataProtector
    let clock: VerityClock

    static let header = "Idempotency-Key"

    func run(_ request: Request, _ work: () async throws -> Response) async throws -> Response {
        guard let key = request.headers.first(name: Self.header) else { return try await answer(request, work) }
        guard (1...255).contains(key.utf8.count), key.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x21 && $0.value < 0x7f }) else {
            throw VerityError.invalid(Self.header, "an Idempotency-Key is 1–255 visible ASCII characters")
        }
        let context = try request.mobileContext()
        let repository = IdempotencyRepository(db: request.db)
        let keyHash = DataProtector.hashSecret(key)
        switch try await repository.claim(clientKeyID: context.keyID, keyHash: keyHash, requestHash: Self.fingerprint(request),
                                          now: clock.nowMillis()) {
        case .answered(let status, let sealed):
            let response = Response(status: HTTPResponseStatus(statusCode: status), body: .init(data: try protector.open(sealed)))
            response.headers.contentType = .json
            response.headers.replaceOrAdd(name: "Idempotent-Replayed", value: "true")
            return response
        case .inProgress:
            throw VerityError(.idempotencyKeyInUse, "a request with this Idempotency-Key is still running: retry shortly")
        case .otherRequest:
            throw VerityError(.idempotencyKeyReused, "this Idempotency-Key was used for a different request", field: Self.header)
        case .claimed:
            let response = try await answer(request, work)
            guard response.status.code < 500, let body = response.body.data else {
                try await repository.release(clientKeyID: context.keyID, keyHash: keyHash)
                return response
            }
            try await repository.answer(clientKeyID: context.keyID, keyHash: keyHash, status: Int(response.status.code),
                                        sealedBody: try protector.seal(body))
            return response
        }
    }

    /// The work's answer, an error rendered as the mobile surface renders it.
    private func answer(_ request: Request, _ work: () async throws -> Response) async throws -> Response {
        do {
            return try await work()
        } catch {
            return try MobileErrorMiddleware.response(for: error, request: request)
        }
    }

    /// What makes two requests the same: method, path, session and body.
    static func fingerprint(_ request: Request) -> String {
        var hasher = SHA256()
        hasher.update(data: Data("\(request.method.rawValue) \(request.url.path)\n".utf8))
        hasher.update(data: Data((request.headers.first(name: MobileContext.sessionHeader) ?? "").utf8))
        if let body = request.body.data { hasher.update(data: Data(buffer: body)) }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
