import Vapor

/// Drains the issuance queue every few seconds while the server runs: picks
/// up jobs another server left (its lease ran out) and retries after failures.
final class IssuerPoller: LifecycleHandler, @unchecked Sendable {
    let issuer: CertificateIssuer
    private var task: Task<Void, Never>?

    init(issuer: CertificateIssuer) { self.issuer = issuer }

    func didBoot(_ application: Application) throws {
        let issuer = issuer
        task = Task {
            while !Task.isCancelled {
                await issuer.drain()
                try? await Task.sleep(for: .seconds(2))
            }
        }
    }

    /// Runs even when the application never booted (tests start the server
    /// directly): requests may have kicked the issuer.
    func shutdownAsync(_ application: Application) async {
        task?.cancel()
        await task?.value
        await issuer.stop()
    }
}
