import VerityAPI

/// The HSM's readiness check, kept for a few seconds: `/readyz` is public,
/// and each check opens a session on the token (and logs in with its PIN),
/// so a stranger polling it must not be able to make the server do that at
/// will. Probes that come while one runs wait for its answer.
actor HSMCheck {
    private let probe: @Sendable () async -> HealthCheck
    private let keepFor: Duration
    private var kept: (result: HealthCheck, until: ContinuousClock.Instant)?
    private var running: Task<HealthCheck, Never>?

    init(keepFor: Duration = .seconds(5), probe: @escaping @Sendable () async -> HealthCheck) {
        self.keepFor = keepFor
        self.probe = probe
    }

    func check() async -> HealthCheck {
        if let kept, kept.until > .now { return kept.result }
        if let running { return await running.value }
        let task = Task { await probe() }
        running = task
        let result = await task.value
        kept = (result, .now + keepFor)
        running = nil
        return result
    }
}
