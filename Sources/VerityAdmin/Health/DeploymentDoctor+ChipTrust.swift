import VerityAPI
import VerityStore

extension DeploymentDoctor {
    /// A CSCA that ends within this is named: a state's new CSCA must be
    /// trusted before its passports arrive.
    static let cscaWarningMilliseconds: Int64 = 90 * 86_400_000

    /// The chip trust store: revocation lists past their next update (a
    /// withdrawn Document Signer would go unseen) and CSCAs that end soon.
    /// A warning, not a failure: chips still verify against what is trusted.
    func chipTrust() async -> HealthCheck {
        do {
            let health = try await ChipTrustRepository(db: db).health(now: clock.nowMillis(), soon: Self.cscaWarningMilliseconds)
            var problems: [String] = []
            if health.staleLists > 0 {
                problems.append("\(health.staleLists) CSCA revocation list(s) are past their next update: import the current ones (`verity chip trust import`)")
            }
            if health.expiringCertificates > 0 {
                problems.append("\(health.expiringCertificates) trusted CSCA(s) end within 90 days: import their states' newer master lists or CSCAs")
            }
            guard !problems.isEmpty else { return HealthCheck(name: "chip trust", status: "ok", detail: "no stale revocation list, no CSCA ending soon") }
            return HealthCheck(name: "chip trust", status: "warning", detail: problems.joined(separator: "; "))
        } catch {
            return HealthCheck(name: "chip trust", status: "failing", detail: "\(error)")
        }
    }
}
