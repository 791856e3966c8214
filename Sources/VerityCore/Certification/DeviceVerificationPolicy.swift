/// The rules of device verification by SMS code: how long a code lives, how
/// many guesses it allows, how often codes may be sent, and when wrong codes
/// lock the user. Times are epoch milliseconds.
public struct DeviceVerificationPolicy: Sendable, Equatable {
    public var codeLength = 6
    public var codeLifetimeMilliseconds: Int64 = 10 * 60 * 1000
    /// Guesses one code allows before a new one must be requested.
    public var attemptsPerCode = 3
    /// Codes that may be sent in `requestWindowMilliseconds`.
    public var requestsPerWindow = 5
    public var requestWindowMilliseconds: Int64 = 60 * 60 * 1000
    /// Wrong codes in a row, across codes, after which the user is locked until an operator unlocks them.
    public var wrongCodesBeforeLock = 10

    public init() {}

    /// Throws `DEVICE_VERIFICATION_LIMIT` when too many codes were sent recently.
    public func checkRequest(now: Int64, previousRequests: [Int64]) throws(VerityError) {
        let recent = previousRequests.filter { now - $0 < requestWindowMilliseconds }
        guard recent.count < requestsPerWindow else {
            let oldest = recent.min() ?? now
            let minutes = max(1, (oldest + requestWindowMilliseconds - now + 59_999) / 60_000)
            throw VerityError(.deviceVerificationLimit, "Too many verification codes were requested; try again in \(minutes) minutes.")
        }
    }

    /// A new code of `codeLength` digits from a cryptographically secure `randomDigit` (0…9).
    public func newCode(randomDigit: () -> Int) -> String {
        (0..<codeLength).map { _ in String(randomDigit() % 10) }.joined()
    }

    /// Checks the shape of a submitted code before it is compared: a malformed code costs no attempt.
    public func parse(_ submitted: String) throws(VerityError) -> String {
        let trimmed = submitted.filter { $0 != " " }
        guard trimmed.count == codeLength, trimmed.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw VerityError(.validationError, "The verification code has \(codeLength) digits.", field: "verificationCode")
        }
        return trimmed
    }

    /// The state of the code last sent to a device.
    public struct Challenge: Sendable, Equatable {
        public var issuedAt: Int64
        public var attempts: Int

        public init(issuedAt: Int64, attempts: Int = 0) {
            self.issuedAt = issuedAt
            self.attempts = attempts
        }
    }

    public enum Outcome: Sendable, Equatable {
        case verified
        /// Wrong; `attemptsLeft` more guesses on this code.
        case wrongCode(attemptsLeft: Int)
        /// The code is too old or its guesses are used up: request a new one.
        case expired
        /// Too many wrong codes in a row: the user is locked.
        case locked

        /// The error a client sees for every outcome but `verified`.
        public var error: VerityError? {
            switch self {
            case .verified: nil
            case .wrongCode(let left):
                VerityError(.validationError, "The verification code is wrong; \(left) attempt\(left == 1 ? "" : "s") left.", field: "verificationCode")
            case .expired: VerityError(.expiredVerificationCode, "The verification code has expired; request a new one.")
            case .locked: VerityError(.userLocked, "Too many wrong verification codes: the user is locked until an operator unlocks them.")
            }
        }
    }

    /// Decides a guess. `matches`: whether the submitted code equals the stored
    /// one (compared by hash in constant time by the caller); `wrongInARow`:
    /// wrong codes since the last success, this one not included.
    public func evaluate(challenge: Challenge?, matches: Bool, now: Int64, wrongInARow: Int) -> Outcome {
        guard let challenge, now - challenge.issuedAt < codeLifetimeMilliseconds, challenge.attempts < attemptsPerCode else {
            return .expired
        }
        if matches { return .verified }
        if wrongInARow + 1 >= wrongCodesBeforeLock { return .locked }
        return .wrongCode(attemptsLeft: max(0, attemptsPerCode - challenge.attempts - 1))
    }
}
