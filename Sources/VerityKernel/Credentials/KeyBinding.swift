import Logging

/// A key whose row was changed behind the server's back (its binding fails,
/// `CredentialBinding`) is answered like an unknown key, and said in the log
/// for the people who run the server.
package enum KeyBinding {
    package static func intact(_ holds: Bool, _ logger: Logger) -> Bool {
        if !holds { logger.error("a key's row is not bound to it (changed in the database?): refused") }
        return holds
    }
}
