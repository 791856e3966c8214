import Vapor
import VerityCore

/// Route components from a typed route's path (see `VerityAPI.Routes`).
package func routePath(_ components: [String]) -> [PathComponent] {
    components.map { PathComponent(stringLiteral: $0) }
}

extension Request {
    /// The `userRef` path parameter. The router has already percent-decoded
    /// it once; decoding again would make "a%41b" the same user as "aAb".
    package func userRef() throws -> String {
        guard let ref = parameters.get(.userRef) else { throw VerityError(.invalidInput, "userRef is required", field: "userRef") }
        return ref
    }
}
