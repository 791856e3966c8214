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

    func shutdown(_ application: Application) {
        task?.cancel()
    }
}
