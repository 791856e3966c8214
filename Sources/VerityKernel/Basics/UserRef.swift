import VerityAPI
import VerityCore

/// The tenant's own name for one of its users, as every surface takes it
/// (the admin API's path, the console's search).
package enum UserRef {
    /// `ref` when it can name a user: not empty, at most
    /// `AdminRoute.maxUserRefLength` characters, no control characters.
    package static func validated(_ ref: String) throws -> String {
        guard !ref.isEmpty else { throw VerityError.invalid("userRef", "userRef must not be empty") }
        guard ref.count <= AdminRoute.maxUserRefLength else {
            throw VerityError.invalid("userRef", "userRef must be at most \(AdminRoute.maxUserRefLength) characters")
        }
        guard !ref.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw VerityError.invalid("userRef", "userRef must not contain control characters")
        }
        return ref
    }
}
