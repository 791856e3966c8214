import Fluent
import Foundation
import Vapor
import VerityAPI
import VerityCore
import VerityKernel
import VerityStore

/// What a publishable key admitted: its environment and scopes.
package struct MobileContext: Sendable {
    static let sessionHeader = WireHeader.mobileSession

    let keyID: UUID
    let kind: ClientKeyKind
    let scopes: [MobileProduct]
    package let environment: EnvironmentModel
    /// The request's database handle (its event loop's pool) and logger (its
    /// request id): the services, built once at start-up, work through these.
    let db: any Database
    package let logger: Logger

    package var environmentID: UUID { environment.id! }
    var environmentKind: String { kind == .demo ? "demo" : environment.kind.rawValue }
    var isDemo: Bool { kind == .demo }

    /// `SCOPE_NOT_AUTHORIZED` unless the key may run `product`.
    func require(_ product: MobileProduct) throws {
        guard scopes.contains(product) else {
            throw VerityError(.scopeNotAuthorized, "this client key's scopes do not include \(product.rawValue)")
        }
    }
}

enum MobileContextKey: StorageKey { package typealias Value = MobileContext }

extension Request {
    /// The product a `/api/mobile/v1/{product}/…` path names, as written (nil when none).
    var mobilePathProduct: String? { url.path.split(separator: "/").dropFirst(MobileRoute.prefix.count).first.map(String.init) }

    func mobileContext() throws -> MobileContext {
        guard let context = storage[MobileContextKey.self] else { throw VerityError(.invalidClientKey, "a client key is required") }
        return context
    }
}

/// Admits requests with a live publishable key in `Authorization: ClientKey …`
/// or `X-Client-Key`. A key in the query string is refused even when it is
/// valid (keys in URLs end up in logs and histories); one in a body is refused
/// by `MobileBody`, once the body has arrived.
struct ClientKeyMiddleware: AsyncMiddleware {
    /// Checks each key's binding to its row (`CredentialBinding`).
    let protector: DataProtector

    static let headerHelp = "send the client key in a header: Authorization: ClientKey <key>, or X-Client-Key: <key>"

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        if request.url.query.map(Self.namesAKey) == true {
            throw VerityError(.invalidClientKey, "a clientKey in the query string or body is not accepted: \(Self.headerHelp)")
        }
        guard let key = Self.headerKey(request.headers), !key.isEmpty else {
            throw VerityError(.invalidClientKey, "no client key: \(Self.headerHelp)")
        }
        guard let admitted = try await ClientKeyRepository(db: request.db).authenticate(key, protector: protector),
              KeyBinding.intact(admitted.intact, request.logger) else {
            throw VerityError(.invalidClientKey, "the client key is not valid or was revoked")
        }
        request.logger[metadataKey: "environment_id"] = .string(admitted.environment.id?.uuidString ?? "")
        request.tenantEnvironmentID = admitted.environment.id
        request.storage[MobileContextKey.self] = MobileContext(keyID: admitted.keyID, kind: admitted.kind, scopes: admitted.scopes,
                                                               environment: admitted.environment, db: request.db, logger: request.logger)
        return try await EngineTenant.serving(admitted.environment.id) { try await next.respond(to: request) }
    }

    static func headerKey(_ headers: HTTPHeaders) -> String? {
        if let authorization = headers.first(name: .authorization) {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "clientkey" { return parts[1].trimmingCharacters(in: .whitespaces) }
        }
        return headers.first(name: WireHeader.clientKey)?.trimmingCharacters(in: .whitespaces)
    }

    static func namesAKey(_ query: String) -> Bool {
        query.split(separator: "&").contains { pair in
            let name = pair.split(separator: "=", maxSplits: 1).first.map { String($0).lowercased() } ?? ""
            return name == "clientkey" || name == "client_key"
        }
    }

}
