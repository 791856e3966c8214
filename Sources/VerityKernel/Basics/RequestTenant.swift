import Foundation
import Vapor

/// The tenant environment a request's credential opened, set by each
/// surface's authenticator: what the server's shared resources (large-body
/// slots) count a request against, whichever credential it came with.
extension Request {
    package var tenantEnvironmentID: UUID? {
        get { storage[RequestTenantKey.self] }
        set { storage[RequestTenantKey.self] = newValue }
    }
}

private enum RequestTenantKey: StorageKey { typealias Value = UUID }
