import Foundation

/// The rules an operator's sign-in name and password must meet, and the
/// wait that follows one client's repeated failures. Checked before anything is hashed
/// or stored, so a bad value is a clear `INVALID_INPUT` naming its field.
public enum OperatorCredentialRules {
    /// Bcrypt reads at most 72 bytes: a longer password would be silently
    /// cut, so it is refused instead.
    public static let passwordBytes = 12...72
    public static let emailLength = 3...254

    /// Consecutive failed sign-ins of one account from one client (a known
    /// device, else an address) after which that client waits between
    /// attempts: 30 s, doubling with each further failure, 15 minutes at most.
    /// Never a lock of the account: a stranger keeps only themselves waiting.
    public static let failuresBeforeLock = 5
    public static let lockMilliseconds: Int64 = 15 * 60_000

    /// How long the account waits after `failures` in a row (0 below the threshold).
    public static func delayMilliseconds(afterFailures failures: Int) -> Int64 {
        guard failures >= failuresBeforeLock else { return 0 }
        let doublings = min(failures - failuresBeforeLock, 10)
        return min(30_000 << Int64(doublings), lockMilliseconds)
    }

    /// The address lower-cased and trimmed, or an error naming `email`.
    public static func normalisedEmail(_ raw: String) throws(VerityError) -> String {
        let email = raw.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard emailLength.contains(email.count) else {
            throw VerityError.invalid("email", "an operator's e-mail address has \(emailLength.lowerBound) to \(emailLength.upperBound) characters")
        }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
              email.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && !"<>\"'(),;:\\[]".unicodeScalars.contains($0) })
        else { throw VerityError.invalid("email", "this is not an e-mail address") }
        return email
    }

    /// Throws unless `password` is long enough and not too long for bcrypt.
    public static func check(password: String) throws(VerityError) {
        let bytes = password.utf8.count
        guard bytes >= passwordBytes.lowerBound else {
            throw VerityError.invalid("password", "a password has at least \(passwordBytes.lowerBound) characters")
        }
        guard bytes <= passwordBytes.upperBound else {
            throw VerityError.invalid("password", "a password has at most \(passwordBytes.upperBound) bytes (bcrypt reads no further)")
        }
    }
}
