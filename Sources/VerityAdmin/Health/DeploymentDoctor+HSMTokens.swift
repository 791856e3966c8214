import VerityAPI
import VerityStore

extension DeploymentDoctor {
    /// Level 4 takes a token `verity hsm provision` made: with none free,
    /// every level-4 certification is refused. Tokens no one needs wait for
    /// `verity hsm wipe`, the only holder of the SO PIN (issue 47, finding 15).
    func hsmTokens() async -> HealthCheck {
        let tokens = HSMTokenInventory(db: db)
        do {
            let free = try await tokens.freeCount()
            let waiting = try await tokens.waitingToBeWiped(now: clock.nowMillis()).count
            let wipe = waiting == 0 ? "none waiting to be wiped" : "\(waiting) waiting to be wiped: run `verity hsm wipe`"
            guard free > 0 else {
                return HealthCheck(name: "hsm tokens", status: "failing",
                                   detail: "no token is free, so level 4 is refused: run `verity hsm provision --count N`; \(wipe)")
            }
            return HealthCheck(name: "hsm tokens", status: "ok", detail: "\(free) free; \(wipe)")
        } catch {
            return HealthCheck(name: "hsm tokens", status: "failing", detail: "\(error)")
        }
    }
}
