import Fluent
import Foundation
import NIOConcurrencyHelpers
import Vapor
import VerityCore
import VerityStore

/// What stands before a sign-in's bcrypt check, so that guessing costs the
/// guesser and not the operators:
///
/// - each client address may try `attemptsPerAddressPerMinute` times a
///   minute (counted in the database under a keyed index of the address,
///   so every server shares the count and no address is stored); beyond,
///   429 before anything is hashed;
/// - at most `hashingCapacity` checks wait for or run on the hashing thread
///   at once, per server (`ServerDependencies.signInHashing`; one per
///   application, not per process, so servers sharing a process, as the
///   test suites' do, do not shed each other's sign-ins); beyond, 503 with
///   `Retry-After`, so a flood is shed instead of queued behind the real
///   operators;
/// - a browser an operator signed in from before carries a device cookie
///   (`knownDevice`): the waits an account's failures bring do not apply to
///   it, so a stranger's wrong passwords cannot keep the operator out.
package struct SignInGuard: Sendable {
    static let attemptsPerAddressPerMinute = 20
    package static let hashingCapacity = 8

    /// The client as far as sign-in knows it.
    package struct Client: Sendable {
        package var address: String?
        /// The device cookie's value, when the browser sent one.
        package var device: String?

        package init(address: String? = nil, device: String? = nil) {
            self.address = address
            self.device = device
        }
    }

    /// Checks waiting for or running on the hashing thread, at most `capacity`.
    package final class HashingQueue: Sendable {
        package let capacity: Int
        private let inFlight = NIOLockedValueBox(0)

        package init(capacity: Int) { self.capacity = capacity }

        package func run<T: Sendable>(_ check: () async throws -> T) async throws -> T {
            let admitted = inFlight.withLockedValue { count in
                guard count < capacity else { return false }
                count += 1
                return true
            }
            guard admitted else { throw OperatorAccounts.Refusal.busy }
            defer { inFlight.withLockedValue { $0 -= 1 } }
            return try await check()
        }
    }

    /// Counts the attempt against its address; `Refusal.throttled` past the limit.
    package static func admit(_ client: Client, db: any Database, protector: DataProtector, now: Int64) async throws {
        guard let address = client.address else { return }
        let key = UUID(naming: protector.blindIndex(address, domain: "console-sign-in-address"))
        let counted = try await RateLimitRepository(db: db).hit(keyID: key, product: "console-sign-in", now: now)
        guard counted.count <= attemptsPerAddressPerMinute else {
            throw OperatorAccounts.Refusal.throttled(retryAfterSeconds: max(1, Int((counted.windowEnds - now + 999) / 1000)))
        }
    }

    /// A device cookie for `operatorID`: a nonce and its keyed MAC, so the
    /// server knows the browser without storing anything.
    package static func deviceCookie(operatorID: UUID, protector: DataProtector) -> String {
        let nonce = DataProtector.base64URL(DataProtector.randomBytes(16))
        return nonce + "." + mac(operatorID: operatorID, nonce: nonce, protector)
    }

    /// Whether `cookie` is one this deployment gave a browser after `operatorID` signed in there.
    static func knownDevice(_ cookie: String?, operatorID: UUID, protector: DataProtector) -> Bool {
        guard let cookie, cookie.utf8.count <= 200 else { return false }
        let parts = cookie.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return false }
        return DataProtector.constantTimeEqual(mac(operatorID: operatorID, nonce: parts[0], protector), parts[1])
    }

    private static func mac(operatorID: UUID, nonce: String, _ protector: DataProtector) -> String {
        protector.blindIndex("\(operatorID.uuidString.lowercased())|\(nonce)", domain: "console-device")
    }
}
