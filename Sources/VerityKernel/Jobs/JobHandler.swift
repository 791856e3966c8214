import Foundation

/// What one kind of job does to its subject. A job may run again after a
/// crash (its lease ran out), so a handler is idempotent: it checks the
/// subject's state before acting and does nothing twice.
package protocol JobHandler: Sendable {
    /// The `kind` of the jobs it runs, e.g. `certificate.issue`.
    var kind: String { get }
    /// Runs, including the first, before a retryable failure is given up.
    var maximumAttempts: Int { get }
    /// Does the work. A `VerityError` that is not retryable gives the job up at once.
    func run(subject: UUID) async throws
    /// The job was given up (refused, or out of attempts): settle the subject.
    func gaveUp(subject: UUID, reason: String) async
    /// How long to wait before the next run after `attempts` runs failed.
    func retryDelayMilliseconds(afterAttempt attempts: Int) -> Int64
}

extension JobHandler {
    /// 2 s, 4 s, 6 s, …: for work that is ours to finish soon.
    package func retryDelayMilliseconds(afterAttempt attempts: Int) -> Int64 { 2_000 * Int64(attempts) }
}
