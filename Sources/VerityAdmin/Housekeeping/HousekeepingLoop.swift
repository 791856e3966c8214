import Logging
import Vapor
import VerityKernel

/// Runs `Housekeeping` once a minute while the server is up. A sweep that
/// fails is logged and tried again at the next minute.
package final class HousekeepingLoop: LifecycleHandler, @unchecked Sendable {
    let housekeeping: Housekeeping
    let clock: VerityClock
    package let logger: Logger
    static let interval: Duration = .seconds(60)
    private var loop: Task<Void, Never>?

    package init(housekeeping: Housekeeping, clock: VerityClock, logger: Logger) {
        self.housekeeping = housekeeping
        self.clock = clock
        self.logger = logger
    }

    package func didBoot(_ application: Application) throws {
        loop = Task { [housekeeping, clock, logger] in
            while !Task.isCancelled {
                do {
                    let swept = try await housekeeping.sweep(now: clock.nowMillis())
                    if swept != Housekeeping.Swept() {
                        logger.info("housekeeping", metadata: ["mobile_sessions": .stringConvertible(swept.mobileSessions),
                                                               "idempotency_keys": .stringConvertible(swept.idempotencyKeys),
                                                               "abandoned_attempts": .stringConvertible(swept.abandonedAttempts)])
                    }
                } catch {
                    logger.warning("housekeeping failed", metadata: ["error": .string(String(describing: type(of: error)))])
                }
                try? await Task.sleep(for: Self.interval)
            }
        }
    }

    package func shutdownAsync(_ application: Application) async {
        loop?.cancel()
        await loop?.value
    }
}
