import Fluent
import Foundation
import NIOConcurrencyHelpers
import Vapor
import VerityCore
import VerityStore

/// What stands before a sign-in's bcrypt check, so that guessing costs the
/// guesser and not the operators:
///
/// - each client may try `attemptsPerClientPerMinute` times a minute: a
///   browser with a live device cookie is counted as that device, any other
///   as its address (the proxy's word on it only when `VERITY_TRUSTED_PROXIES`
///   trusts the proxy). Counted in the database under a keyed index, so every
///   server shares the count and no address is stored; beyond, 429 before
///   anything is hashed;
/// - failures are counted per account and client (`clientIndex`): after
///   five in a row that client, and no other, waits between attempts, so a
///   stranger who knows an operator's address can keep only themselves out;
/// - at most `hashingCapacity` checks wait for or run on the hashing thread
///   at once, per server (`ServerDependencies.signInHashing`; one per
///   application, not per process, so servers sharing a process, as the
///   test suites' do, do not shed each other's sign-ins); beyond, 503 with
///   `Retry-After`, so a flood is shed instead of queued behind the real
///   operators;
/// - a browser an operator signed in from carries a device cookie, kept
///   server-side (`OperatorSignInRepository`) so the operator's page lists it
///   and it can be revoked: by the operator, by signing out on every device,
///   by a new password or second factor, and by disabling the operator.
package struct SignInGuard: Sendable {
    static let attemptsPerClientPerMinute = 20
    package static let hashingCapacity = 8
    /// How long a device stays known after the sign-in that made it.
    package static let deviceMilliseconds: Int64 = 90 * 86_400_000

    /// The client as far as sign-in knows it.
    package struct Client: Sendable {
        var address: String?
        /// The device cookie's value, when the browser sent one.
        var device: String?
        /// The browser's `User-Agent`, of which only a coarse label is kept (`DeviceLabel`).
        var userAgent: String?

        package init(address: String? = nil, device: String? = nil, userAgent: String? = nil) {
            self.address = address
            self.device = device
            self.userAgent = userAgent
        }
    }

    /// Checks waiting for or running on the hashing thread, at most `capacity`.
    package final class HashingQueue: Sendable {
        let capacity: Int
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

    /// Counts the attempt against its client: the live device its cookie
    /// names (whoever's it is), else its address; `Refusal.throttled` past
    /// the limit. Returns that device.
    static func admit(_ client: Client, db: any Database, protector: DataProtector, now: Int64) async throws -> OperatorDeviceModel? {
        var device: OperatorDeviceModel?
        if let cookie = client.device, !cookie.isEmpty, cookie.utf8.count <= 64 {
            device = try await OperatorSignInRepository(db: db).device(tokenHash: DataProtector.hashSecret(cookie), now: now)
        }
        let counted: String
        if let id = device?.id { counted = "device|\(id.uuidString.lowercased())" } else if let address = client.address { counted = address } else { return nil }
        let key = UUID(naming: protector.blindIndex(counted, domain: "console-sign-in-address"))
        let hit = try await RateLimitRepository(db: db).hit(keyID: key, product: "console-sign-in", now: now)
        guard hit.count <= attemptsPerClientPerMinute else {
            throw OperatorAccounts.Refusal.throttled(retryAfterSeconds: max(1, Int((hit.windowEnds - now + 999) / 1000)))
        }
        return device
    }

    /// Whose failures a failed sign-in of `operatorID` adds to: the operator's
    /// own device when the browser is one, else the client's address (or, with
    /// none, every address-less caller together), keyed so none is stored.
    static func clientIndex(operatorID: UUID, client: Client, knownDevice: OperatorDeviceModel?, _ protector: DataProtector) -> String {
        let who = knownDevice?.id.map { "device|\($0.uuidString.lowercased())" } ?? "address|\(client.address ?? "")"
        return protector.blindIndex("\(operatorID.uuidString.lowercased())|\(who)", domain: "console-sign-in-client")
    }

    /// A new device cookie's value (its SHA-256 is what is kept).
    static func newDeviceToken() -> String { DataProtector.base64URL(DataProtector.randomBytes(32)) }
}
