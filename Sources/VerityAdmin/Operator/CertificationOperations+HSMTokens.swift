import Foundation
import VerityCore
import VerityPKI
import VerityStore

/// What `verity hsm provision` and `verity hsm wipe` do: the only holders of
/// the HSM's SO PIN (issue 47, finding 15). Servers hand provisioned tokens
/// to users and mark the ones no one needs; they never initialise or wipe.
extension CertificationOperations {
    public struct HSMTokenReport: Codable, Sendable, Equatable {
        public var provisioned = 0
        public var wiped = 0
        public var free = 0
        public var waitingToBeWiped = 0
    }

    /// Makes `count` tokens (1–1000), each under a random PIN kept sealed until a user takes the token.
    public func provisionHSMTokens(count: Int) async throws -> HSMTokenReport {
        guard (1...1_000).contains(count) else { throw VerityError(.validationError, "--count is 1–1000.", field: "count") }
        let (module, soPIN) = try hsmWithSecurityOfficer()
        let tokens = HSMTokenRepository(db: db, protector: protector)
        var report = HSMTokenReport()
        for _ in 0..<count {
            let label = "vp-" + DataProtector.randomBytes(13).hexString
            let pin = DataProtector.base64URL(DataProtector.randomBytes(18))
            try module.initialiseToken(label: label, soPIN: soPIN, userPIN: pin)
            try await tokens.recordProvisioned(label: label, pin: pin, now: clock.nowMillis())
            report.provisioned += 1
        }
        let inventory = HSMTokenInventory(db: db)
        report.free = try await inventory.freeCount()
        report.waitingToBeWiped = try await inventory.waitingToBeWiped(now: clock.nowMillis()).count
        return report
    }

    /// Destroys every token no one needs any more (uncertified, replaced, erased, or never finished).
    public func wipeHSMTokens() async throws -> HSMTokenReport {
        let (module, soPIN) = try hsmWithSecurityOfficer()
        let tokens = HSMTokenRepository(db: db, protector: protector)
        var report = HSMTokenReport()
        let inventory = HSMTokenInventory(db: db)
        for label in try await inventory.waitingToBeWiped(now: clock.nowMillis()) {
            if module.hasToken(label) { try module.wipeToken(label: label, soPIN: soPIN) }
            try await tokens.forget(label: label)
            report.wiped += 1
        }
        report.free = try await inventory.freeCount()
        report.waitingToBeWiped = try await inventory.waitingToBeWiped(now: clock.nowMillis()).count
        return report
    }

    private func hsmWithSecurityOfficer() throws -> (PKCS11Module, String) {
        guard let hsm = settings.hsm, let soPIN = hsm.securityOfficerPIN else {
            throw VerityError(.validationError, "This command needs the HSM and its SO PIN: set VERITY_HSM_MODULE and VERITY_HSM_SO_PIN.")
        }
        return (try PKCS11Module.shared(path: hsm.modulePath), soPIN)
    }
}
