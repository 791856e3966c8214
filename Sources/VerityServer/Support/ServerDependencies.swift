import Fluent
import VerityCore
import Vapor
import VerityStore

/// What route collections need, built once by `configure`.
struct ServerDependencies: Sendable {
    let settings: Settings
    let protector: DataProtector
    let clock: VerityClock
    let tokens: UserTokenService
    let dataSources: DataSourceProvider
}

/// Route components from a typed route's path (see `VerityAPI.Routes`).
func routePath(_ components: [String]) -> [PathComponent] {
    components.map { PathComponent(stringLiteral: $0) }
}

extension Request {
    /// The `userRef` path parameter, percent-decoded by the router.
    func userRef() throws -> String {
        guard let ref = parameters.get("userRef") else { throw VerityError(.invalidInput, "userRef is required", field: "userRef") }
        return ref.removingPercentEncoding ?? ref
    }
}
